import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { OnboardingState, RunValidation } from "#shared/run-challenge/contracts.ts";
import { AlreadyValidated } from "./already-validated.tsx";

afterEach(cleanup);

/** The day of an instant on this machine's clock, as a browser shows it in his own zone. */
const localDay = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long" });

function renderRun(run: RunValidation) {
  const state: OnboardingState = {
    challengeAcceptedAt: "2026-11-24T06:00:00.000Z",
    maxDurationMinutes: null,
    targetMinutes: 60,
    runValidation: run,
    latestQuiz: null,
  };
  render(
    <MemoryRouter>
      <AlreadyValidated state={state} run={run} />
    </MemoryRouter>,
  );
  return screen.getByTestId("run-validated");
}

test("issue 35 row 4: the result and the proof card name the same day, the file's, not the day he uploaded it", () => {
  const startedAt = "2026-11-24T07:32:00.000Z";
  const validated = renderRun({
    id: "run-1",
    previousMaxDuration: null,
    todayDuration: 50,
    notes: "Slow, but I kept going.",
    // Uploaded two days after the run.
    createdAt: "2026-11-26T18:00:00.000Z",
    activity: {
      format: "gpx",
      startedAt,
      distanceMeters: 7_400,
      movingSeconds: 50 * 60 + 12,
      elapsedSeconds: 52 * 60,
      paceSecondsPerKm: 407,
      route: [],
    },
  });
  const result = validated.querySelector("p");
  const card = within(validated).getByTestId("activity-summary");
  expect(result?.textContent).toContain(`You ran 50 min on ${localDay(startedAt)}`);
  expect(result?.querySelector("time")?.getAttribute("dateTime")).toBe(startedAt);
  expect(card.textContent).toContain(localDay(startedAt));
  expect(validated.textContent).not.toContain(localDay("2026-11-26T18:00:00.000Z"));
});

test("issue 35 row 4: a typed run has no file, so its date is the day he validated it (SPEC.md's form)", () => {
  const createdAt = "2026-11-26T18:00:00.000Z";
  const validated = renderRun({
    id: "run-2",
    previousMaxDuration: 40,
    todayDuration: 65,
    notes: "Hardest hour of my year.",
    createdAt,
    activity: null,
  });
  expect(validated.textContent).toContain(`You ran 1 h 5 min on ${localDay(createdAt)}`);
  expect(within(validated).queryByTestId("activity-summary")).toBeNull();
});
