import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { workflowQuery } from "#client/features/challenges/api/workflow.ts";
import { NoAcceptedChallenges, WorkflowSteps } from "#client/features/challenges/workflow-steps.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { ApiError } from "#client/lib/api.ts";
import { paths } from "#shared/paths.ts";

/** Everything comes from GET /api/workflow, so a reload at any step loses nothing. */
export default function ChallengeWorkflow() {
  const { id } = useParams();
  const workflow = useQuery(workflowQuery());
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (workflow.isPending) return <FullScreenMessage>Loading challenge...</FullScreenMessage>;
  const noPlan = workflow.isError
    ? workflow.error instanceof ApiError && workflow.error.status === 404
    : !workflow.data.quizResponseId;
  if (noPlan) return <FullScreenMessage>No data found.</FullScreenMessage>;
  if (workflow.isError) return <FullScreenMessage>Error: {workflow.error.message}</FullScreenMessage>;
  if (workflow.data.challenges.length === 0) return <NoAcceptedChallenges />;

  // The challenge picked on the results screen comes first; the others the user accepted follow.
  const challenges = [...workflow.data.challenges].sort((a, b) => Number(b.id === id) - Number(a.id === id));
  // The step lives in the URL so a reload stays on it.
  const step = params.get("step") === "2" ? 2 : 1;

  function goToStep(next: 1 | 2) {
    setParams(
      (p) => {
        if (next === 2) p.set("step", "2");
        else p.delete("step");
        return p;
      },
      { replace: false },
    );
    window.scrollTo(0, 0);
  }

  return (
    <WorkflowSteps
      step={step}
      challenges={challenges}
      missionStatement={workflow.data.missionStatement}
      onBack={() => (step === 1 ? navigate(paths.quizSetup, { state: { back: true } }) : goToStep(1))}
      onNext={() => {
        if (step === 1) {
          goToStep(2);
          return;
        }
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
        navigate(paths.dashboard, { state: { fromWorkflow: true } });
      }}
    />
  );
}
