import type { DashboardChallenge } from "../../../shared/dashboard/contracts.ts";
import { challengeProgress, isOverdue, sortMilestones } from "../../../shared/plan/rules.ts";
import { formatDeadline } from "../../lib/dates.ts";
import { milestoneLabels } from "../../lib/milestone-labels.ts";

/** A challenge card of the first dashboard: numbered from 1, its dated milestones, overdue in red. */
export function ChallengeOverview({ challenge, number }: { challenge: DashboardChallenge; number: number }) {
  const progress = challengeProgress(challenge.milestones);
  return (
    <article className="card" aria-labelledby={`dash-challenge-${challenge.id}`} data-testid="dashboard-challenge">
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-volt font-display text-xl text-ink">
          {number}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={`dash-challenge-${challenge.id}`} className="text-xl font-bold leading-snug">
            {challenge.title}
          </h3>
          <p className="mt-1 text-muted">{challenge.description}</p>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <div
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="h-full rounded-full bg-volt" style={{ width: `${progress}%` }} />
        </div>
        <span className="text-sm tabular-nums text-muted">{progress}%</span>
      </div>
      <ol className="mt-5 space-y-3">
        {sortMilestones(challenge.milestones).map((milestone) => {
          const overdue = isOverdue(milestone);
          return (
            <li key={milestone.id} className="rounded-xl border border-line bg-surface-2 p-4">
              <p className="text-xs font-semibold uppercase tracking-wider text-volt">
                {milestoneLabels[milestone.milestoneType]}
              </p>
              <p className="mt-1">{milestone.milestoneDescription}</p>
              <p className="mt-2 text-sm text-muted">
                {milestone.milestoneDeadline && `Due ${formatDeadline(milestone.milestoneDeadline)}`}
                {overdue && <span className="ml-2 font-semibold text-danger">(Overdue)</span>}
                {milestone.milestoneCompleted && <span className="ml-2 font-semibold text-success">✓ Completed</span>}
              </p>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
