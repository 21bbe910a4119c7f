import { createHmac, timingSafeEqual } from "node:crypto";
import { type ReminderList, reminderLists } from "../../../shared/reminders/rules.ts";

/**
 * The token of a one-click unsubscribe link (RFC 8058): who and which list, signed with the server's secret, so it
 * needs no table and works from any instance. It can only ever turn e-mails off, so it never expires.
 */
function signature(secret: string, payload: string) {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(secret: string, userId: string, list: ReminderList): string {
  const payload = `${Buffer.from(userId).toString("base64url")}.${list}`;
  return `${payload}.${signature(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; list: ReminderList } | null {
  const [user, list, given] = token.split(".");
  if (!user || !list || !given || token.split(".").length !== 3) return null;
  if (!(reminderLists as readonly string[]).includes(list)) return null;
  const expected = Buffer.from(signature(secret, `${user}.${list}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId: Buffer.from(user, "base64url").toString(), list: list as ReminderList };
}
