import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import { ApiError } from "#client/lib/api.ts";
import type { PartnerViewAnswer } from "#shared/partners/contracts.ts";
import { CHEERS_PER_PARTNER_PER_DAY } from "#shared/partners/rules.ts";
import { paths } from "#shared/paths.ts";
import { partnerViewQuery, useAcceptInvitation } from "./api/partner-view.ts";
import { CheerForm } from "./cheer-form.tsx";
import { PartnerPageLoadFailed, PartnerPageLoading } from "./partner-page-states.tsx";
import { PartnerPlan } from "./partner-plan.tsx";

/**
 * A removed, renewed-away, expired or unknown link, or one whose plan went with his deleted account: said plainly,
 * with the one way forward. The server keeps nothing of a deleted account, so the page cannot tell that case apart;
 * it names it, and asks for a new link only of a man who still uses the app (issue 53 row 14).
 */
function LinkNotValid() {
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-tight">This link is not valid any more</h1>
      <p className="mt-4 text-text/90">
        It may have expired, or the person who invited you removed it, sent a newer one or deleted their account. If
        they still use Unscroll, ask them to send you a new link: it takes them one tap in their Settings.
      </p>
      <Link to={paths.landing} className="btn-secondary mt-6 w-full sm:w-auto">
        Go to the home page
      </Link>
    </div>
  );
}

function Invitation({ token, answer }: { token: string; answer: Extract<PartnerViewAnswer, { state: "invited" }> }) {
  const accept = useAcceptInvitation(token);
  const name = answer.inviterFirstName;
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 break-words font-display text-4xl uppercase leading-tight">
        {name} invited you to keep an eye on his plan
      </h1>
      <p className="mt-4 text-text/90">
        Hi {answer.partnerFirstName}, {name} chose you as the one person who keeps him honest. If you say yes, you will
        see:
      </p>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-text/90 marker:text-volt">
        <li>his life mission and the challenges he committed to</li>
        <li>each milestone with its due day, and what is done or overdue</li>
        <li>an e-mail when he completes or misses a milestone, and a short summary on Mondays</li>
      </ul>
      <p className="mt-3 text-text/90">
        And you can send him a short cheer, up to {CHEERS_PER_PARTNER_PER_DAY} a day. No account needed.
      </p>
      <p className="mt-3 text-sm text-muted">
        You will not see his e-mail address or anything private. Every e-mail has a link to stop them.
      </p>
      <ErrorBox message={accept.error?.message} className="mt-5" />
      <button
        type="button"
        className="btn-primary mt-6 w-full sm:w-auto"
        disabled={accept.isPending}
        onClick={() => accept.mutate()}
      >
        {accept.isPending ? "Please wait..." : `I'll keep an eye on ${name}'s plan`}
      </button>
      <p className="mt-4 text-sm text-muted">Not for you? Close this page: nothing more is sent to you.</p>
    </div>
  );
}

/**
 * The page behind the link of an invitation: no account, the secret in the path (issue 25, decision 0106).
 * `linkNotValid`: the server already found nothing behind the link, so the page says so before its own request answers.
 */
export function PartnerView({ token, linkNotValid = false }: { token: string; linkNotValid?: boolean }) {
  // A link the server found nothing behind is not asked about again.
  const view = useQuery({ ...partnerViewQuery(token), enabled: !linkNotValid });
  const heading = useRef<HTMLHeadingElement>(null);
  const state = view.data?.state;
  // Confirming replaces the invitation and its button: the focus moves to the plan's heading, which says so.
  const before = useRef(state);
  useEffect(() => {
    if (before.current === "invited" && state === "accepted") heading.current?.focus();
    before.current = state;
  }, [state]);

  if (view.isPending) {
    if (linkNotValid) return <LinkNotValid />;
    return <PartnerPageLoading className="min-h-[40vh]">Loading the plan...</PartnerPageLoading>;
  }
  if (view.isError) {
    if (view.error instanceof ApiError && view.error.status === 404) return <LinkNotValid />;
    return <PartnerPageLoadFailed message={view.error.message} onRetry={() => view.refetch()} />;
  }
  const answer = view.data;
  if (answer.state === "invited") return <Invitation token={token} answer={answer} />;

  const { plan } = answer;
  return (
    <>
      <p className="eyebrow">Keeping an eye on {plan.firstName}</p>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-2 break-words font-display text-4xl uppercase leading-none focus:outline-none sm:text-5xl"
      >
        {plan.firstName}'s plan
      </h1>
      <p className="mt-3 text-muted">
        Thanks for being there, {answer.partnerFirstName}. This page stays up to date: come back any time.
      </p>
      <PartnerPlan plan={plan}>
        <CheerForm token={token} firstName={plan.firstName} cheersLeftToday={answer.cheersLeftToday} />
      </PartnerPlan>
    </>
  );
}
