import { ActivitySummary } from "#client/components/activity-summary.tsx";
import { SelfReported } from "#client/components/self-reported.tsx";
import { formatMinutes } from "#shared/minutes.ts";
import type { RunValidation } from "#shared/run-challenge/contracts.ts";
import { minutesShortOfTarget, targetMinutes } from "#shared/run-challenge/rules.ts";

/**
 * Today's run beside the target and his longest run before, as bars on one scale: the figures are written beside
 * them, so the bars themselves are hidden from screen readers.
 */
function RunBars({ run, target }: { run: RunValidation; target: number }) {
  const rows = [
    { label: "This run", minutes: run.todayDuration, bar: "bg-volt" },
    { label: "Target", minutes: target, bar: "bg-text/70" },
    ...(run.previousMaxDuration === null
      ? []
      : [{ label: "Longest before", minutes: run.previousMaxDuration, bar: "bg-muted/50" }]),
  ];
  const longest = Math.max(...rows.map((row) => row.minutes), 1);
  return (
    <dl className="mt-4 space-y-2" data-testid="run-bars">
      {rows.map((row) => (
        <div key={row.label} className="grid grid-cols-[7rem_1fr] items-center gap-3 text-sm">
          <dt className="text-muted">{row.label}</dt>
          <dd className="flex items-center gap-3">
            <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-surface-2">
              <span
                className={`block h-full rounded-full ${row.bar}`}
                style={{ width: `${(row.minutes / longest) * 100}%` }}
              />
            </span>
            <span className="w-20 text-right font-semibold tabular-nums">{formatMinutes(row.minutes)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The run that started it all, on the insights page: its figures and route when an activity file proved it, else
 * the duration he typed, measured against the target either way.
 */
export function RunCard({ run }: { run: RunValidation }) {
  const target = targetMinutes(run.previousMaxDuration);
  const short = minutesShortOfTarget(run.todayDuration, target);
  return (
    <section aria-labelledby="run-card-heading" className="card mt-4" data-testid="run-card">
      <h2 id="run-card-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Your first run
      </h2>
      <p className="mt-3 text-lg font-semibold">
        {formatMinutes(run.todayDuration)}{" "}
        <span className="font-normal text-muted">
          {short === 0
            ? `· target of ${formatMinutes(target)} reached`
            : `· ${formatMinutes(short)} short of ${formatMinutes(target)}`}
        </span>
      </p>
      <RunBars run={run} target={target} />
      {run.activity ? (
        <div className="mt-4">
          <ActivitySummary activity={run.activity} />
        </div>
      ) : (
        <SelfReported detail="validated with the minutes you typed" className="mt-4" />
      )}
    </section>
  );
}
