import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityMembers, communityNotifications, reminderSettings, users } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { DIGEST_GRACE_MS, DIGEST_ITEMS_SHOWN } from "#shared/community/notifications.ts";
import { notificationSentence } from "#shared/community/rules.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { DAY_MS, FALLBACK_TIME_ZONE } from "#shared/time.ts";
import { communityDigestEmail } from "../mail/community-emails.ts";
import { emailContext } from "../mail/email-layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type ClaimOptions, claimInBatches, daytime, found, readDue, zoneClocks } from "../outbox/claims.ts";
import { sendOnce, unsubscribeLinks } from "../outbox/send.ts";
import { unsubscribeToken } from "../outbox/unsubscribe-token.ts";
import { notificationRows, stillTrue, toNotification } from "./notifications.ts";

/**
 * The daily community digest (issue 40, decision 0137), planned by the outbox's schedule on every instance (0172):
 * claimDueDigests takes the day's digest of each member who has news, with one conditional UPDATE of his
 * `last_digest_at`, so two instances planning the same minute claim each member once; deliverDigest then takes his
 * items (`emailed_at`) and sends them. Time is an input: the queue passes the moment it planned.
 */

export type DigestDeps = { db: Db; mailer: Mailer; env: Env; logger: Pick<Logger, "info"> };

/** News a digest may carry at `now`: unread in the app, in no digest yet, past the grace, and still true. */
function pending(now: Date) {
  return and(
    isNull(communityNotifications.readAt),
    isNull(communityNotifications.emailedAt),
    lte(communityNotifications.createdAt, new Date(now.getTime() - DIGEST_GRACE_MS)),
    stillTrue(),
  );
}

/** A day since his last digest, or none yet. */
function dayPassed(now: Date) {
  return or(
    isNull(communityMembers.lastDigestAt),
    lte(communityMembers.lastDigestAt, new Date(now.getTime() - DAY_MS)),
  );
}

/**
 * Claims the digests due at `now` and answers the members' ids. Due: a member, not suspended, digest on, address
 * confirmed, a day since his last digest, news pending, and daytime on his clock (the reminders' hours and time zone,
 * 08:00–22:00, chosen in SQL by the zones where it is daytime). They are read in one statement and claimed with
 * UPDATEs of at most CLAIM_BATCH members, which re-check the day on the row they lock, so two instances planning the
 * same minute claim each member once (issue 58).
 */
export async function claimDueDigests(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const clocks = daytime(await zoneClocks(db, now));
  if (clocks.length === 0) return [];
  const zones = clocks.map((clock) => clock.zone);
  // Driven by the pending news (the partial index on unread, un-e-mailed notifications), not by every member: a tick
  // reads the members who have news and probes each (decision 0168).
  const due = await readDue<{ user_id: string }>(
    db,
    sql`with news as materialized (
        select distinct ${communityNotifications.userId} as user_id from ${communityNotifications}
        where ${and(
          isNull(communityNotifications.readAt),
          isNull(communityNotifications.emailedAt),
          lte(communityNotifications.createdAt, new Date(now.getTime() - DIGEST_GRACE_MS)),
        )}
      )
      select news.user_id from news
      where ${found(sql`select true from ${communityMembers}
        join ${users} on ${users.id} = ${communityMembers.userId}
        left join ${reminderSettings} on ${reminderSettings.userId} = ${communityMembers.userId}
        where ${and(
          sql`${communityMembers.userId} = news.user_id`,
          isNull(communityMembers.suspendedAt),
          isNull(communityMembers.digestOffAt),
          eq(users.emailVerified, true),
          dayPassed(now),
          inArray(sql`coalesce(${reminderSettings.timeZone}, ${FALLBACK_TIME_ZONE})`, zones),
        )}`)}
        and ${found(sql`select true from ${communityNotifications} where ${communityNotifications.userId} = news.user_id and ${pending(now)}`)}`,
    options,
  );
  return claimInBatches(
    due.map((row) => row.user_id),
    async (batch) => {
      const claimed = await db
        .update(communityMembers)
        .set({ lastDigestAt: now })
        .where(and(inArray(communityMembers.userId, batch), dayPassed(now)))
        .returning({ userId: communityMembers.userId });
      return claimed.map((row) => row.userId);
    },
    options,
  );
}

export type DigestOutcome = "sent" | "nothing" | "dropped";

/**
 * Sends the digest claimed for him at `claimedAt`. His items are marked emailed before the mail server is asked, so a
 * retried or duplicated job never sends one twice; a failed send clears the marks and throws, for the queue to retry.
 * "nothing": he read them (or they were removed) since the claim; "dropped": he is no longer someone to e-mail.
 */
export async function deliverDigest(deps: DigestDeps, userId: string, claimedAt: Date): Promise<DigestOutcome> {
  const { db, env } = deps;
  const [member] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      emailVerified: users.emailVerified,
      suspendedAt: communityMembers.suspendedAt,
      digestOffAt: communityMembers.digestOffAt,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(eq(communityMembers.userId, userId));
  if (!member?.emailVerified || member.suspendedAt || member.digestOffAt) return "dropped";

  const token = unsubscribeToken(env.AUTH_SECRET, userId, "community");
  const { unsubscribeUrl, oneClickUrl } = unsubscribeLinks(env, token, "/api/community/digest/unsubscribe");
  const links = { communityUrl: new URL(dashboardSectionPath("community"), env.APP_URL).toString(), unsubscribeUrl };
  const outcome = await sendOnce(deps.mailer, {
    // His pending items, taken (marked emailed) so that no other job sends one again; none left: nothing to send.
    take: async () => {
      const rows = await notificationRows(db, userId, pending(claimedAt));
      if (rows.length === 0) return undefined;
      const taken = await db
        .update(communityNotifications)
        .set({ emailedAt: claimedAt })
        .where(
          and(
            inArray(
              communityNotifications.id,
              rows.map((r) => r.id),
            ),
            isNull(communityNotifications.emailedAt),
          ),
        )
        .returning({ id: communityNotifications.id });
      const ids = new Set(taken.map((t) => t.id));
      const items = rows.filter((r) => ids.has(r.id)).map(toNotification);
      return items.length === 0 ? undefined : { ids, items };
    },
    release: async ({ ids }) => {
      await db
        .update(communityNotifications)
        .set({ emailedAt: null })
        .where(inArray(communityNotifications.id, [...ids]));
    },
    compose: async ({ items }) => {
      const digest = {
        counts: {
          cheers: items.filter((i) => i.kind === "cheer").length,
          comments: items.filter((i) => i.kind === "comment").length,
        },
        lines: items.slice(0, DIGEST_ITEMS_SHOWN).map(notificationSentence),
        more: Math.max(0, items.length - DIGEST_ITEMS_SHOWN),
      };
      const recipient = { email: member.email, firstName: member.firstName };
      return { mail: communityDigestEmail(emailContext(env), recipient, digest, links), to: member.email, oneClickUrl };
    },
  });
  // Nothing taken: he read them (or they were removed) since the claim, or another job took them.
  return outcome === "already-sent" ? "nothing" : "sent";
}
