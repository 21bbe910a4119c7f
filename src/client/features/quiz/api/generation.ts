import { queryOptions } from "@tanstack/react-query";
import { type GenerationState, quizMessages } from "../../../../shared/quiz/contracts.ts";
import { api, unwrap } from "../../../lib/api.ts";

/** POST /api/quiz/responses/:id/generate. Idempotent on the server: while a run is going or after it finished, this starts nothing. */
export async function startGeneration(id: string) {
  await unwrap(api.quiz.responses[":id"].generate.$post({ param: { id } }), quizMessages.challengesFailed);
}

/** Quick polls while a plan usually lands (the offline one takes well under a second), then calmer ones. */
function generationPollMs(polls: number) {
  return polls < 30 ? 250 : 1000;
}

/** GET /api/quiz/responses/:id/generation, polled until the server's generation stages finish or fail. */
export function generationQuery(id: string) {
  return queryOptions({
    queryKey: ["quiz", "generation", id],
    queryFn: async (): Promise<GenerationState> =>
      unwrap(api.quiz.responses[":id"].generation.$get({ param: { id } }), quizMessages.challengesFailed),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : generationPollMs(query.state.dataUpdateCount);
    },
    staleTime: 0,
    gcTime: 0,
  });
}
