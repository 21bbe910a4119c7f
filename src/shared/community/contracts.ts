import { z } from "zod";
import { normalizeEmail } from "../account/rules.ts";
import { answer } from "../answer.ts";
import { userText } from "../text.ts";

/**
 * The community area (SPEC.md sections 2, 3, 5 and 9; PRODUCT.md "Community"): the waitlist form and its answers, and
 * the feed preview's one request. The client form and the server validate with the same schema.
 */

/** SPEC.md section 3: the eight interest options, in the order the form shows them. */
export const interestOptions = [
  { id: "habits", label: "Building Better Habits" },
  { id: "career", label: "Career Growth" },
  { id: "health", label: "Health & Fitness" },
  { id: "relationships", label: "Relationships" },
  { id: "learning", label: "Learning & Skills" },
  { id: "mindfulness", label: "Mindfulness & Mental Health" },
  { id: "creativity", label: "Creativity & Arts" },
  { id: "finance", label: "Financial Growth" },
] as const;

const interestIds = interestOptions.map((o) => o.id) as [InterestId, ...InterestId[]];
export type InterestId = (typeof interestOptions)[number]["id"];

export function interestLabel(id: string) {
  return interestOptions.find((o) => o.id === id)?.label ?? id;
}

/** SPEC.md section 9: the launch estimate the confirmation promises. */
export const COMMUNITY_LAUNCH_ESTIMATE = "2–4 weeks";

export const WAITLIST_NAME_MAX_LENGTH = 100;

export const communityMessages = {
  notAccountEmail: "The waitlist uses your account's email address.",
  nameRequired: "Name is required",
  nameTooLong: `Please keep your name under ${WAITLIST_NAME_MAX_LENGTH} characters`,
  interestsInvalid: "Please choose your interests from the list",
  loginRequired: "You must be logged in to join the waitlist",
  joinFailed: "Failed to join waitlist. Please try again.",
} as const;

/**
 * POST /api/community/waitlist, and the form as typed. The e-mail is the account's (issue 24 #6, decision 0104): the
 * form shows it and sends none; one sent must be the account's (the server compares, trimmed and lower-cased). The
 * name is trimmed; interests are optional, known ids only, each once.
 */
export const joinWaitlistSchema = z.object({
  email: z.string({ error: communityMessages.notAccountEmail }).transform(normalizeEmail).optional(),
  name: userText({
    max: WAITLIST_NAME_MAX_LENGTH,
    messages: { required: communityMessages.nameRequired, tooLong: communityMessages.nameTooLong },
  }),
  interests: z
    .array(z.enum(interestIds, { error: communityMessages.interestsInvalid }), {
      error: communityMessages.interestsInvalid,
    })
    .max(interestOptions.length, communityMessages.interestsInvalid)
    .default([])
    .transform((ids) => interestIds.filter((id) => ids.includes(id))),
});
export type JoinWaitlistForm = z.input<typeof joinWaitlistSchema>;
export type JoinWaitlistRequest = z.output<typeof joinWaitlistSchema>;

/** One member's place on the waitlist; the position is the stored one, never an estimate. */
const waitlistSignupSchema = z.object({
  position: z.number(),
  email: z.string(),
  name: z.string(),
  interests: z.array(z.enum(interestIds)),
  joinedAt: z.string(),
});
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;

/** GET /api/community/waitlist and POST /api/community/waitlist (the new signup, or the one he already had). */
export const waitlistAnswerSchema = answer(z.object({ signup: waitlistSignupSchema.nullable() }));
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** GET /api/community: everything the feed preview shows, in one request. */
export const communityOverviewSchema = answer(
  z.object({
    membersWaiting: z.number(),
    notifyRequested: z.boolean(),
    signup: waitlistSignupSchema.nullable(),
  }),
);
export type CommunityOverview = z.infer<typeof communityOverviewSchema>;

/** POST /api/community/notify */
export const notifyAnswerSchema = answer(z.object({ notifyRequested: z.literal(true) }));
export type NotifyAnswer = z.infer<typeof notifyAnswerSchema>;
