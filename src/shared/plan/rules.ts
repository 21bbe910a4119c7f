import { addDays, dayOf, earliestDayAnywhere } from "../time.ts";
/** Pure rules of the plan: milestone order, deadlines, overdue and progress (SPEC.md sections 4, 5 and 9). */

export const milestoneTypes = ["immediate", "short_term", "medium_term"] as const;
export type MilestoneType = (typeof milestoneTypes)[number];

/** How a milestone's type is named wherever a person reads it: the screens, the calendar feed, the e-mails. */
export const milestoneLabels: Record<MilestoneType, string> = {
  immediate: "Immediate Milestone",
  short_term: "Short-term Milestone",
  medium_term: "Medium-term Milestone",
};

type MilestoneState = { milestoneDeadline: string | null; milestoneCompleted: boolean };

// ---------------------------------------------------------------------------------------------------------------
// Deadlines
// ---------------------------------------------------------------------------------------------------------------

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** SPEC.md section 9: a date-only deadline means the end of that day, 23:59:59.000Z. */
function endOfDay(day: string): string {
  return `${day}T23:59:59.000Z`;
}

/** A date-only value becomes that day T23:59:59.000Z; a full ISO timestamp is kept. null when not a real date. */
export function normalizeDeadline(input: string): string | null {
  if (DATE_ONLY.test(input)) {
    const date = new Date(endOfDay(input));
    if (Number.isNaN(date.getTime()) || dayOf(date) !== input) return null;
    return date.toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input)) return null;
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The earliest day a deadline may fall on: today for the user in the latest time zone (see decision 0034). */
export function earliestDeadlineDay(now: Date = new Date()): string {
  return earliestDayAnywhere(now);
}

/** Issue 53 row 10: how far ahead each milestone's due date is suggested before he picks one (decision 0150). */
const SUGGESTED_DAYS_AHEAD: Record<MilestoneType, number> = { immediate: 7, short_term: 30, medium_term: 90 };

/** The due date offered for a milestone of this type, counted from `today` (YYYY-MM-DD) on his calendar. */
export function suggestedDeadline(type: MilestoneType, today: string): string {
  return addDays(today, SUGGESTED_DAYS_AHEAD[type]);
}

export function isDeadlineInPast(normalizedIso: string, now: Date = new Date()): boolean {
  return normalizedIso.slice(0, 10) < earliestDeadlineDay(now);
}

// ---------------------------------------------------------------------------------------------------------------
// Progress and overdue (SPEC.md sections 4 and 9)
// ---------------------------------------------------------------------------------------------------------------

/** Overdue: the deadline has passed and the milestone is not completed. */
export function isOverdue(milestone: MilestoneState, now: Date = new Date()): boolean {
  if (!milestone.milestoneDeadline || milestone.milestoneCompleted) return false;
  return new Date(milestone.milestoneDeadline).getTime() < now.getTime();
}

/**
 * Progress of one challenge, 0..100: each of the three milestone types is worth a third; a milestone with todos
 * counts the share of its done todos, one without todos counts fully when completed.
 */
export function challengeProgress(
  milestones: Array<{ milestoneCompleted: boolean; todos?: Array<{ todoCompleted: boolean }> }>,
): number {
  const share = 100 / 3;
  let total = 0;
  for (const milestone of milestones.slice(0, 3)) {
    const todos = milestone.todos ?? [];
    if (todos.length > 0) total += (todos.filter((t) => t.todoCompleted).length / todos.length) * share;
    else if (milestone.milestoneCompleted) total += share;
  }
  return Math.min(100, Math.round(total));
}

/** Sorts milestones immediate → short_term → medium_term. */
export function sortMilestones<T extends { milestoneType: MilestoneType }>(list: T[]): T[] {
  return [...list].sort((a, b) => milestoneTypes.indexOf(a.milestoneType) - milestoneTypes.indexOf(b.milestoneType));
}

/** The plan a quiz response turns into (mission, challenges, milestones, todos): its shapes and edit requests. */

export const planMessages = {
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  milestoneDescriptionRequired: "A milestone needs a description. Empty text is not saved.",
  deadlineInvalid: "Please choose a valid date",
  deadlineInPast: "The deadline cannot be in the past",
  nothingToUpdate: "Nothing to update",
  challengeNotFound: "Challenge not found",
  milestoneNotFound: "Milestone not found",
  remainingTodos: (n: number) =>
    `Please complete all ${n} remaining todo(s) before marking this milestone as complete.`,
} as const;

export const todoMessages = {
  notFound: "Todo not found",
  milestoneCompleted: "Cannot generate todos for completed milestone",
  generateFailed: "Failed to generate todos. Please try again.",
  updateTodoFailed: "Failed to update todo. Please try again.",
  updateMilestoneFailed: "Failed to update milestone. Please try again.",
} as const;
