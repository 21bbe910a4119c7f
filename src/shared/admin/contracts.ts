import { z } from "zod";
import { answer } from "../answer.ts";
import { moderatedItemKinds, moderationDecisions, postKinds, reportReasonIds } from "../community/rules.ts";
import { userText } from "../text.ts";

/**
 * The operator's page (/admin, issue 40, decision 0136): the counts he looks at, the moderation queue, his decisions
 * (DSA Art. 17) and admission from the waitlist. Only accounts marked with `npm run community:operator` reach it;
 * everyone else gets the answer of an unknown path (404).
 */

/** Longest explanation a decision carries; it goes into the statement of reasons as the facts and circumstances. */
export const EXPLANATION_MAX = 1000;
/** Most people let in with one press: the same command allows more, the page keeps a slip of the finger small. */
export const ADMIT_AT_ONCE_MAX = 500;
/** Decisions the log shows, newest first. */
export const DECISION_LOG_SIZE = 100;

export const adminMessages = {
  itemKind: "Please say whether this is a post or a comment.",
  itemId: "This item could not be found.",
  decision: "Please choose keep, remove or suspend.",
  ground: "Please choose the community rule this decision rests on.",
  explanationRequired: "Please explain the decision: the author reads it in the statement of reasons.",
  explanationTooLong: `Please keep the explanation under ${EXPLANATION_MAX} characters.`,
  count: `Please enter a whole number from 1 to ${ADMIT_AT_ONCE_MAX}.`,
  /** The item has no open reports: another operator decided it meanwhile, or it was never reported. */
  alreadyDecided: "This item has no open reports: it was decided already, perhaps by another operator just now.",
  itemNotFound: "This post or comment no longer exists.",
} as const;

/** GET /api/admin/overview: what an operator looks at, each a count over the whole app. */
export const adminOverviewSchema = answer(
  z.object({
    signUps: z.number(),
    plansWritten: z.number(),
    premiumMembers: z.number(),
    generations: z.object({
      total: z.number(),
      failed: z.number(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      /** Per provider and model, most used first, with its cost in euros (null: no price configured for it). */
      byModel: z.array(
        z.object({
          provider: z.string(),
          model: z.string(),
          count: z.number(),
          inputTokens: z.number(),
          outputTokens: z.number(),
          cost: z.number().nullable(),
        }),
      ),
      /** The cost in euros of the priced models (AI_PRICES); `complete`: every model used has a price. */
      cost: z.object({ euros: z.number(), complete: z.boolean() }),
    }),
    community: z.object({ members: z.number(), suspended: z.number(), waiting: z.number(), openReports: z.number() }),
  }),
);
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

const queueReportSchema = z.object({
  reason: z.enum(reportReasonIds),
  note: z.string(),
  createdAt: z.string(),
});

/** One reported item with every open report about it. The reporters are not named: the author never learns who. */
const queueItemSchema = z.object({
  itemKind: z.enum(moderatedItemKinds),
  itemId: z.string(),
  author: z.object({ firstName: z.string() }),
  /** The post's words, or the comment's. */
  text: z.string(),
  /** The win the post shares, or the post the comment is under. */
  postKind: z.enum(postKinds),
  challengeTitle: z.string(),
  milestoneText: z.string(),
  createdAt: z.string(),
  /** When the first open report came: the queue is oldest first. */
  firstReportedAt: z.string(),
  reports: z.array(queueReportSchema),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const moderationQueueSchema = answer(z.object({ items: z.array(queueItemSchema) }));
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/**
 * POST /api/admin/decisions. An explanation is required for remove and suspend: it is what the author reads as the
 * facts and circumstances (DSA Art. 17(3)(b)). Keeping an item sends nobody anything, so there it may be empty.
 */
export const decisionSchema = z
  .object({
    itemKind: z.enum(moderatedItemKinds, { error: adminMessages.itemKind }),
    itemId: z.uuid({ error: adminMessages.itemId }),
    decision: z.enum(moderationDecisions, { error: adminMessages.decision }),
    ground: z.enum(reportReasonIds, { error: adminMessages.ground }),
    explanation: userText({
      max: EXPLANATION_MAX,
      min: 0,
      multiline: true,
      printable: true,
      messages: { tooLong: adminMessages.explanationTooLong },
    })
      .optional()
      .default(""),
  })
  .refine((d) => d.decision === "keep" || d.explanation.length > 0, {
    error: adminMessages.explanationRequired,
    path: ["explanation"],
  });
export type DecisionForm = z.input<typeof decisionSchema>;
export type DecisionRequest = z.output<typeof decisionSchema>;

const loggedDecisionSchema = z.object({
  id: z.string(),
  itemKind: z.enum(moderatedItemKinds),
  itemId: z.string(),
  author: z.object({ firstName: z.string() }),
  /** The operator's first name, or "a former operator" when his account is gone. */
  decidedBy: z.string(),
  decision: z.enum(moderationDecisions),
  ground: z.enum(reportReasonIds),
  explanation: z.string(),
  reports: z.number(),
  decidedAt: z.string(),
  /** When the statement of reasons went out; null for keep, or while it could not be sent. */
  statementSentAt: z.string().nullable(),
});
export type LoggedDecision = z.infer<typeof loggedDecisionSchema>;

/** The answer of POST /api/admin/decisions: the logged decision. */
export const decidedSchema = answer(z.object({ decision: loggedDecisionSchema }));
/** GET /api/admin/decisions: the last decisions, newest first. */
export const decisionLogSchema = answer(z.object({ decisions: z.array(loggedDecisionSchema) }));
export type DecisionLog = z.infer<typeof decisionLogSchema>;

/** POST /api/admin/admissions: let the next `count` of the waitlist in. */
export const admitSchema = z.object({
  count: z
    .number({ error: adminMessages.count })
    .int(adminMessages.count)
    .min(1, adminMessages.count)
    .max(ADMIT_AT_ONCE_MAX, adminMessages.count),
});
export type AdmitForm = z.input<typeof admitSchema>;

export const admittedSchema = answer(
  z.object({
    admitted: z.number(),
    /** The waitlist positions let in, first and last; null when nobody was waiting. */
    positions: z.object({ first: z.number(), last: z.number() }).nullable(),
    /** How many of them the e-mail could not reach (they are in all the same). */
    emailsFailed: z.number(),
  }),
);
export type AdmittedAnswer = z.infer<typeof admittedSchema>;
