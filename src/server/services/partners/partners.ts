import { and, asc, eq, sql } from "drizzle-orm";
import { createRateLimiter } from "#server/auth/rate-limit.ts";
import type { Db } from "#server/db/client.ts";
import { challenges, partnerCheers, partners } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { mailboxKey } from "#shared/account/email-address.ts";
import { normalizeEmail } from "#shared/account/rules.ts";
import type { PartnerSummary, PartnersAnswer } from "#shared/partners/contracts.ts";
import { partnerStatus } from "#shared/partners/rules.ts";
import { partnerViewPath } from "#shared/paths.ts";
import { memberPlan } from "../billing/member-plan.ts";
import { DomainError } from "../domain-error.ts";
import { emailContext } from "../mail/email-layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { partnerInvitationEmail } from "../mail/partner-invitation-email.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { forOthers } from "../plan/plan-read.ts";
import { readCheers } from "./cheers.ts";
import { newPartnerToken } from "./link-token.ts";

/**
 * His accountability partners (issue 25, decision 0106): invite, list, remove, renew the link, dismiss a cheer.
 * Every function takes the moment it decides by (`now`); none reads the clock.
 */
export type PartnerDeps = { db: Db; mailer: Mailer; env: Env };

type PartnerRow = typeof partners.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Inviter = { id: string; email: string; firstName: string };
export type Invitation = { firstName: string; email: string };

function toSummary(row: PartnerRow, now: Date): PartnerSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    email: row.email,
    status: partnerStatus(row, now),
    invitedAt: row.invitedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    emailsStopped: row.emailsStoppedAt !== null,
  };
}

/** GET /api/partner: his partners in the order he invited them, his plan's limit, and the cheers still to read. */
export async function listPartners(db: Db, userId: string, now: Date): Promise<PartnersAnswer> {
  const rows = await db
    .select()
    .from(partners)
    .where(eq(partners.userId, userId))
    .orderBy(asc(partners.createdAt), asc(partners.id));
  const { plan } = await memberPlan(db, userId, now);
  return {
    partners: rows.map((row) => toSummary(row, now)),
    maxPartners: plan.maxPartners,
    cheers: await readCheers(db, userId, now),
  };
}

/**
 * One more invitation e-mail, counted in the caller's transaction: a request refused or failed later in it takes its
 * counts back, so each request counts at most once and only when a link is really made. Two limits (decision 0115):
 * his own, per account and day whatever the addresses (his plan's number: free and Premium share one counter), and
 * the address's, app-wide, keyed by the mailbox it reaches, so `sam+1@` and `S.am@googlemail.com` count as `sam@`.
 */
async function countInvitation(
  env: Env,
  db: Db,
  tx: Tx,
  sender: { id: string; premium: boolean },
  email: string,
  now: Date,
) {
  const limiter = createRateLimiter(db, env.rateLimits, env.AUTH_SECRET);
  const at = { now: now.getTime(), within: tx };
  const action = sender.premium ? "partnerInvitesPremium" : "partnerInvitesFree";
  const own = await limiter.consume(action, { email: `user:${sender.id}` }, { ...at, scope: "partnerInvites" });
  if (!own.allowed) throw new DomainError("partner.dailyLimit", { retryAfterSeconds: own.retryAfterSeconds });
  const address = await limiter.consume("partnerInvitation", { email: mailboxKey(email) }, at);
  if (!address.allowed) throw new DomainError("partner.addressLimit", { retryAfterSeconds: address.retryAfterSeconds });
}

/** What he committed to, as the invitation names it: his current plan's life mission and accepted challenges. */
async function commitments(db: Db, userId: string) {
  const plan = await latestAnalyzedResponse(db, userId);
  if (!plan) return { lifeMission: null, challengeTitles: [] };
  const accepted = await db
    .select({ title: challenges.title })
    .from(challenges)
    .where(
      and(
        eq(challenges.userId, userId),
        eq(challenges.quizResponseId, plan.id),
        eq(challenges.challengeAccepted, true),
      ),
    )
    .orderBy(asc(challenges.position), asc(challenges.createdAt));
  return { lifeMission: (await forOthers()).mission(plan), challengeTitles: accepted.map((c) => c.title) };
}

async function sendInvitation(deps: PartnerDeps, inviter: Inviter, partner: PartnerRow, token: string) {
  const { env } = deps;
  const ctx = emailContext(env);
  const mail = partnerInvitationEmail(
    ctx,
    { email: partner.email, firstName: partner.firstName },
    {
      inviterFirstName: inviter.firstName.trim() || "A friend",
      ...(await commitments(deps.db, inviter.id)),
      url: `${env.APP_URL}${partnerViewPath(token)}`,
    },
  );
  await deps.mailer.send({ to: partner.email, ...mail });
}

/**
 * POST /api/partner/invitations. Refused: his own address, an address already on his list (unless its invitation
 * expired: then it is renewed with the name he typed now), more partners than his plan allows, more invitations and
 * renewals in a day than his plan's daily number, and a fourth invitation of the day to one address from anyone.
 * Addresses are compared by the mailbox they reach (`mailboxKey`): `sam+1@x` is his own `sam@x`, or the partner
 * `sam@x` already on his list (whose address stays as first typed). His invitations queue up on his user row, so
 * parallel requests cannot slip past the plan's limit together. The link's secret leaves the server only in the e-mail.
 */
export async function invitePartner(
  deps: PartnerDeps,
  inviter: Inviter,
  invitation: Invitation,
  now: Date,
): Promise<PartnersAnswer> {
  const { db, env } = deps;
  const email = normalizeEmail(invitation.email);
  const mailbox = mailboxKey(email);
  if (mailbox === mailboxKey(inviter.email)) throw new DomainError("partner.ownEmail");
  const { token, tokenHash } = newPartnerToken();
  const { row, created } = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${inviter.id} for update`);
    const mine = await tx.select().from(partners).where(eq(partners.userId, inviter.id));
    const same = mine.find((p) => p.email === email) ?? mine.find((p) => mailboxKey(p.email) === mailbox);
    if (same && partnerStatus(same, now) !== "expired") throw new DomainError("partner.alreadyInvited");
    const { premium, plan } = await memberPlan(tx, inviter.id, now);
    // An expired invitation still holds its place: renewing it takes no new one.
    if (!same && mine.length >= plan.maxPartners)
      throw new DomainError(premium ? "partner.premiumLimit" : "partner.freeLimit");
    await countInvitation(env, db, tx, { id: inviter.id, premium }, email, now);
    if (same) {
      const [renewed] = await tx
        .update(partners)
        .set({ firstName: invitation.firstName, tokenHash, invitedAt: now })
        .where(eq(partners.id, same.id))
        .returning();
      if (!renewed) throw new Error("partner vanished under its user's lock");
      return { row: renewed, created: false };
    }
    const [inserted] = await tx
      .insert(partners)
      .values({ userId: inviter.id, firstName: invitation.firstName, email, tokenHash, invitedAt: now })
      .returning();
    if (!inserted) throw new Error("partner insert returned no row");
    return { row: inserted, created: true };
  });
  try {
    await sendInvitation(deps, inviter, row, token);
  } catch (error) {
    // Nobody got the link: a new invitation is not kept, so "try again" does not meet "already invited".
    if (created) await db.delete(partners).where(eq(partners.id, row.id));
    throw new DomainError("partner.inviteFailed", {}, { cause: error });
  }
  return listPartners(db, inviter.id, now);
}

/**
 * POST /api/partner/:id/renew: a new secret and a new `invited_at`, so the old link answers 404 at once and an
 * expired invitation gets another 14 days; a confirmed partner stays confirmed. The new link goes out by e-mail,
 * counted like an invitation: against his daily number and the address's.
 */
export async function renewPartner(
  deps: PartnerDeps,
  inviter: Inviter,
  partnerId: string,
  now: Date,
): Promise<PartnersAnswer> {
  const { db, env } = deps;
  const { token, tokenHash } = newPartnerToken();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(partners)
      .where(and(eq(partners.id, partnerId), eq(partners.userId, inviter.id)))
      .for("update");
    if (!current) throw new DomainError("partner.notFound");
    const { premium } = await memberPlan(tx, inviter.id, now);
    await countInvitation(env, db, tx, { id: inviter.id, premium }, current.email, now);
    const [renewed] = await tx
      .update(partners)
      .set({ tokenHash, invitedAt: now })
      .where(eq(partners.id, current.id))
      .returning();
    if (!renewed) throw new DomainError("partner.notFound");
    return renewed;
  });
  try {
    await sendInvitation(deps, inviter, row, token);
  } catch (error) {
    throw new DomainError("partner.inviteFailed", {}, { cause: error });
  }
  return listPartners(db, inviter.id, now);
}

/** DELETE /api/partner/:id: the row goes, and with it the link (404 at once), his cheers and its deliveries. */
export async function removePartner(db: Db, userId: string, partnerId: string, now: Date): Promise<PartnersAnswer> {
  const removed = await db
    .delete(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.userId, userId)))
    .returning({ id: partners.id });
  if (removed.length === 0) throw new DomainError("partner.notFound");
  return listPartners(db, userId, now);
}

/** DELETE /api/partner/cheers/:id: read, and gone from his dashboard (a second dismissal changes nothing). */
export async function dismissCheer(db: Db, userId: string, cheerId: string, now: Date): Promise<PartnersAnswer> {
  const dismissed = await db
    .update(partnerCheers)
    .set({ dismissedAt: sql`coalesce(${partnerCheers.dismissedAt}, ${now}::timestamptz)` })
    .where(and(eq(partnerCheers.id, cheerId), eq(partnerCheers.userId, userId)))
    .returning({ id: partnerCheers.id });
  if (dismissed.length === 0) throw new DomainError("partner.cheerNotFound");
  return listPartners(db, userId, now);
}
