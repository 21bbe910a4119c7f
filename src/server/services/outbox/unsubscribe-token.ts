import { type ReminderList, reminderLists, type UnsubscribeList } from "#shared/reminders/rules.ts";
import { readSignedToken, signToken } from "../mail/signed-token.ts";

/**
 * The token of a one-click unsubscribe link (RFC 8058): who and which list, signed with the server's secret, so it
 * needs no table and works from any instance. It can only ever turn e-mails off, so it never expires. The reminder
 * lists and the community digest (decision 0137) share it; each endpoint names the lists it accepts.
 */
const PURPOSE = "unsubscribe";

export function unsubscribeToken(secret: string, userId: string, list: UnsubscribeList): string {
  return signToken(secret, PURPOSE, `${Buffer.from(userId).toString("base64url")}.${list}`);
}

export function readUnsubscribeToken<L extends UnsubscribeList = ReminderList>(
  secret: string,
  token: string,
  accepted: readonly L[] = reminderLists as readonly UnsubscribeList[] as readonly L[],
): { userId: string; list: L } | null {
  const payload = readSignedToken(secret, PURPOSE, token);
  const [user, list, ...rest] = payload?.split(".") ?? [];
  if (!user || !list || rest.length > 0) return null;
  if (!(accepted as readonly string[]).includes(list)) return null;
  return { userId: Buffer.from(user, "base64url").toString(), list: list as L };
}
