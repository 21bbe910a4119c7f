import { useIsMutating, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { shortDay } from "#client/lib/dates.ts";
import type { Streak, StreakWeek } from "#shared/insights/streak.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { insightsKey, streakQuery } from "./api/insights.ts";
import { weekStatusWords } from "./week-labels.ts";

const dotStyle: Record<StreakWeek["status"], string> = {
  done: "bg-volt",
  rest: "border-2 border-volt/70 bg-transparent",
  missed: "bg-muted/35",
  current: "border-2 border-dashed border-muted bg-transparent",
  before: "bg-surface-2",
};

/** "6-week streak", and the rest weeks in it: the words the Monday e-mail uses too. */
function streakTitle(streak: Streak) {
  return streak.weeks === 0 ? "No streak yet" : `${streak.weeks}-week streak`;
}

function restWeeksLine(streak: Streak) {
  if (streak.weeks === 0 || streak.restWeeks === 0) return null;
  return `${streak.restWeeks} rest ${streak.restWeeks === 1 ? "week" : "weeks"}`;
}

/** What keeps it going this week, said calmly: a streak that ended is a fresh start, never a loss. */
function nextStep(streak: Streak) {
  if (streak.thisWeekDone) return "This week counts. Anything more is a bonus.";
  if (streak.weeks === 0) {
    const startedBefore = streak.recent.some((w) => w.status === "done");
    return startedBefore
      ? "A fresh start: one todo or milestone done this week begins a new streak."
      : "Tick off one todo this week and your streak begins.";
  }
  return streak.restWeekAvailable
    ? "One thing done this week keeps it growing. A quiet week would be forgiven as a rest week."
    : "One thing done this week keeps it alive: your rest week is used for now.";
}

/** The weeks as dots, oldest first, with the same weeks as a list for screen readers. */
export function StreakDots({ weeks, size = "md" }: { weeks: StreakWeek[]; size?: "md" | "lg" }) {
  // Twelve dots need 280 px at full size: on a 320 px phone they shrink rather than push the page wider (issue 35 row 2).
  const dot = size === "lg" ? "w-4 sm:w-5" : "w-3.5 sm:w-4";
  const labelled = weeks.map((week) => ({
    week,
    label: `Week of ${shortDay(week.monday)}: ${weekStatusWords[week.status]}`,
  }));
  return (
    <>
      <ol className="flex items-center gap-2 sm:gap-2.5" aria-hidden="true" data-testid="streak-dots">
        {labelled.map(({ week, label }) => (
          <li
            key={week.monday}
            className={`${dot} aspect-square min-w-1.5 rounded-full ${dotStyle[week.status]}`}
            title={label}
            data-status={week.status}
          />
        ))}
      </ol>
      <ol className="sr-only">
        {labelled.map(({ week, label }) => (
          <li key={week.monday}>{label}</li>
        ))}
      </ol>
    </>
  );
}

/** What the dots mean, once per card. */
export function StreakLegend() {
  const items = [
    ["done", "done"],
    ["rest", "rest week"],
    ["missed", "missed"],
    ["current", "this week"],
  ] as const;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
      {items.map(([status, label]) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span className={`size-2.5 rounded-full ${dotStyle[status]}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** The streak's figure, its rest weeks and the next step: the same words on the dashboard and the insights page. */
export function StreakSummary({ streak, headingId }: { streak: Streak; headingId: string }) {
  const rest = restWeeksLine(streak);
  return (
    <>
      <h2 id={headingId} className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Weekly streak
      </h2>
      <p className="mt-2 font-display text-3xl uppercase leading-none tracking-wide sm:text-4xl" data-testid="streak">
        {streakTitle(streak)}
        {rest ? (
          <span className="ml-1 align-middle font-sans text-base font-semibold normal-case tracking-normal text-muted">
            {" "}
            · {rest}
          </span>
        ) : null}
      </p>
      <p className="mt-2 text-sm text-text/90">{nextStep(streak)}</p>
    </>
  );
}

/**
 * The streak on the dashboard (issue 27): the last eight weeks as dots and what keeps it going. Asked again whenever
 * a change of his settles (a tick, a completed milestone, the time zone his browser reports), so the dot of this week
 * lights up without a reload. Shows nothing when it cannot load: the dashboard is whole without it.
 */
export function StreakCard() {
  const queryClient = useQueryClient();
  const streak = useQuery(streakQuery());
  const mutating = useIsMutating();
  const changed = useRef(false);
  useEffect(() => {
    if (mutating > 0) {
      changed.current = true;
    } else if (changed.current) {
      changed.current = false;
      queryClient.invalidateQueries({ queryKey: insightsKey });
    }
  }, [mutating, queryClient]);

  const data = streak.data;
  if (!data) return null;
  return (
    <section aria-labelledby="streak-heading" className="card mt-6" data-testid="streak-card">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="min-w-0">
          <StreakSummary streak={data} headingId="streak-heading" />
        </div>
        <div className="space-y-2">
          <StreakDots weeks={data.recent.slice(-8)} />
          <p className="text-xs text-muted" aria-hidden="true">
            Last 8 weeks · this week on the right
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm">
        <Link
          to={dashboardSectionPath("results")}
          className="inline-flex min-h-11 items-center font-semibold text-volt underline-offset-4 hover:underline"
        >
          See your progress in pictures
        </Link>
      </p>
    </section>
  );
}
