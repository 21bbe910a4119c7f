import { browserToday } from "#client/lib/dates.ts";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import type { Workflow } from "#shared/plan/contracts.ts";

/**
 * SPEC.md section 4: arriving from the workflow shows its challenges at once. The workflow's cached plan is shaped
 * as the dashboard will be (accepted challenges, dated milestones, no todos yet) until the dashboard's own answer.
 */
export function previewFromWorkflow(workflow: Workflow, firstName: string): Dashboard {
  return {
    firstName,
    today: browserToday(),
    // Unknown until the dashboard answers; the preview is locked, so no button reads it.
    tokens: { remaining: 0, unlimited: false },
    mission: null,
    challenges: workflow.challenges
      .filter((c) => c.challengeAccepted)
      .map((challenge) => ({
        ...challenge,
        milestones: challenge.milestones
          .filter((m) => m.milestoneDeadline)
          .map((m) => ({ ...m, todos: [], proof: null, replan: null, replansUsed: 0 })),
      }))
      .filter((c) => c.milestones.length > 0),
    addChallenge: null,
    // Also unknown until then; the locked preview does not show the card.
    screenTime: { startingPoint: null, latest: null, takenBack: null, checkInDue: false },
  };
}
