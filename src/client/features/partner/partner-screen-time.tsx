import { useId } from "react";
import { shortDay } from "#client/lib/dates.ts";
import { formatMinutes } from "#shared/minutes.ts";
import type { PartnerScreenTime } from "#shared/partners/contracts.ts";

/** A figure that never breaks across lines in the big title ("1 h 40 min", not "1 h 40 / min"). */
const unbroken = (minutes: number) => formatMinutes(minutes).replaceAll(" ", "\u00a0");

/** His one number as his partner reads it: about him, never "you". */
function trendWords(firstName: string, screenTime: PartnerScreenTime) {
  const { startingPointMinutes, takenBack } = screenTime;
  if (startingPointMinutes === null) {
    return { title: null, detail: `${firstName} has not checked in his screen time yet.` };
  }
  const start = `Against his start of ${formatMinutes(startingPointMinutes)} a day`;
  if (!takenBack) {
    return {
      title: `${firstName} started at ${unbroken(startingPointMinutes)} a day`,
      detail: "His next check-in tells how much he has taken back.",
    };
  }
  const basedOn = `based on ${takenBack.basedOn} check-in${takenBack.basedOn === 1 ? "" : "s"}`;
  return {
    title:
      takenBack.minutesPerDay >= 0
        ? `${firstName} took back ${unbroken(takenBack.minutesPerDay)} a day`
        : `${firstName}'s phone takes ${unbroken(takenBack.minutesPerDay)} a day more than at his start`,
    detail: `${start}, ${basedOn}.`,
  };
}

/**
 * His weekly averages as plain bars: no chart library on this page (it must stay light on a phone). Each bar carries
 * its week and figure as text, so the list reads the same to a screen reader.
 */
function WeekBars({ weeks }: { weeks: PartnerScreenTime["weeks"] }) {
  const highest = Math.max(...weeks.map((w) => w.minutes ?? 0));
  const first = weeks[0];
  const captionId = useId();
  return (
    <div className="mt-5">
      <p id={captionId} className="mb-2 text-xs text-muted">
        Daily screen time, week by week
      </p>
      <ol className="flex h-24 items-end gap-1 sm:gap-1.5" aria-labelledby={captionId}>
        {weeks.map((week) => {
          const words =
            week.minutes === null
              ? `Week of ${shortDay(week.monday)}: no check-in`
              : `Week of ${shortDay(week.monday)}: ${formatMinutes(week.minutes)} a day`;
          return (
            <li key={week.monday} className="flex h-full flex-1 items-end" title={words}>
              <span className="sr-only">{words}</span>
              {week.minutes === null ? (
                <span aria-hidden="true" className="h-0.5 w-full rounded-full bg-line" />
              ) : (
                <span
                  aria-hidden="true"
                  className="w-full rounded-t bg-volt/80"
                  // At least a sliver, so a week with a small figure still shows it was checked in.
                  style={{ height: `${Math.max(4, Math.round((week.minutes / highest) * 100))}%` }}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div aria-hidden="true" className="mt-1.5 flex justify-between text-xs text-muted">
        <span>{first ? shortDay(first.monday) : ""}</span>
        <span>This week</span>
      </div>
    </div>
  );
}

/** His screen-time trend on his partner's page (issue 55), shown only when he allows it. */
export function PartnerScreenTimeSection({
  firstName,
  screenTime,
}: {
  firstName: string;
  screenTime: PartnerScreenTime;
}) {
  const headingId = useId();
  const { title, detail } = trendWords(firstName, screenTime);
  const checkedIn = screenTime.weeks.some((w) => w.minutes !== null);
  return (
    <section aria-labelledby={headingId} className="card mt-6" data-testid="partner-screen-time">
      <h2 id={headingId} className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Screen time
      </h2>
      {title ? (
        <p className="mt-2 break-words font-display text-2xl uppercase leading-tight tracking-wide sm:text-3xl">
          {title}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-text/90">{detail}</p>
      {checkedIn ? <WeekBars weeks={screenTime.weeks} /> : null}
    </section>
  );
}
