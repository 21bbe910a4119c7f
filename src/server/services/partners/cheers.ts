import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { RateLimiter } from "#server/auth/rate-limit.ts";
import type { Db } from "#server/db/client.ts";
import { partnerCheers, partners, users } from "#server/db/schema.ts";
import type { Cheer, PartnerCheerAnswer } from "#shared/partners/contracts.ts";
import { CHEERS_PER_PARTNER_PER_DAY, partnerStatus } from "#shared/partners/rules.ts";
import { isOverdue } from "#shared/plan/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import { DomainError, type DomainErrorCode } from "../domain-error.ts";
import { forOthers } from "../plan/plan-read.ts";
import { milestoneOfHisPlan } from "../reminders/due-milestone.ts";
import { hashPartnerToken, isPartnerToken } from "./link-token.ts";
import type { CheerLink } from "./partner-cheer-token.ts";

/** His dashboard shows the newest cheers he has not dismissed, of the last month, a handful at most. */
const CHEERS_SHOWN = 10;
const CHEERS_SHOWN_DAYS = 30;

/** The cheers his dashboard shows: not dismissed, of the last 30 days, newest first, at most 10. */
export async function readCheers(db: Db, userId: string, now: Date): Promise<Cheer[]> {
  const rows = await db
    .select({
      id: partnerCheers.id,
      partnerFirstName: partners.firstName,
      text: partnerCheers.text,
      createdAt: partnerCheers.createdAt,
    })
    .from(partnerCheers)
    .innerJoin(partners, eq(partners.id, partnerCheers.partnerId))
    .where(
      and(
        eq(partnerCheers.userId, userId),
        isNull(partnerCheers.dismissedAt),
        gt(partnerCheers.createdAt, new Date(now.getTime() - CHEERS_SHOWN_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(partnerCheers.createdAt), desc(partnerCheers.id))
    .limit(CHEERS_SHOWN);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Cheers this partner may still send: CHEERS_PER_PARTNER_PER_DAY over the 24 hours before `now`. */
export async function cheersLeftToday(db: Pick<Db, "select">, partnerId: string, now: Date): Promise<number> {
  const [sent] = await db
    .select({ n: count() })
    .from(partnerCheers)
    .where(and(eq(partnerCheers.partnerId, partnerId), gt(partnerCheers.createdAt, new Date(now.getTime() - DAY_MS))));
  return Math.max(0, CHEERS_PER_PARTNER_PER_DAY - (sent?.n ?? 0));
}

/**
 * Who cheers: the partner whose page link this is, or the partner a signed e-mail link names (decision 0125). Both go
 * through one sendCheer, so the e-mail's button counts against the same daily limit as the page.
 */
type CheerSender = { token: string } | { partnerId: string };

/**
 * POST /api/partner-view/:token/cheers and the e-mails' cheer link: one short line for his dashboard, kept exactly as
 * typed (the screens show it as text, never as HTML). Only a confirmed partner cheers; the day's count is taken under
 * the partner row's lock, so parallel cheers cannot pass the limit together. null: the link opens nothing (404).
 */
export async function sendCheer(
  db: Db,
  sender: string | CheerSender,
  text: string,
  now: Date,
): Promise<{ cheersLeftToday: number } | null> {
  const who = typeof sender === "string" ? { token: sender } : sender;
  if ("token" in who && !isPartnerToken(who.token)) return null;
  const match = "token" in who ? eq(partners.tokenHash, hashPartnerToken(who.token)) : eq(partners.id, who.partnerId);
  return db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(match).for("update");
    if (!partner || partnerStatus(partner, now) === "expired") return null;
    if (!partner.acceptedAt) throw new DomainError("partner.notAccepted");
    const left = await cheersLeftToday(tx, partner.id, now);
    if (left <= 0) throw new DomainError("partner.cheerLimit");
    // Written on the app's clock, which the day's count and the dashboard's month compare with (decision 0100).
    await tx.insert(partnerCheers).values({ userId: partner.userId, partnerId: partner.id, text, createdAt: now });
    return { cheersLeftToday: left - 1 };
  });
}

type CheerDeps = { db: Db; limiter: Pick<RateLimiter, "consume"> };

/**
 * A cheer from the partner's page or an e-mail's cheer link: counted per IP besides each partner's own daily limit, so
 * many links from one place cannot flood dashboards. A link that opens nothing is the catalog's 404.
 */
export async function cheerFromPage(
  deps: CheerDeps,
  request:
    | { token: string; text: string; ip: string | null }
    // `gone`: the e-mail's link answers its own "no longer valid", not the bare 404 of an unknown page.
    | { sender: CheerSender; text: string; ip: string | null; gone: DomainErrorCode },
  now: Date,
): Promise<{ cheersLeftToday: number }> {
  const verdict = await deps.limiter.consume("partnerCheer", { ip: request.ip }, { now: now.getTime() });
  if (!verdict.allowed)
    throw new DomainError("limit.tooManyRequests", { retryAfterSeconds: verdict.retryAfterSeconds });
  const sent = await sendCheer(deps.db, "sender" in request ? request.sender : request.token, request.text, now);
  if (!sent) throw new DomainError("sender" in request ? request.gone : "partner.linkNotFound");
  return sent;
}

/**
 * What an e-mail's cheer link is about (decision 0125), for the page that asks before it sends: whom, the milestone
 * the e-mail told of as it now stands, and the cheers left today. Reads only. null: the partner is no longer his
 * (removed, or his account deleted).
 */
export async function readCheerLink(db: Db, link: CheerLink, now: Date): Promise<PartnerCheerAnswer | null> {
  const [row] = await db
    .select({ partner: partners, inviterFirstName: users.firstName })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(eq(partners.id, link.partnerId));
  if (!row) return null;
  if (!row.partner.acceptedAt) throw new DomainError("partner.notAccepted");
  const found = link.milestoneId ? await milestoneOfHisPlan(db, row.partner.userId, link.milestoneId) : null;
  const milestone = found
    ? {
        challengeTitle: found.challengeTitle,
        milestoneType: found.milestone.milestoneType,
        description: (await forOthers()).line(found.milestone.milestoneDescription),
        completed: found.milestone.milestoneCompleted,
        overdue: isOverdue(
          {
            milestoneDeadline: found.milestone.milestoneDeadline?.toISOString() ?? null,
            milestoneCompleted: found.milestone.milestoneCompleted,
          },
          now,
        ),
      }
    : null;
  return {
    inviterFirstName: row.inviterFirstName,
    partnerFirstName: row.partner.firstName,
    milestone,
    cheersLeftToday: await cheersLeftToday(db, row.partner.id, now),
  };
}
