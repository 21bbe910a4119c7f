import { z } from "zod";
import { answer } from "../answer.ts";
import { eveningMessages } from "./rules.ts";

/** GET /api/evening: his phone-down time, the one his quiz answer suggests, and where tonight stands. */
export const eveningSchema = answer(
  z.object({
    /** "22:45" on his clock, or null: the nudge is off until he picks a time. */
    phoneDownAt: z.string().nullable(),
    /** The time offered before he picks one, and the words of his first quiz answer it was read from (null: none). */
    suggestion: z.object({ at: z.string(), because: z.string().nullable() }),
    /** Today on his clock, with the nudge on: whether its time has passed and whether he answered. */
    tonight: z.object({ day: z.string(), passed: z.boolean(), answered: z.boolean() }).nullable(),
  }),
);
export type Evening = z.infer<typeof eveningSchema>;

/** POST /api/evening/phone-down: the evening he answers for, today or yesterday on his clock (after midnight). */
export const phoneDownRequestSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: eveningMessages.dayInvalid }),
});
export type PhoneDownRequest = z.infer<typeof phoneDownRequestSchema>;

/** What a "Phone down" tap recorded: the evening, and whether it was counted before (a second tap changes nothing). */
export const phoneDownAnswerSchema = answer(
  z.object({ day: z.string(), alreadyCounted: z.boolean(), streakWeeks: z.number().int() }),
);
export type PhoneDownAnswer = z.infer<typeof phoneDownAnswerSchema>;

/** GET /api/evening/phone-down/link: the evening an e-mail's link is for, for the page that asks first. */
export const phoneDownLinkSchema = answer(z.object({ day: z.string(), answered: z.boolean() }));
export type PhoneDownLink = z.infer<typeof phoneDownLinkSchema>;

export const phoneDownTokenSchema = z.strictObject({ token: z.string().min(1).max(300) });
