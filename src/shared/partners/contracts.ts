import { z } from "zod";
import { undeliverableReason } from "../account/email-address.ts";
import { isValidEmail, normalizeEmail } from "../account/rules.ts";
import { answer } from "../answer.ts";
import { milestoneTypes } from "../plan/rules.ts";
import { proofSummarySchema } from "../proof/contracts.ts";
import { userText } from "../text.ts";
import { CHEER_MAX_LENGTH, PARTNER_NAME_MAX_LENGTH, partnerMessages, partnerStatuses } from "./rules.ts";

const undeliverableMessages = {
  ipAddress: partnerMessages.emailIpAddress,
  reservedDomain: partnerMessages.emailReservedDomain,
} as const;

/**
 * POST /api/partner/invitations. The address is trimmed and lower-cased; one at an IP address or a reserved domain
 * is refused (nothing could deliver it, decision 0115). The first name is printable text only: it is in the e-mail.
 */
export const invitePartnerSchema = z.strictObject({
  firstName: userText({
    max: PARTNER_NAME_MAX_LENGTH,
    printable: true,
    messages: { required: partnerMessages.firstNameRequired, tooLong: partnerMessages.firstNameTooLong },
  }),
  email: z
    .string({ error: partnerMessages.emailRequired })
    .refine((email) => email.trim() !== "", partnerMessages.emailRequired)
    .refine((email) => email.trim() === "" || isValidEmail(email), partnerMessages.emailInvalid)
    .transform(normalizeEmail)
    .superRefine((email, ctx) => {
      const reason = undeliverableReason(email);
      if (reason) ctx.addIssue({ code: "custom", message: undeliverableMessages[reason] });
    }),
});
export type InvitePartner = z.input<typeof invitePartnerSchema>;

/**
 * POST /api/partner-view/:token/cheers: one short plain-text line, printable only like a first name (issue 52 row 11):
 * it is shown on his dashboard.
 */
export const cheerSchema = z.strictObject({
  text: userText({
    max: CHEER_MAX_LENGTH,
    printable: true,
    messages: { required: partnerMessages.cheerRequired, tooLong: partnerMessages.cheerTooLong },
  }),
});

/** One partner as his own list shows him (never the link's token). */
const partnerSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  email: z.string(),
  status: z.enum(partnerStatuses),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** When the partner last opened the page; null if never. */
  lastViewedAt: z.string().nullable(),
  /** The partner stopped his e-mails from an e-mail's unsubscribe link. */
  emailsStopped: z.boolean(),
});
export type PartnerSummary = z.infer<typeof partnerSummarySchema>;

/** A cheer as his dashboard shows it. */
const cheerAnswerSchema = z.object({
  id: z.string(),
  partnerFirstName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type Cheer = z.infer<typeof cheerAnswerSchema>;

/** GET /api/partner. */
export const partnersAnswerSchema = answer(
  z.object({
    partners: z.array(partnerSummarySchema),
    maxPartners: z.number(),
    cheers: z.array(cheerAnswerSchema),
  }),
);
export type PartnersAnswer = z.infer<typeof partnersAnswerSchema>;

/**
 * His screen-time trend as his partner sees it, once he allows it (issue 55, `partnerSeesScreenTime`): the inputs of
 * the one number and each week's average, and nothing of the days themselves or the apps.
 */
const partnerScreenTimeSchema = z.object({
  /** His earliest check-in's minutes a day; null before any check-in. */
  startingPointMinutes: z.number().int().nullable(),
  /** `summarize`'s figure: his starting point minus his recent average, negative when his phone takes more. */
  takenBack: z.object({ minutesPerDay: z.number().int(), basedOn: z.number().int() }).nullable(),
  /** The insights chart's weeks on his clock, oldest first: average minutes a day, null for a week without a check-in. */
  weeks: z.array(z.object({ monday: z.string(), minutes: z.number().int().nullable() })),
});
export type PartnerScreenTime = z.infer<typeof partnerScreenTimeSchema>;

/** What a partner sees once he has confirmed: read-only, and nothing else of his (no e-mail, answers or tokens). */
const partnerPlanViewSchema = z.object({
  firstName: z.string(),
  /**
   * His time zone (IANA), in which the page writes the times of his proofs: the server's render and the partner's
   * browser then write the same hour, whatever zone the partner is in (issue 53 row 13).
   */
  timeZone: z.string(),
  lifeMission: z.string().nullable(),
  /** The mean of his accepted challenges' progress figures (challengeProgress), 0–100. */
  progress: z.number(),
  challenges: z.array(
    z.object({
      title: z.string(),
      progress: z.number(),
      milestones: z.array(
        z.object({
          milestoneType: z.enum(milestoneTypes),
          description: z.string(),
          /** YYYY-MM-DD, the due day; null when he has set none. */
          deadline: z.string().nullable(),
          completed: z.boolean(),
          overdue: z.boolean(),
          /** What proves it (issue 26); a photo loads through the partner's own link. */
          proof: proofSummarySchema.nullable(),
        }),
      ),
    }),
  ),
  /** Null unless he allows his partner to see it. */
  screenTime: partnerScreenTimeSchema.nullable(),
});
export type PartnerPlanView = z.infer<typeof partnerPlanViewSchema>;

/** GET /api/partner-view/:token: before confirming, only who invited him; after, the plan. */
export const partnerViewAnswerSchema = answer(
  z.discriminatedUnion("state", [
    z.object({ state: z.literal("invited"), inviterFirstName: z.string(), partnerFirstName: z.string() }),
    z.object({
      state: z.literal("accepted"),
      partnerFirstName: z.string(),
      plan: partnerPlanViewSchema,
      cheersLeftToday: z.number(),
    }),
  ]),
);
export type PartnerViewAnswer = z.infer<typeof partnerViewAnswerSchema>;

/** POST /api/partner-view/:token/cheers and POST /api/partner-emails/cheer: how many more he may send today. */
export const cheerSentSchema = answer(z.object({ cheersLeftToday: z.number() }));

/**
 * GET and POST /api/partner-emails/unsubscribe?token=: whose plan the partner's e-mails are about (his first name
 * only) and whether they are stopped. GET changes nothing; POST stops them (RFC 8058 one-click, or the page's button).
 */
export const partnerUnsubscribeAnswerSchema = answer(
  z.object({ inviterFirstName: z.string(), emailsStopped: z.boolean() }),
);
export type PartnerUnsubscribeAnswer = z.infer<typeof partnerUnsubscribeAnswerSchema>;

/**
 * GET /api/partner-emails/cheer?token=: what a partner e-mail's cheer button is about, for the page that asks first
 * (decision 0125); changes nothing. `milestone` is the one the e-mail told of, as it stands now (null for the weekly
 * summary, or once it left his plan).
 */
export const partnerCheerAnswerSchema = answer(
  z.object({
    inviterFirstName: z.string(),
    partnerFirstName: z.string(),
    milestone: z
      .object({
        challengeTitle: z.string(),
        milestoneType: z.enum(milestoneTypes),
        description: z.string(),
        completed: z.boolean(),
        overdue: z.boolean(),
      })
      .nullable(),
    cheersLeftToday: z.number(),
  }),
);
export type PartnerCheerAnswer = z.infer<typeof partnerCheerAnswerSchema>;
