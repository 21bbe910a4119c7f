import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Challenge,
  Milestone,
  QuizResult,
  UpdateChallengeRequest,
  UpdateMilestoneRequest,
  Workflow,
} from "../../../shared/plan/contracts.ts";
import { api, unwrap } from "../../lib/api.ts";

export const workflowKey = ["workflow"] as const;

type ChallengeFields = Omit<Challenge, "milestones">;

/** Puts a saved challenge or milestone into every cached plan that shows it, so screens agree without a refetch. */
function useCachePatch() {
  const queryClient = useQueryClient();
  const patchChallenges = (map: (c: Challenge) => Challenge) => {
    queryClient.setQueriesData<QuizResult>({ queryKey: ["quiz", "response"] }, (old) =>
      old ? { ...old, challenges: old.challenges.map(map) } : old,
    );
    queryClient.setQueryData<Workflow>(workflowKey, (old) =>
      old ? { ...old, challenges: old.challenges.map(map) } : old,
    );
    queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  };
  return {
    challenge: (saved: ChallengeFields) =>
      patchChallenges((c) => (c.id === saved.id ? { ...c, ...saved, milestones: c.milestones } : c)),
    milestone: (saved: Milestone) =>
      patchChallenges((c) => ({
        ...c,
        milestones: c.milestones.map((m) => (m.id === saved.id ? { ...m, ...saved } : m)),
      })),
  };
}

export function useUpdateChallenge() {
  const patch = useCachePatch();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateChallengeRequest & { id: string }): Promise<ChallengeFields> => {
      const result = await unwrap(
        api.challenges[":id"].$patch({ param: { id }, json: body }),
        "Failed to update challenge. Please try again.",
      );
      return result.challenge;
    },
    onSuccess: (saved) => patch.challenge(saved),
  });
}

export function useUpdateMilestone() {
  const patch = useCachePatch();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateMilestoneRequest & { id: string }): Promise<Milestone> => {
      const result = await unwrap(
        api.milestones[":id"].$patch({ param: { id }, json: body }),
        "Failed to update milestone. Please try again.",
      );
      return result.milestone;
    },
    onSuccess: (saved) => patch.milestone(saved),
  });
}

export async function fetchWorkflow(): Promise<Workflow> {
  return unwrap(api.workflow.$get(), "Could not load your challenges.");
}

export function useWorkflow() {
  return useQuery({ queryKey: workflowKey, queryFn: fetchWorkflow, staleTime: 0 });
}
