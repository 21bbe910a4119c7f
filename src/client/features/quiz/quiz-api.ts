import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuizResult } from "../../../shared/plan/contracts.ts";
import type { GenerationState, LatestQuizResponse, QuizAnswer } from "../../../shared/quiz/contracts.ts";
import { api, unwrap } from "../../lib/api.ts";

export const latestQuizKey = ["quiz", "latest"] as const;
export const quizResultKey = (id: string) => ["quiz", "response", id] as const;
export const generationKey = (id: string) => ["quiz", "generation", id] as const;

export function useLatestQuiz() {
  return useQuery({
    queryKey: latestQuizKey,
    queryFn: async (): Promise<LatestQuizResponse> => unwrap(api.quiz.latest.$get(), "Could not load your quiz."),
    staleTime: 0,
  });
}

export function useQuizResult(id: string | null) {
  return useQuery({
    queryKey: quizResultKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async (): Promise<QuizResult> =>
      unwrap(api.quiz.responses[":id"].$get({ param: { id: id ?? "" } }), "Could not load your results."),
  });
}

/** Saves the answers (a new response, or the edited one) and starts generation; resolves to the response id. */
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
      queryClient.invalidateQueries({ queryKey: latestQuizKey, refetchType: "none" });
      queryClient.invalidateQueries({ queryKey: ["dashboard"], refetchType: "none" });
    },
  });
}

/** Idempotent on the server: while a run is going or after it finished, this starts nothing. */
export async function startGeneration(id: string) {
  await unwrap(api.quiz.responses[":id"].generate.$post({ param: { id } }), "Failed to generate challenges.");
}

/** Quick polls while a plan usually lands (the offline one takes well under a second), then calmer ones. */
export function generationPollMs(polls: number) {
  return polls < 30 ? 250 : 1000;
}

/** Polls the server's generation stages until they finish or fail. */
export function useGeneration(id: string | null) {
  return useQuery({
    queryKey: generationKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async (): Promise<GenerationState> =>
      unwrap(api.quiz.responses[":id"].generation.$get({ param: { id: id ?? "" } }), "Failed to generate challenges."),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : generationPollMs(query.state.dataUpdateCount);
    },
    staleTime: 0,
    gcTime: 0,
  });
}
