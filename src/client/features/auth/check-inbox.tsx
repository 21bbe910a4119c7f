import { useState } from "react";
import { resendConfirmation } from "./api/auth.ts";
import { FormMessage } from "./auth-shell.tsx";

type Sent = { tone: "error" | "success"; text: string } | null;

/**
 * The login screen right after sign-up (issue 53 row 9): the SPEC's toast and redirect stay, and the screen says what
 * to do now (open the e-mail), what comes after (log in here) and what to do when no e-mail came (resend it).
 */
export function CheckInbox({ email }: { email: string }) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<Sent>(null);

  async function resend() {
    setSent(null);
    setPending(true);
    const result = await resendConfirmation(email);
    setPending(false);
    setSent(
      result.ok
        ? { tone: "success", text: "Sent again. It can take a minute; look in spam or junk too." }
        : { tone: "error", text: result.message ?? "Could not send it. Please try again." },
    );
  }

  return (
    <section
      aria-labelledby="check-inbox-title"
      className="mb-6 rounded-2xl border border-volt/50 bg-surface-2/60 p-4 sm:p-5"
      data-testid="check-inbox"
    >
      <h2 id="check-inbox-title" className="font-display text-2xl uppercase tracking-wide">
        Check your inbox
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm leading-6 text-muted">
        <li>
          Open the e-mail we sent to <strong className="break-all font-semibold text-text">{email}</strong> and tap its
          link.
        </li>
        <li>Come back here and log in with your password.</li>
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="text-muted">No e-mail?</span>
        <button
          type="button"
          onClick={resend}
          disabled={pending}
          className="min-h-11 font-semibold text-volt underline-offset-2 hover:underline disabled:opacity-50"
        >
          {pending ? "Sending..." : "Resend the e-mail"}
        </button>
      </div>
      {sent ? (
        <div className="mt-2">
          <FormMessage tone={sent.tone}>{sent.text}</FormMessage>
        </div>
      ) : null}
    </section>
  );
}
