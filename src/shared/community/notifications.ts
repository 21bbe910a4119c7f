import { z } from "zod";
import { answer } from "../answer.ts";
import { HOUR_MS, isStorableMoment } from "../time.ts";
import { notificationKinds, notificationMessages } from "./rules.ts";

/**
 * What tells a member that another cheered his win or commented under it (issue 40, decision 0137): the list in the
 * app, and at most one e-mail a day gathering what he has not seen. The sentences are written here once, so the app
 * and the e-mail say the same thing.
 */

/** His latest notifications the app shows, newest first. */
export const NOTIFICATIONS_SHOWN = 30;
/** A comment is quoted this long (characters) in the list and the e-mail. */
export const COMMENT_EXCERPT_MAX = 80;
/** A notification waits this long before a digest may carry it, so a burst of cheers arrives as one e-mail. */
export const DIGEST_GRACE_MS = HOUR_MS;
/** The items a digest lists one by one; the rest are counted. */
export const DIGEST_ITEMS_SHOWN = 10;

const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  actor: z.object({ firstName: z.string() }),
  /** His post: its id, and the milestone's words as its label. */
  post: z.object({ id: z.string(), label: z.string() }),
  /** The comment, shortened; null for a cheer. */
  excerpt: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type CommunityNotification = z.infer<typeof notificationSchema>;

/** GET /api/community/notifications, and the answer of marking them read. */
export const notificationsAnswerSchema = answer(
  z.object({ notifications: z.array(notificationSchema), unread: z.number() }),
);
export type NotificationsAnswer = z.infer<typeof notificationsAnswerSchema>;

/**
 * GET /api/community/news: how many of his notifications he has not read, for the badge on Community in the menus
 * (issue 53 row 6). Asked by every signed-in man's dashboard, so it answers 0, not 403, to one not let in.
 */
export const communityNewsSchema = answer(z.object({ unread: z.number() }));
export type CommunityNews = z.infer<typeof communityNewsSchema>;

/**
 * POST /api/community/notifications/read: all of his notifications read, or those up to `until` (the newest one the
 * list showed him), so one that arrived while he looked stays unread.
 */
export const markReadSchema = z.strictObject({
  until: z.iso
    .datetime({ offset: true, error: notificationMessages.untilInvalid })
    // A moment both databases read, or a 500 (issue 52 row 4): year 0 and five-digit years pass the format.
    .refine((until) => isStorableMoment(new Date(until)), { error: notificationMessages.untilInvalid })
    .optional(),
});
export type MarkReadRequest = z.infer<typeof markReadSchema>;

/** GET and PUT /api/community/digest: the daily e-mail digest, on until he turns it off. */
export const digestSettingSchema = answer(z.object({ digestEmails: z.boolean() }));
export type DigestSetting = z.infer<typeof digestSettingSchema>;
export const digestSettingRequestSchema = z.strictObject({ digestEmails: z.boolean() });

/** A comment as the list quotes it: one line, shortened at a word where it can be. */
export function commentExcerpt(text: string, max = COMMENT_EXCERPT_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "3 cheers and 2 comments": the digest's subject names what is new. */
export function countsPhrase(counts: { cheers: number; comments: number }): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    ...(counts.cheers > 0 ? [part(counts.cheers, "cheer", "cheers")] : []),
    ...(counts.comments > 0 ? [part(counts.comments, "comment", "comments")] : []),
  ];
  return parts.join(" and ");
}
