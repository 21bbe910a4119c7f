import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { QuizResult } from "#shared/plan/contracts.ts";

const quizResultKey = ["quiz", "response"] as const;

/** GET /api/quiz/responses/:id: the answers and the plan (mission, challenges, milestones) of one quiz run. */
export function quizResultQuery(id: string) {
  return queryOptions({
    queryKey: [...quizResultKey, id],
    queryFn: async (): Promise<QuizResult> =>
      unwrap(api.quiz.responses[":id"].$get({ param: { id } }), "Could not load your results."),
  });
}

/** Every cached quiz result, whatever its id. */
export const allQuizResults = { queryKey: quizResultKey };
