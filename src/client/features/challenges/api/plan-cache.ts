import { useQueryClient } from "@tanstack/react-query";
import type { Challenge, Milestone, QuizResult, Workflow } from "#shared/plan/contracts.ts";
import { allQuizResults } from "./quiz-result.ts";
import { workflowQuery } from "./workflow.ts";

export type ChallengeFields = Omit<Challenge, "milestones">;

/**
 * Puts a saved challenge or milestone into every cached plan that shows it (the results and the workflow), so
 * screens agree without a refetch. The dashboard needs nothing: it refetches on every visit.
 */
export function usePlanCachePatch() {
  const queryClient = useQueryClient();
  const patchChallenges = (map: (c: Challenge) => Challenge) => {
    queryClient.setQueriesData<QuizResult>(allQuizResults, (old) =>
      old ? { ...old, challenges: old.challenges.map(map) } : old,
    );
    queryClient.setQueryData<Workflow>(workflowQuery().queryKey, (old) =>
      old ? { ...old, challenges: old.challenges.map(map) } : old,
    );
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
