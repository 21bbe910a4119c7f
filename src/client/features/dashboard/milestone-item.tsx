import type { ReactNode } from "react";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import { isRunningText } from "#shared/proof/rules.ts";
import { isMissed } from "#shared/replan/rules.ts";
import { CompletionToggle } from "./completion-toggle.tsx";
import type { DashboardMilestone } from "./dashboard-updates.ts";
import { DeadlineEditor } from "./deadline-editor.tsx";
import { GenerateTodos } from "./generate-todos.tsx";
import { MilestoneProof } from "./milestone-proof.tsx";
import { MilestoneText } from "./milestone-text.tsx";
import { ReplanPanel } from "./replan-panel.tsx";
import { TodoList } from "./todo-list.tsx";

/** One milestone of a challenge card: label, text, due date, completion, its todos or the way to get them. */
export function MilestoneItem({
  milestone,
  challengeNumber,
  today,
  tokens,
  locked,
  runningProofExtra,
}: {
  milestone: DashboardMilestone;
  challengeNumber: number;
  today: string;
  tokens: Dashboard["tokens"];
  locked: boolean;
  /** Offered in the proof area of a running milestone not done yet (issue 56: "Connect with Strava"). */
  runningProofExtra?: ReactNode;
}) {
  const kind = milestoneLabels[milestone.milestoneType];
  // Unique on the page: three challenges each have an Immediate Milestone.
  const label = `${kind} of challenge ${challengeNumber}`;
  const done = milestone.milestoneCompleted;
  // Overdue on his own calendar too, as the server decides a re-plan.
  const missed = isMissed(milestone, today);
  const canGenerate = !done && milestone.todos.length === 0;

  return (
    <li
      className={`relative rounded-xl border p-3.5 transition-colors sm:p-5 ${
        done
          ? "border-success/30 bg-success/[0.04]"
          : missed
            ? "border-danger/40 bg-surface-2"
            : "border-line bg-surface-2"
      }`}
      data-testid="milestone"
    >
      <div className="flex items-center justify-between gap-3">
        <p id={`${milestone.id}-label`} className="text-xs font-semibold uppercase tracking-wider text-volt">
          {kind}
        </p>
        <CompletionToggle milestone={milestone} label={label} locked={locked} />
      </div>
      <MilestoneText milestoneId={milestone.id} text={milestone.milestoneDescription} label={label} locked={locked} />
      <DeadlineEditor milestone={milestone} missed={missed} label={label} locked={locked} />
      {(missed || milestone.replan) && !done ? (
        <ReplanPanel milestone={milestone} label={label} tokens={tokens} locked={locked} />
      ) : null}
      <TodoList milestoneId={milestone.id} todos={milestone.todos} locked={locked} />
      {canGenerate && <GenerateTodos milestoneId={milestone.id} tokens={tokens} locked={locked} />}
      <MilestoneProof
        milestoneId={milestone.id}
        proof={milestone.proof}
        label={label}
        locked={locked}
        extra={!done && isRunningText(milestone.milestoneDescription) ? runningProofExtra : null}
      />
    </li>
  );
}
