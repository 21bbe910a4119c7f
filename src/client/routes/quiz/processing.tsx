import { Navigate, useNavigate } from "react-router";
import { Processing } from "#client/features/quiz/processing.tsx";
import { useResponseId } from "#client/features/quiz/use-response-id.ts";
import { paths, quizResultsPath } from "#shared/paths.ts";

export default function ProcessingScreen() {
  const responseId = useResponseId();
  const navigate = useNavigate();
  if (!responseId) return <Navigate to={paths.quiz} replace />;
  return (
    <Processing
      responseId={responseId}
      onShowResult={() => navigate(quizResultsPath({ responseId }), { state: { quizResponseId: responseId } })}
    />
  );
}
