import { describe, expect, test } from "vitest";
import type { OnboardingState } from "#shared/run-challenge/contracts.ts";
import { resumePath } from "./resume-path.ts";

const validated: OnboardingState = {
  challengeAcceptedAt: "2030-01-01T10:00:00.000Z",
  maxDurationMinutes: 40,
  targetMinutes: 60,
  runValidation: {
    id: "r",
    previousMaxDuration: 40,
    todayDuration: 65,
    notes: "Kept moving",
    createdAt: "x",
    activity: null,
  },
  latestQuiz: null,
};

describe("where a user without challenges left off", () => {
  test("the run challenge, then its validation", () => {
    expect(resumePath({ ...validated, challengeAcceptedAt: null, runValidation: null })?.to).toBe("/ChallengeAccepted");
    expect(resumePath({ ...validated, runValidation: null })?.to).toBe("/ValidateChallenge");
  });

  test("a validated run is the end of the run challenge, even without a started countdown", () => {
    expect(resumePath({ ...validated, challengeAcceptedAt: null })?.to).toBe("/quiz");
  });

  test("the quiz, or the processing screen of a generation that runs", () => {
    expect(resumePath(validated)?.to).toBe("/quiz");
    expect(
      resumePath({ ...validated, latestQuiz: { id: "q1", status: "in_progress", generationStatus: "failed" } })?.to,
    ).toBe("/quiz");
    expect(
      resumePath({ ...validated, latestQuiz: { id: "q1", status: "in_progress", generationStatus: "running" } }),
    ).toEqual({ to: "/quiz/ProcessingScreen?responseId=q1", state: { responseId: "q1" } });
  });

  test("nowhere once the quiz is analyzed: the empty dashboard guides him", () => {
    expect(
      resumePath({ ...validated, latestQuiz: { id: "q1", status: "analyzed", generationStatus: "done" } }),
    ).toBeNull();
  });
});
