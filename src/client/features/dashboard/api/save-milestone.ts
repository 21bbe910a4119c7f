import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { ApiError } from "#client/lib/api.ts";
import { keptChange, sendMilestoneChange } from "#client/lib/offline-changes.ts";
import { announceMilestoneCompleted } from "#client/lib/win-events.ts";
import type { MilestoneSaved } from "#shared/plan/contracts.ts";
import { normalizeDeadline, todoMessages } from "#shared/plan/rules.ts";
import { type DashboardMilestone, withCompletion, withSaved } from "../dashboard-updates.ts";
import { dashboardCache, milestoneSelfKey } from "./dashboard-cache.ts";

export type MilestoneChange =
  | { milestoneCompleted: boolean }
  | { milestoneDeadline: string /* 'YYYY-MM-DD' */ }
  | { milestoneDescription: string };

/**
 * PATCH /api/milestones/:id from the dashboard, optimistic: the cache changes at once, goes back to what it was
 * when the server refuses, and takes the server's answer (the milestone with its todos) on success. Without a server
 * it waits and is sent when one answers (decision 0148).
 */
export function useSaveMilestone(id: string) {
  const cache = dashboardCache(useQueryClient());
  const mutation = useMutation({
    ...keptChange,
    mutationKey: milestoneSelfKey(id),
    mutationFn: async ({ change }: { change: MilestoneChange; before?: DashboardMilestone }): Promise<MilestoneSaved> =>
      sendMilestoneChange(id, change, todoMessages.updateMilestoneFailed),
    onMutate: async ({ change }) => {
      await cache.settle();
      // Again: stopping a refetch puts back the data it started from.
      cache.updateMilestone(id, (m) => applyChange(m, change));
    },
    onError: (error, { change, before }) => {
      if (before) cache.updateMilestone(id, (m) => ({ ...m, ...restoreOf(before, change) }));
      toast.error(failureMessage(error, change));
    },
    onSuccess: (saved, { change }) => {
      cache.updateMilestone(id, (m) => withSaved(m, saved.milestone, saved.todos));
      // Only a completion he just made, confirmed by the server, may be offered for sharing (issue 40).
      if ("milestoneCompleted" in change && change.milestoneCompleted && saved.milestone.milestoneCompleted) {
        announceMilestoneCompleted(id);
      }
    },
  });
  return {
    /** The screen changes in this very event, so a controlled input never shows the old value in between. */
    save: (change: MilestoneChange) => {
      const before = cache.milestone(id);
      cache.updateMilestone(id, (m) => applyChange(m, change));
      mutation.mutate({ change, before });
    },
  };
}

function applyChange(milestone: DashboardMilestone, change: MilestoneChange): DashboardMilestone {
  if ("milestoneCompleted" in change) return withCompletion(milestone, change.milestoneCompleted);
  if ("milestoneDeadline" in change) {
    return {
      ...milestone,
      milestoneDeadline: normalizeDeadline(change.milestoneDeadline) ?? milestone.milestoneDeadline,
    };
  }
  return { ...milestone, milestoneDescription: change.milestoneDescription.trim() };
}

/** Only what this change touched goes back, so a concurrent change to another field survives the rollback. */
function restoreOf(before: DashboardMilestone, change: MilestoneChange): Partial<DashboardMilestone> {
  if ("milestoneCompleted" in change) return { milestoneCompleted: before.milestoneCompleted, todos: before.todos };
  if ("milestoneDeadline" in change) return { milestoneDeadline: before.milestoneDeadline };
  return { milestoneDescription: before.milestoneDescription };
}

/** SPEC.md section 8: the deadline alert carries the reason; a refused rule (400) says which; else the generic. */
function failureMessage(error: Error, change: MilestoneChange): string {
  if ("milestoneDeadline" in change) return `Failed to set deadline. Error: ${error.message}`;
  if (error instanceof ApiError && error.status === 400) return error.message;
  return todoMessages.updateMilestoneFailed;
}
