import { z } from "zod";
import type { QuizAnswer } from "./quiz.ts";
import type { QuizStatus } from "./run-challenge.ts";

export const milestoneTypes = ["immediate", "short_term", "medium_term"] as const;
export type MilestoneType = (typeof milestoneTypes)[number];

export const milestoneLabels: Record<MilestoneType, string> = {
  immediate: "Immediate Milestone",
  short_term: "Short-term Milestone",
  medium_term: "Medium-term Milestone",
};

export const FREE_ACTIVE_CHALLENGES = 1;
export const PREMIUM_ACTIVE_CHALLENGES = 3;

export const planMessages = {
  freeChallengeLimit: "Free plan includes 1 active challenge. Upgrade to Premium for up to 3.",
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  deadlineInvalid: "Please choose a valid date",
  deadlineInPast: "The deadline cannot be in the past",
  nothingToUpdate: "Nothing to update",
  remainingTodos: (n: number) =>
    `Please complete all ${n} remaining todo(s) before marking this milestone as complete.`,
} as const;

export type Milestone = {
  id: string;
  milestoneType: MilestoneType;
  milestoneDescription: string;
  milestoneDeadline: string | null;
  milestoneCompleted: boolean;
};

export type Todo = { id: string; todoDescription: string; todoCompleted: boolean };

export type Challenge = {
  id: string;
  position: number;
  title: string;
  description: string;
  insight: string | null;
  challengeAccepted: boolean;
  screenToAction: string | null;
  accountabilityFramework: string | null;
  milestones: Milestone[];
};

export type Mission = {
  lifeMission: string | null;
  missionStatement: string | null;
  vision: string | null;
  screenToActionPlan: string | null;
  accountabilityFramework: string | null;
};

/** GET /api/quiz/responses/:id */
export type QuizResult = Mission & {
  id: string;
  status: QuizStatus;
  answers: QuizAnswer[];
  challenges: Challenge[];
};

/** GET /api/workflow */
export type Workflow = { quizResponseId: string | null; missionStatement: string | null; challenges: Challenge[] };

export type DashboardMilestone = Milestone & { todos: Todo[] };
export type DashboardChallenge = Omit<Challenge, "milestones"> & { milestones: DashboardMilestone[] };

/** GET /api/dashboard */
export type Dashboard = {
  firstName: string;
  tokens: { remaining: number; unlimited: boolean };
  mission: Mission | null;
  challenges: DashboardChallenge[];
};

// ---------------------------------------------------------------------------------------------------------------
// Deadlines
// ---------------------------------------------------------------------------------------------------------------

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Anyone whose local "today" is still this UTC day may pick it: UTC−12 is the latest time zone on earth. */
const LATEST_TIMEZONE_OFFSET_MS = 12 * 60 * 60 * 1000;

/** A date-only value becomes that day T23:59:59.000Z; a full ISO timestamp is kept. null when not a real date. */
export function normalizeDeadline(input: string): string | null {
  if (DATE_ONLY.test(input)) {
    const date = new Date(`${input}T23:59:59.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== input) return null;
    return date.toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input)) return null;
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The earliest day a deadline may fall on: today for the user in the latest time zone (see decision 0034). */
export function earliestDeadlineDay(now: Date = new Date()): string {
  return new Date(now.getTime() - LATEST_TIMEZONE_OFFSET_MS).toISOString().slice(0, 10);
}

export function isDeadlineInPast(normalizedIso: string, now: Date = new Date()): boolean {
  return normalizedIso.slice(0, 10) < earliestDeadlineDay(now);
}

/** YYYY-MM-DD (the picker's value) → the stored ISO form, e.g. 2026-03-01 → 2026-03-01T23:59:59.000Z. */
export function deadlineFromDay(day: string): string {
  return `${day}T23:59:59.000Z`;
}

const deadlineField = z
  .string({ error: planMessages.deadlineInvalid })
  .transform((value, ctx) => {
    const normalized = normalizeDeadline(value.trim());
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: planMessages.deadlineInvalid });
      return z.NEVER;
    }
    if (isDeadlineInPast(normalized)) {
      ctx.addIssue({ code: "custom", message: planMessages.deadlineInPast });
      return z.NEVER;
    }
    return normalized;
  })
  .nullable();

const milestoneDescriptionField = z
  .string()
  .max(1000, "Please keep the milestone under 1000 characters")
  .transform((v) => v.trim());

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/** PATCH /api/challenges/:id */
export const updateChallengeSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, planMessages.titleRequired)
      .max(200, "Please keep the title under 200 characters")
      .optional(),
    description: z
      .string()
      .trim()
      .min(1, planMessages.descriptionRequired)
      .max(2000, "Please keep the description under 2000 characters")
      .optional(),
    challengeAccepted: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), planMessages.nothingToUpdate);
export type UpdateChallengeRequest = z.input<typeof updateChallengeSchema>;

/** PATCH /api/milestones/:id */
export const updateMilestoneSchema = z
  .object({
    milestoneDescription: milestoneDescriptionField.optional(),
    milestoneDeadline: deadlineField.optional(),
    milestoneCompleted: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), planMessages.nothingToUpdate);
export type UpdateMilestoneRequest = z.input<typeof updateMilestoneSchema>;

/** PATCH /api/milestones (bulk save of the workflow; all or nothing). */
export const bulkUpdateMilestonesSchema = z.object({
  milestones: z
    .array(
      z.object({
        id: z.uuid("Invalid milestone id"),
        milestoneDescription: milestoneDescriptionField.optional(),
        milestoneDeadline: deadlineField.optional(),
      }),
    )
    .min(1, planMessages.nothingToUpdate)
    .max(30, "Too many milestones at once")
    .refine((list) => new Set(list.map((m) => m.id)).size === list.length, "Each milestone may appear only once"),
});
export type BulkUpdateMilestonesRequest = z.input<typeof bulkUpdateMilestonesSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Progress and overdue (SPEC.md sections 4 and 9)
// ---------------------------------------------------------------------------------------------------------------

/** Overdue: the deadline has passed and the milestone is not completed. */
export function isOverdue(
  milestone: Pick<Milestone, "milestoneDeadline" | "milestoneCompleted">,
  now: Date = new Date(),
): boolean {
  if (!milestone.milestoneDeadline || milestone.milestoneCompleted) return false;
  return new Date(milestone.milestoneDeadline).getTime() < now.getTime();
}

/**
 * Progress of one challenge, 0..100: each of the three milestone types is worth a third; a milestone with todos
 * counts the share of its done todos, one without todos counts fully when completed.
 */
export function challengeProgress(
  milestones: Array<Pick<Milestone, "milestoneCompleted"> & { todos?: Array<Pick<Todo, "todoCompleted">> }>,
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
export function sortMilestones<T extends Pick<Milestone, "milestoneType">>(list: T[]): T[] {
  return [...list].sort((a, b) => milestoneTypes.indexOf(a.milestoneType) - milestoneTypes.indexOf(b.milestoneType));
}
