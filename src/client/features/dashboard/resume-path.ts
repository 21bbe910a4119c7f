import { paths, quizProcessingPath } from "#shared/paths.ts";
import type { OnboardingState } from "#shared/run-challenge/contracts.ts";

/**
 * Where a user without challenges left off: the run challenge, its validation, the quiz or its running
 * generation. null once his quiz is analyzed: then the empty dashboard's guidance is the way on.
 */
export function resumePath(onboarding: OnboardingState): { to: string; state?: { responseId: string } } | null {
  // A stored run ends the run challenge, also when it was validated without starting the countdown first.
  if (!onboarding.runValidation) {
    return { to: onboarding.challengeAcceptedAt ? paths.validateChallenge : paths.challengeAccepted };
  }
  const quiz = onboarding.latestQuiz;
  if (quiz?.status === "analyzed") return null;
  if (quiz?.generationStatus === "running") return { to: quizProcessingPath(quiz.id), state: { responseId: quiz.id } };
  return { to: paths.quiz };
}
