import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { Spinner } from "#client/components/spinner.tsx";
import { workflowQuery } from "#client/features/challenges/api/workflow.ts";
import { challengeWorkflowPath, paths, quizResultsPath } from "#shared/paths.ts";

type SetupState = { challengeId?: unknown; back?: unknown } | null;

/**
 * The hand-over between the results and the workflow. Forward (with a challenge id) it loads the
 * workflow and opens it; BACK from the workflow lands here and returns to the challenge list.
 */
export default function Setup() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as SetupState;
  const challengeId = typeof state?.challengeId === "string" ? state.challengeId : params.get("challengeId");
  const back = state?.back === true;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (back) {
      navigate(quizResultsPath({ step: 2 }), { replace: true });
      return;
    }
    if (!challengeId) return;
    let cancelled = false;
    queryClient.prefetchQuery(workflowQuery()).finally(() => {
      if (!cancelled) navigate(challengeWorkflowPath(challengeId), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [back, challengeId, navigate, queryClient]);

  if (!back && !challengeId) return <Navigate to={paths.dashboard} replace />;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6" role="status">
      <Spinner className="size-10" />
      <h1 className="font-display text-2xl uppercase tracking-wide">Setting up your challenge...</h1>
    </main>
  );
}
