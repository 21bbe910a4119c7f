import { useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { quizResultQuery } from "#client/features/challenges/api/quiz-result.ts";
import { ChallengeChoice } from "#client/features/challenges/challenge-choice.tsx";
import { MissionStep } from "#client/features/challenges/mission-step.tsx";
import { latestQuizQuery } from "#client/features/quiz/api/latest-quiz.ts";
import { useResponseId } from "#client/features/quiz/use-response-id.ts";
import { paths, quizEditPath, quizProcessingPath, quizSetupPath } from "#shared/paths.ts";

export default function Results() {
  const givenId = useResponseId();
  const latest = useQuery(latestQuizQuery());
  const latestAnalyzed = latest.data?.response?.status === "analyzed" ? latest.data.response.id : null;
  const id = givenId ?? latestAnalyzed;
  const result = useQuery({ ...quizResultQuery(id ?? ""), enabled: Boolean(id) });
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  if (!givenId && latest.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (!id || result.isError) return <Navigate to={paths.quiz} replace />;
  if (result.isPending) return <FullScreenMessage>Loading your results...</FullScreenMessage>;
  if (result.data.status !== "analyzed") {
    return <Navigate to={quizProcessingPath(id)} replace state={{ responseId: id }} />;
  }
  const plan = result.data;

  // The step lives in the URL so a reload on the challenge list stays there.
  if (params.get("step") !== "2") {
    return (
      <MissionStep
        result={plan}
        onNext={() =>
          setParams(
            (p) => {
              p.set("responseId", plan.id);
              p.set("step", "2");
              return p;
            },
            { replace: true },
          )
        }
      />
    );
  }
  return (
    <ChallengeChoice
      result={plan}
      onContinue={(challengeId) =>
        navigate(quizSetupPath(challengeId), { state: { challengeId, responseId: plan.id } })
      }
      onRetake={() => navigate(quizEditPath(plan.id))}
    />
  );
}
