import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { communityMembers, users, waitlistSignups } from "#server/db/schema.ts";
import { communityOpenEmail } from "../mail/community-emails.ts";
import { emailContext } from "../mail/email-layout.ts";

export type Admitted = { userId: string; email: string; firstName: string; position: number };

/**
 * Lets the next `count` people of the waitlist in, in the order of their positions (decision 0134): the place each was
 * given is the promise kept, whatever plan he pays for. Under an advisory lock, so two operators admitting at once
 * let in the next ones after each other rather than the same ones twice. An account deleted since leaves the
 * waitlist with it (cascade), so it is never counted.
 */
export async function admitNext(
  db: Db,
  count: number,
  admittedBy: string,
  now: Date = new Date(),
): Promise<Admitted[]> {
  if (!Number.isInteger(count) || count < 1) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('community-admission'))`);
    const next = await tx
      .select({
        userId: waitlistSignups.userId,
        email: users.email,
        firstName: users.firstName,
        position: waitlistSignups.waitlistPosition,
      })
      .from(waitlistSignups)
      .innerJoin(users, eq(users.id, waitlistSignups.userId))
      .leftJoin(communityMembers, eq(communityMembers.userId, waitlistSignups.userId))
      .where(isNull(communityMembers.userId))
      .orderBy(asc(waitlistSignups.waitlistPosition))
      .limit(count);
    if (next.length === 0) return [];
    await tx
      .insert(communityMembers)
      .values(next.map((n) => ({ userId: n.userId, admittedAt: now, admittedBy })))
      .onConflictDoNothing();
    return next;
  });
}

/** Whether he was let in (a suspended member too: his page shows the feed's refusal, not the waitlist). */
export async function isMember(db: Db, userId: string): Promise<boolean> {
  return (await membership(db, userId)) !== "waiting";
}

/** Where he stands: not let in yet, a member, or a member the operator suspended (decision 0136). */
export async function membership(db: Db, userId: string): Promise<"waiting" | "member" | "suspended"> {
  const [row] = await db
    .select({ suspendedAt: communityMembers.suspendedAt })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId));
  if (!row) return "waiting";
  return row.suspendedAt ? "suspended" : "member";
}

/**
 * Tells each one he is in, with a link to the feed. The admission stands whether the e-mail goes out or not (he sees
 * the feed on his next visit); the ones that failed are returned for the operator to see.
 */
export async function announceAdmission(deps: Pick<Deps, "env" | "mailer" | "logger">, admitted: Admitted[]) {
  const { env } = deps;
  const ctx = emailContext(env);
  const failed: Admitted[] = [];
  for (const member of admitted) {
    try {
      await deps.mailer.send({
        ...communityOpenEmail(ctx, { email: member.email, firstName: member.firstName }, member.position),
        to: member.email,
      });
    } catch (err) {
      deps.logger.error({ err, userId: member.userId }, "could not send the community admission e-mail");
      failed.push(member);
    }
  }
  return { failed };
}
