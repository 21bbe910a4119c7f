import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { quizResultQuery } from "#client/features/challenges/api/quiz-result.ts";
import { latestQuizQuery } from "#client/features/quiz/api/latest-quiz.ts";
import { QuizForm } from "#client/features/quiz/quiz-form.tsx";
import { screenTimeQuery } from "#client/features/screen-time/api/screen-time.ts";
import { StartingPointAsk } from "#client/features/screen-time/starting-point-ask.tsx";
import { useSession } from "#client/lib/session.ts";
import { useToday } from "#client/lib/use-today.ts";
import { paths, quizProcessingPath } from "#shared/paths.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";

export default function Quiz() {
  const [params] = useSearchParams();
  const editMode = params.get("mode") === "edit";
  const editId = editMode ? params.get("responseId") : null;
  const { user } = useSession();
  const navigate = useNavigate();
  const latest = useQuery(latestQuizQuery());
  const edited = useQuery({ ...quizResultQuery(editId ?? ""), enabled: Boolean(editId) });
  // Issue 55: a man without a starting point is asked for his phone's number after the first question.
  const screenTime = useQuery({ ...screenTimeQuery(), enabled: !editMode });
  const today = useToday(screenTime.data?.today);
  const noStartingPoint = !editMode && screenTime.isSuccess && screenTime.data.summary.startingPoint === null;
  // Once asked, the ask stays (with its "saved" line) after the check-in he adds gives him a starting point.
  const [askScreenTime, setAskScreenTime] = useState(false);
  useEffect(() => {
    if (noStartingPoint) setAskScreenTime(true);
  }, [noStartingPoint]);

  if (!user || latest.isPending || (editId && edited.isPending)) {
    return <FullScreenMessage>Loading...</FullScreenMessage>;
  }
  const current = latest.data?.response ?? null;
  if (!editMode && current?.status === "analyzed") return <Navigate to={paths.dashboard} replace />;
  if (!editMode && current?.generationStatus === "running") {
    return <Navigate to={quizProcessingPath(current.id)} replace state={{ responseId: current.id }} />;
  }

  // A first attempt whose generation failed is answered again in place instead of piling up new responses.
  const targetId = editMode ? editId : current?.status === "in_progress" ? current.id : null;
  const preload = editMode ? (edited.data?.answers ?? []) : current?.status === "in_progress" ? current.answers : [];
  const draftKey = editMode ? editId : null;
  return (
    <QuizForm
      key={`${user.id}:${draftKey}`}
      userId={user.id}
      draftKey={draftKey}
      targetId={targetId}
      editMode={editMode}
      initialAnswers={QUIZ_QUESTIONS.map((_, i) => preload[i]?.answer ?? "")}
      onSubmitted={(id) => navigate(quizProcessingPath(id), { state: { responseId: id } })}
      afterFirst={askScreenTime ? <StartingPointAsk today={today} /> : undefined}
    />
  );
}
