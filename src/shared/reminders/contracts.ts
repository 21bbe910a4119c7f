import { z } from "zod";
import { answer } from "../answer.ts";
import { PHONE_DOWN_TIME_PATTERN } from "../screen-time/rules.ts";
import { isValidTimeZone } from "../time.ts";
import { reminderMessages, unsubscribeLists } from "./rules.ts";

/** His reminder choices as GET and PATCH /api/reminders/settings answer them. */
export const reminderSettingsSchema = answer(
  z.object({
    /** The e-mail the day before a milestone is due and the one on the day it falls overdue. */
    deadlineEmails: z.boolean(),
    /** The Monday-morning summary. */
    weeklySummary: z.boolean(),
    /** The time zone reminders follow; null until his browser has sent one (UTC until then). */
    timeZone: z.string().nullable(),
    /** The weekly nudge to check in his screen time (issue 55). */
    screenTimeCheckIn: z.boolean(),
    /** "22:45" on his clock: the evening's phone-down nudge; null until he picks a time (off). */
    phoneDownAt: z.string().nullable(),
    /** His partner sees his screen-time trend; off until he allows it. */
    partnerSeesScreenTime: z.boolean(),
  }),
);
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsPatchSchema = z
  .strictObject({
    deadlineEmails: z.boolean().optional(),
    weeklySummary: z.boolean().optional(),
    timeZone: z.string().refine(isValidTimeZone, { message: reminderMessages.timeZoneInvalid }).optional(),
    screenTimeCheckIn: z.boolean().optional(),
    phoneDownAt: z
      .string()
      .regex(PHONE_DOWN_TIME_PATTERN, { message: reminderMessages.phoneDownTimeInvalid })
      .nullable()
      .optional(),
    partnerSeesScreenTime: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: reminderMessages.nothingToChange });
export type ReminderSettingsPatch = z.infer<typeof reminderSettingsPatchSchema>;

export const unsubscribeSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** What a one-click unsubscribe turned off, for the page that confirms it (a reminder list or the community digest). */
export const unsubscribeAnswerSchema = answer(z.object({ list: z.enum(unsubscribeLists) }));
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
