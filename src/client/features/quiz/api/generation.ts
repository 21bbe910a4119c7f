import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { GenerationState } from "#shared/quiz/contracts.ts";
import { quizMessages } from "#shared/quiz/rules.ts";

/** POST /api/quiz/responses/:id/generate. Idempotent on the server: while a run is going or after it finished, this starts nothing. */
export async function startGeneration(id: string) {
  await unwrap(api.quiz.responses[":id"].generate.$post({ param: { id } }), quizMessages.challengesFailed);
}

/**
 * Four polls a second while a plan is written: the offline one lands in well under a second, and a model's 20–60 s
 * arrive part by part (issue 28), each shown within a quarter of a second. A poll reads one row.
 */
const GENERATION_POLL_MS = 250;

/** GET /api/quiz/responses/:id/generation, polled until the server's generation stages finish or fail. */
export function generationQuery(id: string) {
  return queryOptions({
    queryKey: ["quiz", "generation", id],
    queryFn: async (): Promise<GenerationState> =>
      unwrap(api.quiz.responses[":id"].generation.$get({ param: { id } }), quizMessages.challengesFailed),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : GENERATION_POLL_MS;
    },
    staleTime: 0,
    gcTime: 0,
  });
}
