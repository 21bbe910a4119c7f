import { z } from "zod";
import { answer } from "../answer.ts";
import { quizStatuses, storedQuizAnswerSchema } from "../quiz/contracts.ts";
import { userText } from "../text.ts";
import { isDeadlineInPast, milestoneTypes, normalizeDeadline, planMessages } from "./rules.ts";

// ---------------------------------------------------------------------------------------------------------------
// Answers: each type is its schema's, so the OpenAPI document (which shows the schema) and the client agree.
// ---------------------------------------------------------------------------------------------------------------

export const milestoneSchema = answer(
  z.object({
    id: z.string(),
    milestoneType: z.enum(milestoneTypes),
    milestoneDescription: z.string(),
    /** YYYY-MM-DD, or null when he has set none. */
    milestoneDeadline: z.string().nullable(),
    milestoneCompleted: z.boolean(),
  }),
);
export type Milestone = z.infer<typeof milestoneSchema>;

export const todoSchema = answer(z.object({ id: z.string(), todoDescription: z.string(), todoCompleted: z.boolean() }));
export type Todo = z.infer<typeof todoSchema>;

export const challengeSchema = answer(
  z.object({
    id: z.string(),
    position: z.number(),
    title: z.string(),
    description: z.string(),
    insight: z.string().nullable(),
    challengeAccepted: z.boolean(),
    screenToAction: z.string().nullable(),
    accountabilityFramework: z.string().nullable(),
    milestones: z.array(milestoneSchema),
  }),
);
export type Challenge = z.infer<typeof challengeSchema>;

export const missionSchema = answer(
  z.object({
    lifeMission: z.string().nullable(),
    missionStatement: z.string().nullable(),
    vision: z.string().nullable(),
    screenToActionPlan: z.string().nullable(),
    accountabilityFramework: z.string().nullable(),
  }),
);
export type Mission = z.infer<typeof missionSchema>;

/** The tokens he has left after spending one (or not). */
export const tokenBalanceSchema = answer(z.object({ remaining: z.number(), unlimited: z.boolean() }));

/** GET /api/quiz/responses/:id. `challengeLimit`: how many challenges of one plan he may accept (decision 0033). */
export const quizResultSchema = answer(
  missionSchema.extend({
    id: z.string(),
    status: z.enum(quizStatuses),
    answers: z.array(storedQuizAnswerSchema),
    challenges: z.array(challengeSchema),
    challengeLimit: z.object({ maxActive: z.number(), premium: z.boolean() }),
  }),
);
export type QuizResult = z.infer<typeof quizResultSchema>;

/** GET /api/workflow */
export const workflowSchema = answer(
  z.object({
    quizResponseId: z.string().nullable(),
    missionStatement: z.string().nullable(),
    challenges: z.array(challengeSchema),
  }),
);
export type Workflow = z.infer<typeof workflowSchema>;

/** PATCH /api/challenges/:id */
export const challengeAnswerSchema = answer(z.object({ challenge: challengeSchema }));

/** PATCH /api/milestones (bulk) */
export const milestonesAnswerSchema = answer(z.object({ milestones: z.array(milestoneSchema) }));

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

/** PATCH /api/todos/:id. Answers TodoToggled: the todo and its milestone, auto-completed or auto-uncompleted. */
export const updateTodoSchema = z.object({
  todoCompleted: z.boolean({ error: "todoCompleted must be true or false" }),
});
export type UpdateTodoRequest = z.input<typeof updateTodoSchema>;
export const todoToggledSchema = answer(z.object({ todo: todoSchema, milestone: milestoneSchema }));
export type TodoToggled = z.infer<typeof todoToggledSchema>;

/**
 * PATCH /api/milestones/:id answers the milestone with its todos, because un-completing resets them
 * (SPEC.md section 4). POST /api/milestones/:id/todos answers TodosGenerated (201; 200 with the todos a milestone
 * already has, nothing spent), or 402 'Insufficient tokens', 400 'Cannot generate todos for completed milestone',
 * 502 todoMessages.generateFailed (nothing spent), 404 for another user's milestone.
 */
export const milestoneSavedSchema = answer(z.object({ milestone: milestoneSchema, todos: z.array(todoSchema) }));
export type MilestoneSaved = z.infer<typeof milestoneSavedSchema>;
export const todosGeneratedSchema = answer(z.object({ todos: z.array(todoSchema), tokens: tokenBalanceSchema }));
export type TodosGenerated = z.infer<typeof todosGeneratedSchema>;

/** GET /api/milestones/:id/todos/preview: the todos written so far while a generation runs (issue 28). */
export const todosPreviewSchema = answer(z.object({ todos: z.array(z.string()) }));
export type TodosPreview = z.infer<typeof todosPreviewSchema>;
