import type { RunValidation } from "../../../shared/run-challenge/contracts.ts";
import { minutesShortOfTarget, targetMinutes } from "../../../shared/run-challenge/rules.ts";
import { ActivitySummary } from "../../components/activity-summary.tsx";
import { formatMinutes } from "../../lib/minutes.ts";

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
      {run.activity ? (
        <div className="mt-4">
          <ActivitySummary activity={run.activity} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">Validated with the duration you typed.</p>
      )}
    </section>
  );
}
