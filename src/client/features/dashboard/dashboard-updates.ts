import type { Dashboard, DashboardChallenge } from "#shared/dashboard/contracts.ts";
import type { Milestone, Todo } from "#shared/plan/contracts.ts";

/**
 * SPEC.md section 4's milestone and todo rules applied to the cached dashboard, so the screen answers at once;
 * the server applies the same rules and its answer replaces these guesses.
 */

export type DashboardMilestone = DashboardChallenge["milestones"][number];

export function findMilestone(dashboard: Dashboard | undefined, id: string): DashboardMilestone | undefined {
  for (const challenge of dashboard?.challenges ?? []) {
    const found = challenge.milestones.find((m) => m.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The dashboard with one milestone replaced by `change(milestone)`; untouched when it is not there. */
export function updateMilestoneIn(
  dashboard: Dashboard,
  id: string,
  change: (milestone: DashboardMilestone) => DashboardMilestone,
): Dashboard {
  return {
    ...dashboard,
    challenges: dashboard.challenges.map((challenge) =>
      challenge.milestones.some((m) => m.id === id)
        ? { ...challenge, milestones: challenge.milestones.map((m) => (m.id === id ? change(m) : m)) }
        : challenge,
    ),
  };
}

export function openTodoCount(milestone: DashboardMilestone): number {
  return milestone.todos.filter((t) => !t.todoCompleted).length;
}

/** Completing waits for every todo (the caller checks openTodoCount first); un-completing resets them all. */
export function withCompletion(milestone: DashboardMilestone, completed: boolean): DashboardMilestone {
  return {
    ...milestone,
    milestoneCompleted: completed,
    todos: completed ? milestone.todos : milestone.todos.map((t) => ({ ...t, todoCompleted: false })),
  };
}

/** A todo flips; the milestone completes itself when all its todos are done and uncompletes otherwise. */
export function withTodo(milestone: DashboardMilestone, todoId: string, done: boolean): DashboardMilestone {
  const todos = milestone.todos.map((t) => (t.id === todoId ? { ...t, todoCompleted: done } : t));
  return { ...milestone, todos, milestoneCompleted: todos.length > 0 && todos.every((t) => t.todoCompleted) };
}

/** The server's saved milestone, keeping the todos on screen unless it sent them too. */
export function withSaved(milestone: DashboardMilestone, saved: Milestone, todos?: Todo[]): DashboardMilestone {
  return { ...milestone, ...saved, todos: todos ?? milestone.todos };
}
