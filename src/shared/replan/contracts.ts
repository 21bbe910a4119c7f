import { z } from "zod";
import { answer } from "../answer.ts";
import { milestoneSchema, todoSchema, tokenBalanceSchema } from "../plan/contracts.ts";
import { userText } from "../text.ts";
import { REPLAN_NOTE_MAX, REPLAN_TODOS, replanMessages, replanReasons } from "./rules.ts";

/** POST /api/milestones/:id/replan: what got in the way, one of the choices and his own line if he wants. */
export const replanRequestSchema = z.object({
  reason: z.enum(replanReasons, { error: replanMessages.reasonRequired }),
  note: userText({ max: REPLAN_NOTE_MAX, min: 0, messages: { tooLong: replanMessages.noteTooLong } })
    .transform((text) => text || null)
    .nullish(),
});
export type ReplanRequest = z.input<typeof replanRequestSchema>;

const todoText = userText({
  max: 200,
  messages: { required: "A todo cannot be empty.", tooLong: "Please keep each todo under 200 characters" },
});

/**
 * POST /api/milestones/:id/replan/accept: the proposal as he edited it; what he leaves out stays as proposed. The
 * date's window is checked by the server, which knows his calendar.
 */
export const acceptReplanSchema = z.object({
  milestoneDescription: userText({
    max: 300,
    multiline: true,
    messages: {
      required: "The next step needs a description.",
      tooLong: "Please keep the next step under 300 characters",
    },
  }).optional(),
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a valid date")
    .optional(),
  todos: z.array(todoText).length(REPLAN_TODOS, `A re-plan has ${REPLAN_TODOS} todos`).optional(),
});
export type AcceptReplanRequest = z.input<typeof acceptReplanSchema>;

/** ReplanProposal and ReplanWindow of rules.ts, as answered (their types are checked equal in contracts.types.test.ts). */
const replanProposalSchema = z.object({
  milestoneDescription: z.string(),
  deadline: z.string(),
  todos: z.array(z.string()),
});
const replanWindowSchema = z.object({ earliest: z.string(), latest: z.string() });

/**
 * A proposal waiting for his answer. `window`: the days its date may move to. `tokenSpent`: whether it cost a
 * token. The dashboard carries it on its milestone, so a proposal he closed without answering is still there.
 */
export const replanOfferSchema = answer(
  z.object({
    id: z.string(),
    reason: z.enum(replanReasons),
    note: z.string().nullable(),
    proposal: replanProposalSchema,
    window: replanWindowSchema,
    tokenSpent: z.boolean(),
  }),
);
export type ReplanOffer = z.infer<typeof replanOfferSchema>;

/** The answer to POST …/replan (201 new, 200 the one already waiting). */
export const replanProposedSchema = answer(z.object({ replan: replanOfferSchema, tokens: tokenBalanceSchema }));
export type ReplanProposed = z.infer<typeof replanProposedSchema>;

/** The answer to POST …/replan/accept: the milestone as it now is, with its todos. */
export const replanAcceptedSchema = answer(z.object({ milestone: milestoneSchema, todos: z.array(todoSchema) }));
export type ReplanAccepted = z.infer<typeof replanAcceptedSchema>;
