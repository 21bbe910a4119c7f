import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityMembers, communityNotifications, users } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { DIGEST_GRACE_MS, DIGEST_ITEMS_SHOWN } from "#shared/community/notifications.ts";
import { notificationSentence } from "#shared/community/rules.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { DAY_MS } from "#shared/time.ts";
import { communityDigestEmail } from "../mail/community-emails.ts";
import { emailContext } from "../mail/email-layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type ClaimOptions, claimInBatches, daytime, found, readDue, zoneClocks, zoneOf } from "../outbox/claims.ts";
import { sendOnce, unsubscribeLinks } from "../outbox/send.ts";
import { unsubscribeToken } from "../outbox/unsubscribe-token.ts";
import { notificationRows, stillTrue, toNotification } from "./notifications.ts";

/**
 * The daily community digest (issue 40, decision 0137), planned by the outbox's schedule on every instance (0172):
 * claimDueDigests takes the day's digest of each member whose moment has come, with an UPDATE of his `last_digest_at`
 * on his locked row, so two instances planning the same minute claim each member once (decision 0184); deliverDigest
 * then takes his items (`emailed_at`) and sends them. Time is an input: the queue passes the moment it planned.
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

/**
 * Claims the digests due at `now` and answers the members' ids. Due: a member, not suspended, digest on, address
 * confirmed, a day since his last digest, news pending past its grace and still true, and daytime on his clock (the
 * reminders' hours and time zone, 08:00–22:00).
 *
 * A tick reads only the members whose `digest_due_at` has come, in the zones where it is day, through
 * `community_members_digest_due_idx` (decision 0184): not every member with news, most of whom cannot get a digest now
 * (turned off, not confirmed, one sent within the day, night on his clock). `digest_due_at` is a lower bound that the
 * database's triggers lower on every write that can make him due; each member read is decided on his locked row
 * (`decideDigests`): claimed, or his next moment written (none while nothing is pending or he cannot get one).
 */
export async function claimDueDigests(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const clocks = daytime(await zoneClocks(db, now));
  if (clocks.length === 0) return [];
  const zones = JSON.stringify(clocks.map((clock) => ({ zone: clock.zone })));
  const due = await readDue<{ user_id: string }>(
    db,
    sql`select m.user_id from json_to_recordset(${zones}::json) as z(zone text)
      cross join lateral (select m.user_id from ${communityMembers} m
        where ${zoneOf("m")} = z.zone and m.digest_due_at <= ${now.toISOString()}::timestamptz offset 0) m`,
    options,
  );
  return claimInBatches(
    due.map((row) => row.user_id),
    async (batch) => {
      const decided = await decideDigests(db, batch, now);
      options.budget?.noteDecided(decided.filter((row) => !row.claimed).length);
      return decided.filter((row) => row.claimed).map((row) => row.user_id);
    },
    options,
  );
}

/**
 * Decides the digests of a batch of members whose moment has come, each on his own row: claimed (his day spent, his
 * next moment a day on), or passed over with his next moment (his oldest news still pending past its grace, or the day
 * since his last digest) or none (nothing pending, or he cannot get one: a trigger sets it again when that changes).
 *
 * The rows are locked first (in key order, so two instances wait for each other) and read afresh in the next
 * statement. A write that makes him due (news, a switch back on, an address confirmed, an unblock, a cheer given
 * again) lowers his moment in its own transaction through a trigger, so it either committed before the lock and is
 * seen here, or waits for this transaction and lowers what it wrote: no news is left pending with no moment.
 */
async function decideDigests(db: Db, batch: string[], now: Date) {
  const ids = sql`any(array(select json_array_elements_text(${JSON.stringify(batch)}::json)))`;
  const n = communityNotifications;
  const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select user_id from ${communityMembers} where user_id = ${ids} order by user_id for update`);
    const { rows } = await tx.execute<{ user_id: string; claimed: boolean }>(sql`
      with members as (
        select m.user_id,
          m.suspended_at is null and m.digest_off_at is null
            and ${found(sql`select u.email_verified from ${users} u where u.id = m.user_id`)} as may,
          m.last_digest_at is null or m.last_digest_at <= ${at(-DAY_MS)} as day_passed
        from ${communityMembers} m where m.user_id = ${ids}
      ), decided as (
        -- His oldest news still pending, read only for a member who may get a digest.
        select members.*, case when may then (select min(${n.createdAt}) from ${n}
            where ${n.userId} = members.user_id and ${and(isNull(n.readAt), isNull(n.emailedAt), stillTrue())}) end
          as first_news
        from members
      ), claims as (
        select *, may and day_passed and first_news <= ${at(-DIGEST_GRACE_MS)} as claim from decided
      )
      update ${communityMembers} m set
        last_digest_at = case when c.claim then ${at(0)} else m.last_digest_at end,
        digest_due_at = case
          when c.claim then ${at(DAY_MS)}
          when not c.may or c.first_news is null then null
          else greatest(c.first_news + ${`${DIGEST_GRACE_MS} milliseconds`}::interval,
                        coalesce(m.last_digest_at + ${`${DAY_MS} milliseconds`}::interval, '-infinity'))
        end
      from claims c where m.user_id = c.user_id
      returning m.user_id, c.claim as claimed`);
    return rows;
  });
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
