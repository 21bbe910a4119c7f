import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { phoneDownAnswers, users } from "#server/db/schema.ts";
import type { Evening, PhoneDownAnswer, PhoneDownLink } from "#shared/evening/contracts.ts";
import { minutesOfTime, PHONE_DOWN_LINK_HOURS, suggestPhoneDownTime } from "#shared/evening/rules.ts";
import { addDays, FALLBACK_TIME_ZONE, HOUR_MS, localTime } from "#shared/time.ts";
import { readTimeZone } from "../clock/time-zone.ts";
import { DomainError } from "../domain-error.ts";
import { readExpiringToken, signExpiringToken } from "../mail/signed-token.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { readReminderSettings } from "../reminders/settings.ts";
import { readStreak } from "../wins/streak.ts";

/**
 * His "Phone down" answer (issue 55, decision 0161): one row per evening on his clock, written by a POST only (from
 * the app, the push's action, or the page an e-mail's link opens: mail scanners open links, never press buttons).
 */

const PURPOSE = "phone-down";

/**
 * The token of a nudge's one-tap answer: his id and the evening it is for, signed, so it needs no table and works on
 * any instance. It answers for that evening only, and only for PHONE_DOWN_LINK_HOURS after it was made.
 */
export function phoneDownToken(secret: string, userId: string, day: string, now: Date): string {
  const expiresAt = new Date(now.getTime() + PHONE_DOWN_LINK_HOURS * HOUR_MS);
  return signExpiringToken(secret, PURPOSE, `${Buffer.from(userId).toString("base64url")}.${day}`, expiresAt);
}

/** Who and which evening a token names, or its refusal: 400 not signed by us, 410 past its hours. */
export function readPhoneDownToken(secret: string, token: string, now: Date): { userId: string; day: string } {
  const read = readExpiringToken(secret, PURPOSE, token, now);
  if (read === "expired") throw new DomainError("evening.linkExpired");
  const [user, day, ...rest] = read === "invalid" ? [] : read.payload.split(".");
  if (!user || !day || rest.length > 0 || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new DomainError("evening.linkInvalid");
  return { userId: Buffer.from(user, "base64url").toString(), day };
}

/**
 * Records his answer for `day`, once: a second tap (another device, the e-mail after the push) finds it counted and
 * changes nothing. A token of an account deleted since answers as a link that is not valid.
 */
export async function answerPhoneDown(db: Db, userId: string, day: string, now: Date): Promise<PhoneDownAnswer> {
  const inserted = await db
    .insert(phoneDownAnswers)
    .select(
      db
        .select({
          userId: users.id,
          day: sql<string>`${day}`.as("day"),
          answeredAt: sql<Date>`${now.toISOString()}::timestamptz`.as("answered_at"),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoNothing()
    .returning({ day: phoneDownAnswers.day });
  if (inserted.length === 0) {
    const [existing] = await db
      .select({ day: phoneDownAnswers.day })
      .from(phoneDownAnswers)
      .where(and(eq(phoneDownAnswers.userId, userId), eq(phoneDownAnswers.day, day)));
    if (!existing) throw new DomainError("evening.linkInvalid");
  }
  const streak = await readStreak(db, userId, now);
  return { day, alreadyCounted: inserted.length === 0, streakWeeks: streak.weeks };
}

/** From the app: tonight on his clock, or last night (he taps after midnight); any other day is refused. */
export async function answerFromApp(db: Db, userId: string, day: string, now: Date): Promise<PhoneDownAnswer> {
  const today = localTime(now, await readTimeZone(db, userId)).date;
  if (day !== today && day !== addDays(today, -1)) throw new DomainError("evening.notTonight");
  return answerPhoneDown(db, userId, day, now);
}

async function answered(db: Db, userId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: phoneDownAnswers.day })
    .from(phoneDownAnswers)
    .where(and(eq(phoneDownAnswers.userId, userId), eq(phoneDownAnswers.day, day)));
  return row !== undefined;
}

/** What an e-mail's link is for, for the page that asks first; changes nothing. */
export async function readPhoneDownLink(db: Db, link: { userId: string; day: string }): Promise<PhoneDownLink> {
  return { day: link.day, answered: await answered(db, link.userId, link.day) };
}

/** The minutes since midnight on his clock (Intl, as the claims read it). */
function minuteNow(now: Date, timeZone: string): number {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
  return minutesOfTime(text);
}

/** His phone-down time, the suggestion from his first quiz answer, and where tonight stands. */
export async function readEvening(db: Db, userId: string, now: Date): Promise<Evening> {
  const settings = await readReminderSettings(db, userId);
  const timeZone = settings.timeZone ?? FALLBACK_TIME_ZONE;
  const plan = await latestAnalyzedResponse(db, userId);
  const suggestion = suggestPhoneDownTime(plan?.answers[0]?.answer);
  const at = settings.phoneDownAt;
  if (!at) return { phoneDownAt: null, suggestion, tonight: null };
  const day = localTime(now, timeZone).date;
  return {
    phoneDownAt: at,
    suggestion,
    tonight: { day, passed: minuteNow(now, timeZone) >= minutesOfTime(at), answered: await answered(db, userId, day) },
  };
}
