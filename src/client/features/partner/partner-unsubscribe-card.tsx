import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import { ApiError } from "#client/lib/api.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { paths } from "#shared/paths.ts";
import { partnerUnsubscribeQuery, stopPartnerEmails } from "./api/partner-view.ts";
import { PartnerPageLoadFailed, PartnerPageLoading } from "./partner-page-states.tsx";

function NotValid() {
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-tight">Link not valid</h1>
      <p className="mt-4 text-text/90">{partnerMessages.unsubscribeInvalid}</p>
      <Link to={paths.landing} className="btn-secondary mt-6 w-full sm:w-auto">
        Go to the home page
      </Link>
    </div>
  );
}

/**
 * Where a partner e-mail's unsubscribe link leads: one button that stops every e-mail about that person's plan. It
 * asks first, because mail scanners open links too (the e-mail's RFC 8058 header gives providers their own POST).
 */
export function PartnerUnsubscribeCard({ token }: { token: string | null }) {
  const who = useQuery(partnerUnsubscribeQuery(token ?? ""));
  const stop = useMutation({ mutationFn: () => stopPartnerEmails(token ?? "") });

  const refused = who.error instanceof ApiError && (who.error.status === 400 || who.error.status === 404);
  // Before its scripts have read the link (the page as built), it loads like any partner page.
  if (token === null) return <PartnerPageLoading className="min-h-[30vh]">Loading...</PartnerPageLoading>;
  if (!token || refused) return <NotValid />;
  if (who.isPending) {
    return <PartnerPageLoading className="min-h-[30vh]">Loading...</PartnerPageLoading>;
  }
  if (who.isError) {
    return <PartnerPageLoadFailed message={who.error.message} onRetry={() => who.refetch()} />;
  }

  const name = who.data.inviterFirstName;
  if (stop.isSuccess || who.data.emailsStopped) {
    return (
      <div className="card" role="status">
        <p className="eyebrow">Accountability partner</p>
        <h1 className="mt-3 font-display text-4xl uppercase leading-tight">No more e-mails</h1>
        <p className="mt-4 text-text/90">
          You will not get any more e-mails about {name}'s plan. Your link to his plan still opens it whenever you want
          to look.
        </p>
      </div>
    );
  }

  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 break-words font-display text-4xl uppercase leading-tight">
        Stop e-mails about {name}'s plan?
      </h1>
      <p className="mt-4 text-text/90">
        You will no longer hear when {name} completes or misses a milestone, nor get the Monday summary.
      </p>
      <ErrorBox message={stop.error?.message} className="mt-4" />
      <button
        type="button"
        className="btn-primary mt-6 w-full sm:w-auto"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {stop.isPending ? "Please wait..." : "Stop the e-mails"}
      </button>
    </div>
  );
}
