import { ErrorBox } from "#client/components/error-box.tsx";
import { useDownloadMyData } from "./api/data-rights.ts";

/** GDPR Art. 15 and 20: everything stored about him, as one JSON file. */
export function DownloadDataSection() {
  const download = useDownloadMyData();
  return (
    <section aria-labelledby="data-heading" className="card mt-6">
      <h2 id="data-heading" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">
        One file (JSON) with everything we store about you: your account and when you accepted the terms, your run, quiz
        answers, mission, challenges, milestones, to-dos, token use, subscription and waitlist entry, and your sign-ins.
        Your password and sign-in secrets are never in it.
      </p>
      <ErrorBox message={download.error?.message} className="mt-4" />
      <button
        type="button"
        className="btn-secondary mt-5 w-full sm:w-auto"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? "Preparing your file..." : "Download my data"}
      </button>
    </section>
  );
}
