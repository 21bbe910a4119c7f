import { lazy, Suspense, useId, useState } from "react";
import { formatMinutes } from "#shared/minutes.ts";
import type { ScreenTimeSummary } from "#shared/screen-time/summary.ts";
import { dayLabel } from "./day-label.ts";

// The form and its reader load when he opens it, not with the dashboard.
const CheckInForm = lazy(() => import("./check-in-form.tsx").then((m) => ({ default: m.CheckInForm })));

/** The one honest number, in words: what he took back, what to do to get it. */
export function takenBackWords(summary: ScreenTimeSummary, today: string) {
  const { startingPoint, takenBack } = summary;
  if (!startingPoint) {
    return {
      title: "How much does your phone take?",
      detail: "Add the screen time your phone shows. It is your starting point, and the number this is all about.",
    };
  }
  const start = `your starting point of ${formatMinutes(startingPoint.minutes)} a day (${dayLabel(startingPoint.day, today)})`;
  if (!takenBack) {
    return {
      title: `${formatMinutes(startingPoint.minutes)} a day to start`,
      detail: "Check in again next week to see the time you have taken back.",
    };
  }
  const basedOn = `Based on ${takenBack.basedOn} check-in${takenBack.basedOn === 1 ? "" : "s"}`;
  if (takenBack.minutesPerDay >= 0) {
    return {
      title: `${formatMinutes(takenBack.minutesPerDay)} a day taken back`,
      detail: `Against ${start}. ${basedOn}.`,
    };
  }
  return {
    title: `${formatMinutes(takenBack.minutesPerDay)} a day more than at your start`,
    detail: `Against ${start}. ${basedOn}. One evening with the phone in another room is a good place to begin.`,
  };
}

/**
 * His screen time on the dashboard (issue 55): the hours a day taken back against his starting point, or what to do
 * to get that number, and a check-in (asked for once a week).
 */
export function ScreenTimeCard({ summary, today }: { summary: ScreenTimeSummary; today: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const { title, detail } = takenBackWords(summary, today);
  const due = summary.checkInDue && summary.startingPoint !== null;
  return (
    <section aria-labelledby={headingId} className="card mt-6" data-testid="screen-time-card">
      <h2 id={headingId} className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Screen time
      </h2>
      <p
        className="mt-2 font-display text-3xl uppercase leading-none tracking-wide sm:text-4xl"
        data-testid="taken-back"
      >
        {title}
      </p>
      <p className="mt-2 text-sm text-text/90">{detail}</p>
      {due && !open ? <p className="mt-3 text-sm font-semibold">A week has passed: time for a check-in.</p> : null}
      {open ? (
        <div className="mt-5">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Loading...
              </p>
            }
          >
            <CheckInForm today={today} onDone={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : (
        <button
          type="button"
          className={`${due || !summary.startingPoint ? "btn-primary" : "btn-secondary"} mt-4`}
          onClick={() => setOpen(true)}
        >
          {summary.startingPoint ? "Check in" : "Add my screen time"}
        </button>
      )}
    </section>
  );
}
