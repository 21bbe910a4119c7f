import type { Dashboard } from "#shared/dashboard/contracts.ts";
import type { OnboardingState } from "#shared/run-challenge/contracts.ts";

/** A win he can share: a completed milestone of his plan, or his validated run; `proof` when one backs it. */
export type ShareableWin = {
  /** "milestone:<id>" or "run": what the composer selects and what "Share this win?" links to. */
  key: string;
  title: string;
  detail: string;
  proof: "activity" | "photo" | null;
} & ({ kind: "milestone"; milestoneId: string } | { kind: "run" });

export const milestoneWinKey = (milestoneId: string) => `milestone:${milestoneId}`;
const RUN_WIN_KEY = "run";

/**
 * His wins, from what the dashboard (his plan) and onboarding (his run) already load: every completed milestone, in
 * the plan's order, then the run. The server alone knows which he has shared already; sharing one again answers 409
 * with its message, which the composer shows as it is.
 */
export function shareableWins(dashboard: Dashboard | undefined, onboarding: OnboardingState | undefined) {
  const wins: ShareableWin[] = [];
  for (const challenge of dashboard?.challenges ?? []) {
    for (const milestone of challenge.milestones) {
      if (!milestone.milestoneCompleted) continue;
      wins.push({
        key: milestoneWinKey(milestone.id),
        kind: "milestone",
        milestoneId: milestone.id,
        title: milestone.milestoneDescription,
        detail: challenge.title,
        proof: milestone.proof?.kind ?? null,
      });
    }
  }
  const run = onboarding?.runValidation;
  if (run) {
    wins.push({
      key: RUN_WIN_KEY,
      kind: "run",
      title: `Ran ${run.todayDuration} minutes, phone in airplane mode.`,
      // Others will read "Self-reported" on the post of a typed run; he reads it here first (issue 53 row 2).
      detail: run.activity ? "Run longer than ever before" : "Run longer than ever before · self-reported",
      proof: run.activity ? "activity" : null,
    });
  }
  return wins;
}
