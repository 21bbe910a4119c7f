import { z } from "zod";
import type { QuizAnswer, QuizStatus } from "../quiz/contracts.ts";
import { userText } from "../text.ts";
import { isDeadlineInPast, type MilestoneType, normalizeDeadline } from "./rules.ts";

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

/** How many challenges of one plan the user may accept (decision 0033), so the results screen can show the lock. */
type ChallengeLimit = { maxActive: number; premium: boolean };

/** GET /api/quiz/responses/:id */
export type QuizResult = Mission & {
  id: string;
  status: QuizStatus;
  answers: QuizAnswer[];
  challenges: Challenge[];
  challengeLimit: ChallengeLimit;
};

/** GET /api/workflow */
export type Workflow = { quizResponseId: string | null; missionStatement: string | null; challenges: Challenge[] };

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

/** Never empty: an empty save would lose the AI's text for good (issue 16). */
const milestoneDescriptionField = userText({
  max: 1000,
  multiline: true,
  messages: {
    required: planMessages.milestoneDescriptionRequired,
    tooLong: "Please keep the milestone under 1000 characters",
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/** PATCH /api/challenges/:id */
export const updateChallengeSchema = z
  .object({
    title: userText({
      max: 200,
      messages: { required: planMessages.titleRequired, tooLong: "Please keep the title under 200 characters" },
    }).optional(),
    description: userText({
      max: 2000,
      multiline: true,
      messages: {
        required: planMessages.descriptionRequired,
        tooLong: "Please keep the description under 2000 characters",
      },
    }).optional(),
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
// Todos (SPEC.md sections 4 and 7: generate-todo + consume-token, todo toggles)
// ---------------------------------------------------------------------------------------------------------------

export const todoMessages = {
  notFound: "Todo not found",
  milestoneCompleted: "Cannot generate todos for completed milestone",
  generateFailed: "Failed to generate todos. Please try again.",
  updateTodoFailed: "Failed to update todo. Please try again.",
  updateMilestoneFailed: "Failed to update milestone. Please try again.",
} as const;

/** PATCH /api/todos/:id. Answers TodoToggled: the todo and its milestone, auto-completed or auto-uncompleted. */
export const updateTodoSchema = z.object({
  todoCompleted: z.boolean({ error: "todoCompleted must be true or false" }),
});
export type UpdateTodoRequest = z.input<typeof updateTodoSchema>;
export type TodoToggled = { todo: Todo; milestone: Milestone };

/**
 * PATCH /api/milestones/:id answers the milestone with its todos, because un-completing resets them
 * (SPEC.md section 4). POST /api/milestones/:id/todos answers TodosGenerated (201; 200 with the todos a milestone
 * already has, nothing spent), or 402 'Insufficient tokens', 400 'Cannot generate todos for completed milestone',
 * 502 todoMessages.generateFailed (nothing spent), 404 for another user's milestone.
 */
export type MilestoneSaved = { milestone: Milestone; todos: Todo[] };
export type TodosGenerated = {
  todos: Todo[];
  tokens: { remaining: number; unlimited: boolean };
};

/** GET /api/milestones/:id/todos/preview: the todos written so far while a generation runs (issue 28). */
export type TodosPreview = { todos: string[] };
