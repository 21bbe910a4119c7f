import { formatDeadline } from "#client/lib/dates.ts";
import type { DashboardChallenge } from "#shared/dashboard/contracts.ts";
import { milestoneLabels, sortMilestones } from "#shared/plan/rules.ts";
import { isMissed } from "#shared/replan/rules.ts";
import { CompletionToggle } from "./completion-toggle.tsx";
import type { DashboardMilestone } from "./dashboard-updates.ts";
import { TodoItem } from "./todo-list.tsx";

type Step = { milestone: DashboardMilestone; challengeNumber: number };

/**
 * The open milestone due soonest, in any of his challenges; on a tie, the earlier challenge and milestone. Deadlines
 * are ISO timestamps, so their text sorts as their time.
 */
function nextOpenMilestone(challenges: DashboardChallenge[]): Step | null {
  let next: Step | null = null;
  for (const [index, challenge] of challenges.entries()) {
    for (const milestone of sortMilestones(challenge.milestones)) {
      if (milestone.milestoneCompleted || !milestone.milestoneDeadline) continue;
      if (!next || milestone.milestoneDeadline < (next.milestone.milestoneDeadline ?? "")) {
        next = { milestone, challengeNumber: index + 1 };
      }
    }
  }
  return next;
}

/**
 * Issue 53 row 7 (decision 0150): the first screen of his phone says what to do today, and doing it is one tap: the
 * next open todo of the milestone due soonest, or the milestone itself when it has none. The same controls as in the
 * challenge cards below, so a tick here is a tick there, online or not.
 */
export function NextStep({
  challenges,
  today,
  locked,
}: {
  challenges: DashboardChallenge[];
  /** His calendar day (useToday), for what is overdue. */
  today: string;
  locked: boolean;
}) {
  const step = nextOpenMilestone(challenges);
  if (!step) return null;
  const { milestone, challengeNumber } = step;
  const kind = milestoneLabels[milestone.milestoneType];
  const todo = milestone.todos.find((t) => !t.todoCompleted);
  const missed = isMissed(milestone, today);
  const due = milestone.milestoneDeadline ? formatDeadline(milestone.milestoneDeadline) : null;

  return (
    <section aria-labelledby="next-step-heading" className="card mt-6 p-4 sm:p-5" data-testid="next-step">
      <h2 id="next-step-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Today's next step
      </h2>
      {todo ? (
        <ul className="-mx-2 mt-1.5 text-lg font-semibold leading-snug" aria-label="Next todo">
          <TodoItem milestoneId={milestone.id} todo={todo} locked={locked} />
        </ul>
      ) : (
        <p className="mt-1.5 line-clamp-3 text-lg font-semibold leading-snug">{milestone.milestoneDescription}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="min-w-0 text-sm text-muted">
          {todo ? <span className="line-clamp-1">For: {milestone.milestoneDescription}</span> : null}
          {/* The card below says "(Overdue)" by its date; here the words say it once. */}
          <span className={missed ? "font-semibold text-danger" : "font-semibold text-text"}>
            {missed ? "Was due" : "Due"} {due}
          </span>
          <span>
            {" "}
            · {kind}, challenge {challengeNumber}
          </span>
        </p>
        {todo ? null : (
          <CompletionToggle milestone={milestone} label={`${kind} of challenge ${challengeNumber}`} locked={locked} />
        )}
      </div>
    </section>
  );
}
