import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { QuizAnswer } from "#shared/quiz/contracts.ts";
import { startGeneration } from "./generation.ts";
import { latestQuizQuery } from "./latest-quiz.ts";

/**
 * POST /api/quiz/responses: saves the answers (a new response, or the edited one) and starts generation; resolves
 * to the response id.
 */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { answers: QuizAnswer[]; responseId?: string }) => {
      const { id } = await unwrap(api.quiz.responses.$post({ json: input }), "Failed to create quiz response");
      await startGeneration(id);
      return id;
    },
    onSuccess: () => {
      // Marked stale, not refetched: the quiz screen is still mounted and must not react to its own
      // submission (a fast plan would already read "analyzed" and bounce to the dashboard).
      queryClient.invalidateQueries({ queryKey: latestQuizQuery().queryKey, refetchType: "none" });
    },
  });
}
