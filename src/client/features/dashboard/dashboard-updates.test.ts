import { describe, expect, test } from "vitest";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import {
  type DashboardMilestone,
  findMilestone,
  openTodoCount,
  updateMilestoneIn,
  withCompletion,
  withSaved,
  withTodo,
} from "./dashboard-updates.ts";

const todo = (id: string, todoCompleted: boolean) => ({ id, todoDescription: `Todo ${id}`, todoCompleted });

function milestone(id: string, todos = [todo("a", true), todo("b", false)], completed = false): DashboardMilestone {
  return {
    id,
    milestoneType: "immediate",
    milestoneDescription: "Sketch the table",
    milestoneDeadline: "2031-03-01T23:59:59.000Z",
    milestoneCompleted: completed,
    todos,
    proof: null,
    replan: null,
    replansUsed: 0,
  };
}

describe("the dashboard's copy of SPEC.md section 4's rules", () => {
  test("the last open todo ticked completes the milestone; unticking one uncompletes it", () => {
    const done = withTodo(milestone("m"), "b", true);
    expect(done.milestoneCompleted).toBe(true);
    expect(openTodoCount(done)).toBe(0);
    const reopened = withTodo(done, "a", false);
    expect(reopened.milestoneCompleted).toBe(false);
    expect(openTodoCount(reopened)).toBe(1);
  });

  test("un-completing a milestone resets all its todos; completing keeps them", () => {
    const complete = milestone("m", [todo("a", true), todo("b", true)], true);
    expect(withCompletion(complete, false).todos.map((t) => t.todoCompleted)).toEqual([false, false]);
    expect(withCompletion(milestone("m", []), true).milestoneCompleted).toBe(true);
  });

  test("the server's answer replaces the guess, and keeps the todos on screen when it sends none", () => {
    const saved = { ...milestone("m"), milestoneDescription: "Build the table" };
    const { todos: _, ...fields } = saved;
    expect(withSaved(milestone("m"), fields).todos).toHaveLength(2);
    expect(withSaved(milestone("m"), fields, []).todos).toEqual([]);
    expect(withSaved(milestone("m"), fields).milestoneDescription).toBe("Build the table");
  });

  test("one milestone of the dashboard changes, the others are the same objects", () => {
    const other = milestone("other");
    const dashboard: Dashboard = {
      firstName: "Marcus",
      today: "2031-03-01",
      tokens: { remaining: 5, unlimited: false },
      mission: null,
      addChallenge: null,
      screenTime: { startingPoint: null, latest: null, takenBack: null, checkInDue: true },
      challenges: [
        {
          id: "c1",
          position: 0,
          title: "Build",
          description: "",
          insight: null,
          challengeAccepted: true,
          screenToAction: null,
          accountabilityFramework: null,
          milestones: [milestone("m"), other],
        },
      ],
    };
    const next = updateMilestoneIn(dashboard, "m", (m) => withCompletion(m, false));
    expect(findMilestone(next, "m")?.todos.every((t) => !t.todoCompleted)).toBe(true);
    expect(findMilestone(next, "other")).toBe(other);
    expect(updateMilestoneIn(dashboard, "missing", () => other)).toEqual(dashboard);
  });
});
