import { useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import type { QuizResult } from "../../../shared/plan/contracts.ts";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { Modal } from "../../components/modal.tsx";
import { ChallengeCard } from "../../features/challenges/challenge-card.tsx";
import { useLatestQuiz, useQuizResult } from "../../features/quiz/quiz-api.ts";
import { useResponseId } from "../../features/quiz/use-response-id.ts";

export default function Results() {
  const givenId = useResponseId();
  const latest = useLatestQuiz();
  const latestAnalyzed = latest.data?.response?.status === "analyzed" ? latest.data.response.id : null;
  const id = givenId ?? latestAnalyzed;
  const result = useQuizResult(id);

  if (!givenId && latest.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (!id || result.isError) return <Navigate to="/quiz" replace />;
  if (result.isPending) return <FullScreenMessage>Loading your results...</FullScreenMessage>;
  if (result.data.status !== "analyzed") {
    return <Navigate to={`/quiz/ProcessingScreen?responseId=${id}`} replace state={{ responseId: id }} />;
  }
  return <ResultSteps result={result.data} />;
}

function ResultSteps({ result }: { result: QuizResult }) {
  const [params, setParams] = useSearchParams();
  // The step lives in the URL so a reload on the challenge list stays there.
  const step = params.get("step") === "2" ? 2 : 1;
  const mission = result.lifeMission ?? result.missionStatement ?? "";

  if (step === 1) {
    return (
      <main className="mx-auto flex max-w-2xl flex-col px-5 pt-10 pb-16 sm:pt-16">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Your mission</p>
        <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95] sm:text-6xl">This is your path.</h1>
        <blockquote className="mt-8 border-l-4 border-volt pl-5 text-2xl font-semibold leading-snug sm:text-3xl">
          {mission}
        </blockquote>
        {result.missionStatement && result.missionStatement !== mission && (
          <p className="mt-6 text-lg text-muted">{result.missionStatement}</p>
        )}
        {result.vision && (
          <div className="card mt-8">
            <p className="text-xs font-semibold uppercase tracking-wider text-volt">Vision</p>
            <p className="mt-2">{result.vision}</p>
          </div>
        )}
        <button
          type="button"
          className="btn-primary mt-10 w-full sm:w-auto sm:self-end"
          onClick={() =>
            setParams(
              (p) => {
                p.set("responseId", result.id);
                p.set("step", "2");
                return p;
              },
              { replace: true },
            )
          }
        >
          NEXT
        </button>
      </main>
    );
  }
  return <ChallengeChoice result={result} mission={mission} />;
}

function ChallengeChoice({ result, mission }: { result: QuizResult; mission: string }) {
  const navigate = useNavigate();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const [confirmRetake, setConfirmRetake] = useState(false);
  const accepted = result.challenges.filter((c) => c.challengeAccepted);
  const first = accepted[0];

  return (
    <main className="mx-auto max-w-5xl px-5 pt-10 pb-16 sm:pt-14">
      <h1 className="font-display text-4xl uppercase leading-[0.95] sm:text-5xl">You already took a big step...</h1>
      <p className="mt-3 max-w-2xl text-muted">
        You ran longer than ever and answered honestly. Now pick the challenge you will commit to.
      </p>

      <section className="mt-8 rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/10 to-transparent p-5">
        <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-volt">My Life Mission</h2>
        <p className="mt-2 text-lg font-semibold leading-snug">{mission}</p>
      </section>

      {planLimit && (
        <div role="alert" className="mt-6 rounded-xl border border-danger/50 bg-danger/10 p-4">
          <p className="text-danger">{planLimit}</p>
          <Link to="/dashboard/premium" className="mt-2 inline-block font-semibold text-volt underline">
            See Premium
          </Link>
        </div>
      )}

      <div className="mt-6 grid gap-5 md:grid-cols-3">
        {result.challenges.map((challenge, index) => (
          <ChallengeCard key={challenge.id} challenge={challenge} number={index + 1} onPlanLimit={setPlanLimit} />
        ))}
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" className="btn-secondary" onClick={() => setConfirmRetake(true)}>
          RETAKE QUIZ
        </button>
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          {!first && (
            <p className="text-center text-sm text-muted" id="next-hint">
              Accept at least one challenge to continue
            </p>
          )}
          <button
            type="button"
            className="btn-primary"
            disabled={!first}
            aria-describedby={first ? undefined : "next-hint"}
            onClick={() =>
              first &&
              navigate(`/quiz/setup?challengeId=${first.id}`, {
                state: { challengeId: first.id, responseId: result.id },
              })
            }
          >
            NEXT
          </button>
        </div>
      </div>

      <Modal open={confirmRetake} title="Retake the quiz?" onClose={() => setConfirmRetake(false)}>
        <p className="mt-3 text-muted">
          Your answers are analysed again and a new plan replaces this one, including the challenges you accepted. On
          the free plan a retake uses 1 token.
        </p>
        <div className="mt-6 flex gap-3">
          <button type="button" className="btn-secondary flex-1" onClick={() => setConfirmRetake(false)}>
            No
          </button>
          <button
            type="button"
            className="btn-primary flex-1"
            onClick={() => navigate(`/quiz?mode=edit&responseId=${result.id}`)}
          >
            Yes
          </button>
        </div>
      </Modal>
    </main>
  );
}
