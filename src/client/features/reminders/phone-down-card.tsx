import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import { eveningMessages } from "#shared/evening/rules.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { answerByLink, phoneDownLinkQuery } from "./api/evening.ts";

/** "Friday, 27 November": the evening the link is for. */
function readableEvening(day: string) {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

const weeks = (n: number) => `${n} ${n === 1 ? "week" : "weeks"}`;

/**
 * Where an evening nudge's one-tap link leads (issue 55, decision 0161): one button, no sign-in. Opening the link
 * records nothing, because mail scanners open links too; the button's POST does.
 */
export function PhoneDownCard({ token }: { token: string | null }) {
  const link = useQuery({ ...phoneDownLinkQuery(token ?? ""), enabled: Boolean(token) });
  const answer = useMutation({ mutationFn: () => answerByLink(token ?? "") });

  const frame = (title: string, children: React.ReactNode, status = false) => (
    <div className="card" role={status ? "status" : undefined}>
      <p className="eyebrow">Evening</p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-tight">{title}</h1>
      {children}
    </div>
  );
  const toApp = (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row">
      <Link to={paths.dashboard} className="btn-secondary">
        Go to my dashboard
      </Link>
    </div>
  );

  if (token === "" || link.isError) {
    return frame(
      "Link not valid",
      <>
        <p className="mt-4 text-text/90">{link.error?.message ?? eveningMessages.linkInvalid}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.dashboard} className="btn-primary">
            Go to my dashboard
          </Link>
          <Link to={dashboardSectionPath("settings")} className="btn-secondary">
            Reminder settings
          </Link>
        </div>
      </>,
    );
  }
  // The page as built, before its scripts have read the link, and while it is asked about: nothing to press yet.
  const data = link.data;
  if (token === null || !data) {
    return frame("Phone down", <p className="mt-4 text-text/90">Reading your link...</p>, true);
  }
  const evening = readableEvening(data.day);
  if (answer.isSuccess) {
    const { alreadyCounted, streakWeeks } = answer.data;
    return frame(
      alreadyCounted ? "Already counted" : "Counted",
      <>
        <p className="mt-4 text-text/90">
          {alreadyCounted
            ? `You already answered for ${evening}. It counts once, and it counts.`
            : `Counted for ${evening}. Leave it where it is and take the evening back.`}
        </p>
        <p className="mt-2 text-text/90">
          {streakWeeks > 0
            ? `Your streak: ${weeks(streakWeeks)}. This week counts.`
            : "This week counts for your streak."}
        </p>
        {toApp}
      </>,
      true,
    );
  }
  if (data.answered) {
    return frame(
      "Already counted",
      <>
        <p className="mt-4 text-text/90">You already answered for {evening}. It counts once, and it counts.</p>
        {toApp}
      </>,
      true,
    );
  }
  return frame(
    "Phone down?",
    <>
      <p className="mt-4 text-text/90">
        Put your phone away for the evening of {evening}, then tap the button. Every evening you do counts toward your
        streak.
      </p>
      <ErrorBox message={answer.error?.message} className="mt-4" />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn-primary btn-lg"
          disabled={answer.isPending}
          onClick={() => answer.mutate()}
        >
          {answer.isPending ? "Please wait..." : "Phone down"}
        </button>
      </div>
    </>,
  );
}
