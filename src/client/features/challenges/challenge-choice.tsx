import { useState } from "react";
import { RetakeQuizDialog } from "#client/components/retake-quiz-dialog.tsx";
import type { QuizResult } from "#shared/plan/contracts.ts";
import { ChallengeCard } from "./challenge-card.tsx";
import { lifeMissionText } from "./mission-step.tsx";

/**
 * Results step 2: the mission, the three challenge cards, NEXT once one is accepted, and the retake with its
 * warning. `onContinue` receives the first accepted challenge. Once the plan's limit of active challenges is
 * reached, every other card shows the limit and the way to Premium where the user is (issue 16).
 */
export function ChallengeChoice({
  result,
  onContinue,
  onRetake,
}: {
  result: QuizResult;
  onContinue: (challengeId: string) => void;
  onRetake: () => void;
}) {
  const [confirmRetake, setConfirmRetake] = useState(false);
  const first = result.challenges.find((c) => c.challengeAccepted);
  const acceptedCount = result.challenges.filter((c) => c.challengeAccepted).length;
  const limitReached = acceptedCount >= result.challengeLimit.maxActive;

  return (
    <main className="mx-auto max-w-5xl px-5 pt-10 pb-16 sm:pt-14">
      <h1 className="font-display text-4xl uppercase leading-[0.95] sm:text-5xl">You already took a big step...</h1>
      <p className="mt-3 max-w-2xl text-muted">
        You ran longer than ever and answered honestly. Now pick the challenge you will commit to.
      </p>

      <section className="mt-8 rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/10 to-transparent p-5">
        <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-volt">My Life Mission</h2>
        <p className="mt-2 text-lg font-semibold leading-snug">{lifeMissionText(result)}</p>
      </section>

      <div className="mt-6 grid gap-5 md:grid-cols-3">
        {result.challenges.map((challenge, index) => (
          <ChallengeCard
            key={challenge.id}
            challenge={challenge}
            number={index + 1}
            locked={limitReached && !challenge.challengeAccepted}
            premium={result.challengeLimit.premium}
          />
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
            onClick={() => first && onContinue(first.id)}
          >
            NEXT
          </button>
        </div>
      </div>

      <RetakeQuizDialog open={confirmRetake} onClose={() => setConfirmRetake(false)} onConfirm={onRetake} />
    </main>
  );
}
