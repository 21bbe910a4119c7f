import { z } from "zod";
import { answer } from "../answer.ts";
import { userText } from "../text.ts";
import {
  APP_NAME_MAX,
  MINUTES_PER_DAY,
  screenTimeMessages,
  screenTimePeriods,
  screenTimeSources,
  TOP_APPS_MAX,
} from "./rules.ts";

const minutesInADay = z
  .number({ error: screenTimeMessages.noMinutes })
  .int(screenTimeMessages.noMinutes)
  .min(0, screenTimeMessages.noMinutes)
  .max(MINUTES_PER_DAY, screenTimeMessages.overADay);

/**
 * A check-in as he confirmed it (PUT /api/screen-time/days/:day): the numbers only, never the picture. `replace`
 * says he was asked and agreed to replace the check-in already saved for that day.
 */
export const checkInSchema = z.strictObject({
  minutes: minutesInADay,
  period: z.enum(screenTimePeriods),
  source: z.enum(screenTimeSources),
  topApps: z
    .array(
      z.strictObject({
        name: userText({ max: APP_NAME_MAX }),
        minutes: minutesInADay,
      }),
    )
    .max(TOP_APPS_MAX, `At most ${TOP_APPS_MAX} apps`)
    .optional(),
  replace: z.boolean().optional(),
});
export type CheckInRequest = z.input<typeof checkInSchema>;

export const checkInDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a valid date"),
});

const topAppSchema = z.object({ name: z.string(), minutes: z.number().int() });
const checkedInDaySchema = z.object({ day: z.string(), minutes: z.number().int() });

export const screenTimeDaySchema = answer(
  z.object({
    /** YYYY-MM-DD on his clock. */
    day: z.string(),
    /** Minutes a day: that day's total, or the daily average of the week his phone showed. */
    minutes: z.number().int(),
    period: z.enum(screenTimePeriods),
    source: z.enum(screenTimeSources),
    topApps: z.array(topAppSchema),
  }),
);
export type ScreenTimeDay = z.infer<typeof screenTimeDaySchema>;

/** The dashboard's number (`summarize` in summary.ts). */
export const screenTimeSummarySchema = answer(
  z.object({
    startingPoint: checkedInDaySchema.nullable(),
    latest: checkedInDaySchema.nullable(),
    takenBack: z.object({ minutesPerDay: z.number().int(), basedOn: z.number().int() }).nullable(),
    checkInDue: z.boolean(),
  }),
);

/** One week of the insights chart on his clock: his average over that week's check-ins beside the milestones he finished. */
const screenTimeWeekSchema = z.object({
  monday: z.string(),
  /** Average minutes a day over the week's check-ins; null without one. */
  minutes: z.number().int().nullable(),
  checkIns: z.number().int(),
  milestones: z.number().int(),
});
export type ScreenTimeWeek = z.infer<typeof screenTimeWeekSchema>;

export const screenTimeOverviewSchema = answer(
  z.object({
    timeZone: z.string(),
    today: z.string(),
    summary: screenTimeSummarySchema,
    /** His check-ins of the chart's weeks, newest first. */
    days: z.array(screenTimeDaySchema),
    weeks: z.array(screenTimeWeekSchema),
  }),
);
export type ScreenTimeOverview = z.infer<typeof screenTimeOverviewSchema>;
