import { Navigate, useNavigate } from "react-router";
import { paths, quizResultsPath } from "../../../shared/paths.ts";
import { Processing } from "../../features/quiz/processing.tsx";
import { useResponseId } from "../../features/quiz/use-response-id.ts";

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
