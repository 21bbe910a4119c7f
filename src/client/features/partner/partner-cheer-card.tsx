import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ApiError } from "#client/lib/api.ts";
import type { PartnerCheerAnswer } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { paths } from "#shared/paths.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import { partnerCheerQuery, useSendCheerFromEmail } from "./api/partner-view.ts";
import { CheerFields } from "./cheer-form.tsx";
import { PartnerPageLoadFailed, PartnerPageLoading } from "./partner-page-states.tsx";

/** Why the link opens nothing, by the server's answer: each says what the partner can still do. */
const refusals = {
  400: { title: "Link not valid", message: partnerMessages.cheerLinkInvalid },
  404: { title: "This link is not valid any more", message: partnerMessages.cheerLinkGone },
  410: { title: "This link has expired", message: partnerMessages.cheerLinkExpired },
} as const;

function Refused({ status }: { status: keyof typeof refusals }) {
  const { title, message } = refusals[status];
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-tight">{title}</h1>
      <p className="mt-4 text-text/90">{message}</p>
      <Link to={paths.landing} className="btn-secondary mt-6 w-full sm:w-auto">
        Go to the home page
      </Link>
    </div>
  );
}

function refusalOf(error: unknown): keyof typeof refusals | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 400 || error.status === 404 || error.status === 410 ? error.status : null;
}

/** A suggestion already in the field, so one tap sends it: fitting the news the e-mail brought. */
function suggestion({ inviterFirstName: name, milestone }: PartnerCheerAnswer) {
  if (milestone?.completed) return `Well done, ${name}! Keep going.`;
  if (milestone?.overdue) return `You've got this, ${name}. One small step today.`;
  return `Keep going, ${name}! I'm rooting for you.`;
}

/** What the cheer answers: the milestone the e-mail told of, as it stands now, or his plan as a whole. */
function About({ answer }: { answer: PartnerCheerAnswer }) {
  const name = answer.inviterFirstName;
  const m = answer.milestone;
  if (!m) {
    return (
      <p className="mt-4 text-text/90">
        {name} is working on his plan. A short word from you counts for more than you think.
      </p>
    );
  }
  const what = `the ${milestoneLabels[m.milestoneType]} of “${m.challengeTitle}”`;
  return (
    <div className="mt-5 rounded-xl border border-line bg-surface-2 p-4" data-testid="cheer-about">
      <p className="break-words font-semibold">
        {m.completed
          ? `${name} completed ${what}.`
          : m.overdue
            ? `${name} has not yet completed ${what}, which is overdue.`
            : `${name} is working on ${what}.`}
      </p>
      {m.description ? <p className="mt-2 break-words text-sm text-muted">{m.description}</p> : null}
    </div>
  );
}

/**
 * Where a partner e-mail's "Send him a cheer" button leads (decision 0125): what the cheer is about and the cheer
 * form with a suggestion in it, so one tap sends it. Opening the page sends nothing: mail scanners and link previews
 * open links too.
 */
export function PartnerCheerCard({ token }: { token: string | null }) {
  const about = useQuery(partnerCheerQuery(token ?? ""));
  const send = useSendCheerFromEmail(token ?? "");

  // Before its scripts have read the link (the page as built), it loads like any partner page.
  if (token === null) return <PartnerPageLoading className="min-h-[30vh]">Loading...</PartnerPageLoading>;
  const refused = token ? refusalOf(about.error) : 400;
  if (refused) return <Refused status={refused} />;
  if (about.isPending) return <PartnerPageLoading className="min-h-[30vh]">Loading...</PartnerPageLoading>;
  if (about.isError) return <PartnerPageLoadFailed message={about.error.message} onRetry={() => about.refetch()} />;

  const answer = about.data;
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <h1 className="mt-3 break-words font-display text-4xl uppercase leading-tight">
        Send {answer.inviterFirstName} a cheer
      </h1>
      <About answer={answer} />
      <div className="mt-6">
        <CheerFields
          send={send}
          firstName={answer.inviterFirstName}
          cheersLeftToday={answer.cheersLeftToday}
          initialText={suggestion(answer)}
        />
      </div>
    </div>
  );
}
