import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { communityMessages } from "#shared/community/rules.ts";
import { isLoginRequired, waitlistQuery } from "./api/waitlist.ts";
import { LoginToContinue } from "./login-to-continue.tsx";
import { WaitlistConfirmation } from "./waitlist-confirmation.tsx";
import { WaitlistForm } from "./waitlist-form.tsx";

/**
 * The waitlist: his stored signup shows as the confirmation, else the two-step form. Without a session (none, or one
 * that ended while the page was open) he is told to log in.
 */
export function WaitlistScreen({ account }: { account: { email: string; firstName: string } | null }) {
  const waitlist = useQuery({ ...waitlistQuery(), enabled: account !== null });
  // The confirmation takes the focus only when it replaces the form, not when a member comes back to it.
  const [justJoined, setJustJoined] = useState(false);

  if (!account || isLoginRequired(waitlist.error)) return <SignedOut />;
  if (waitlist.isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted">
        Loading...
      </p>
    );
  }
  if (waitlist.isError) {
    return (
      <div role="alert" className="card text-center">
        <p>{waitlist.error.message}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => waitlist.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const signup = waitlist.data.signup;
  if (signup) return <WaitlistConfirmation signup={signup} focus={justJoined} />;
  return (
    <>
      <Intro />
      <div className="card mt-8 p-6 shadow-[0_30px_80px_-40px_rgb(200_255_46/0.35)] sm:p-8">
        <WaitlistForm
          accountEmail={account.email}
          accountFirstName={account.firstName}
          onJoined={() => setJustJoined(true)}
        />
      </div>
    </>
  );
}

function Intro() {
  return (
    <>
      <p className="inline-flex items-center gap-2 rounded-full border border-volt/40 bg-volt/10 px-3 py-1 text-xs font-bold uppercase tracking-[0.2em] text-volt">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-volt" />
        Community · Beta
      </p>
      <h1 className="mt-4 font-display text-4xl uppercase leading-[1.05] tracking-wide sm:text-5xl">
        Join the Community Waitlist
      </h1>
      <p className="mt-4 max-w-prose text-muted">
        A place for men who traded the scroll for real goals: share wins, find an accountability partner, keep each
        other going. Save your spot and be first in when it opens.
      </p>
    </>
  );
}

function SignedOut() {
  return (
    <>
      <Intro />
      <div className="card mt-8 p-6 text-center sm:p-8">
        <p className="font-semibold">{communityMessages.loginRequired}</p>
        <LoginToContinue className="mt-5 w-full sm:w-auto" />
      </div>
    </>
  );
}
