import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { QuizResult } from "#shared/plan/contracts.ts";
import { MissionStep } from "./mission-step.tsx";
import { WorkflowSteps } from "./workflow-steps.tsx";

afterEach(cleanup);

const lifeMission = "To build furniture and sell it, and to make real time for your kids.";
const statement = "I build furniture and sell it. I make time for my kids.";
const result: QuizResult = {
  id: "r1",
  status: "analyzed",
  answers: [],
  challenges: [],
  challengeLimit: { maxActive: 1, premium: false },
  lifeMission,
  missionStatement: statement,
  vision: null,
  screenToActionPlan: null,
  accountabilityFramework: null,
};

test("smaller item of issue 35: the results and the workflow name the mission statement the same way, apart from the life mission", () => {
  render(<MissionStep result={result} onNext={() => {}} />);
  expect(screen.getByText(lifeMission).tagName).toBe("BLOCKQUOTE");
  expect(screen.getByText(statement).parentElement?.textContent).toBe(`My Mission Statement${statement}`);
  cleanup();

  render(
    <MemoryRouter>
      <WorkflowSteps step={1} challenges={[]} missionStatement={statement} onBack={() => {}} onNext={() => {}} />
    </MemoryRouter>,
  );
  expect(screen.getByText(statement).textContent).toBe(`My Mission Statement: ${statement}`);
  expect(screen.queryByText(/^Mission:/)).toBeNull();
});
