import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { LatestQuizResponse } from "#shared/quiz/contracts.ts";

/** GET /api/quiz/latest: the user's latest quiz run, whatever its state. */
export function latestQuizQuery() {
  return queryOptions({
    queryKey: ["quiz", "latest"],
    queryFn: async (): Promise<LatestQuizResponse> => unwrap(api.quiz.latest.$get(), "Could not load your quiz."),
    staleTime: 0,
  });
}
