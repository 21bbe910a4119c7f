import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, partners, proofs, reminderSettings, users } from "#server/db/schema.ts";
import type { PartnerPlanView, PartnerScreenTime, PartnerViewAnswer } from "#shared/partners/contracts.ts";
import { partnerStatus } from "#shared/partners/rules.ts";
import { challengeProgress, isOverdue } from "#shared/plan/rules.ts";
import { FALLBACK_TIME_ZONE } from "#shared/time.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { forOthers, readPlanChallenges, withTodoStates } from "../plan/plan-read.ts";
import { milestoneProofs } from "../proof/milestone-proof.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { readScreenTime } from "../screen-time/check-ins.ts";
import { cheersLeftToday } from "./cheers.ts";
import { hashPartnerToken, isPartnerToken } from "./link-token.ts";

type PartnerRow = typeof partners.$inferSelect;

/**
 * The partner behind a link, or null when it opens nothing: not a token's shape, unknown, removed, renewed away, or
 * an invitation not confirmed within 14 days. Every one of those answers the same 404 as an unknown path.
 */
async function partnerByToken(db: Db, token: string, now: Date): Promise<PartnerRow | null> {
  if (!isPartnerToken(token)) return null;
  const [row] = await db
    .select()
    .from(partners)
    .where(eq(partners.tokenHash, hashPartnerToken(token)));
  if (!row || partnerStatus(row, now) === "expired") return null;
  return row;
}

/** Whether a partner link opens anything now, without counting as an opening (the page's own request does that). */
export async function partnerLinkOpens(db: Db, token: string, now: Date): Promise<boolean> {
  return (await partnerByToken(db, token, now)) !== null;
}

/**
 * His screen-time trend for his partner (issue 55): the one number's inputs and the weekly averages, picked field by
 * field from his own overview so no day, date of a check-in or app can reach the page.
 */
async function partnerScreenTime(db: Db, userId: string, now: Date): Promise<PartnerScreenTime> {
  const { summary, weeks } = await readScreenTime(db, userId, now);
  return {
    startingPointMinutes: summary.startingPoint?.minutes ?? null,
    takenBack: summary.takenBack,
    weeks: weeks.map((week) => ({ monday: week.monday, minutes: week.minutes })),
  };
}

/**
 * What the partner sees of his current plan (his most recently analyzed quiz response): first name, life mission,
 * the accepted challenges with their milestones and progress, and his screen-time trend if he allows it. Built field by field from what PartnerPlanView names,
 * so nothing else of his (address, answers, notes, todos' text, ids) can reach the page.
 */
async function readPartnerPlan(
  db: Db,
  userId: string,
  firstName: string,
  now: Date,
  token: string,
): Promise<PartnerPlanView> {
  const [settings] = await db
    .select({ timeZone: reminderSettings.timeZone, partnerSeesScreenTime: reminderSettings.partnerSeesScreenTime })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  const timeZone = settings?.timeZone ?? FALLBACK_TIME_ZONE;
  // Off by default (no settings row): nothing of his screen time is read until he allows it.
  const screenTime = settings?.partnerSeesScreenTime ? await partnerScreenTime(db, userId, now) : null;
  const plan = await latestAnalyzedResponse(db, userId);
  if (!plan) return { firstName, timeZone, lifeMission: null, progress: 0, challenges: [], screenTime };
  const accepted = await readPlanChallenges(db, userId, plan.id, { acceptedOnly: true });
  const withTodos = await withTodoStates(
    db,
    userId,
    accepted.flatMap((c) => c.milestones),
  );
  const proofOf = await milestoneProofs(
    db,
    userId,
    withTodos.map((m) => m.id),
    partnerPhotoUrl(token),
  );
  const others = await forOthers();
  const challenges = accepted.map((challenge) => {
    const own = new Set(challenge.milestones.map((m) => m.id));
    return {
      title: challenge.title,
      progress: challengeProgress(withTodos.filter((m) => own.has(m.id))),
      milestones: challenge.milestones.map((m) => ({
        milestoneType: m.milestoneType,
        description: others.line(m.milestoneDescription),
        deadline: m.milestoneDeadline?.slice(0, 10) ?? null,
        completed: m.milestoneCompleted,
        overdue: isOverdue(m, now),
        proof: proofOf.get(m.id) ?? null,
      })),
    };
  });
  const progress =
    challenges.length === 0 ? 0 : Math.round(challenges.reduce((sum, c) => sum + c.progress, 0) / challenges.length);
  return { firstName, timeZone, lifeMission: others.mission(plan), progress, challenges, screenTime };
}

/** Where the partner's page loads a proof photo from: through his own link, which stops when the link does. */
const partnerPhotoUrl = (token: string) => (proofId: string) =>
  `/api/partner-view/${encodeURIComponent(token)}/proofs/${proofId}/photo`;

async function answerFor(db: Db, partner: PartnerRow, now: Date, token: string): Promise<PartnerViewAnswer> {
  const [owner] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, partner.userId));
  const ownerFirstName = owner?.firstName ?? "";
  if (!partner.acceptedAt) {
    return { state: "invited", inviterFirstName: ownerFirstName, partnerFirstName: partner.firstName };
  }
  return {
    state: "accepted",
    partnerFirstName: partner.firstName,
    plan: await readPartnerPlan(db, partner.userId, ownerFirstName, now, token),
    cheersLeftToday: await cheersLeftToday(db, partner.id, now),
  };
}

/**
 * GET /api/partner-view/:token: before confirming only who invited him, after it the plan. Each opening is recorded
 * (`last_viewed_at`), so his list shows when the partner last looked. null: 404.
 */
export async function viewPartnerLink(db: Db, token: string, now: Date): Promise<PartnerViewAnswer | null> {
  const partner = await partnerByToken(db, token, now);
  if (!partner) return null;
  // By the secret again, not the id: a link renewed or removed a moment ago opens nothing.
  const [current] = await db
    .update(partners)
    .set({ lastViewedAt: now })
    .where(eq(partners.tokenHash, partner.tokenHash))
    .returning();
  return current ? answerFor(db, current, now, token) : null;
}

/**
 * POST /api/partner-view/:token/accept: "I'll keep an eye on Marcus's plan". Confirming again (a second tab, a double
 * tap) keeps the first moment; the answer is the plan either way. null: 404.
 */
export async function acceptPartnerLink(db: Db, token: string, now: Date): Promise<PartnerViewAnswer | null> {
  const partner = await partnerByToken(db, token, now);
  if (!partner) return null;
  const [current] = await db
    .update(partners)
    .set({ acceptedAt: sql`coalesce(${partners.acceptedAt}, ${now}::timestamptz)`, lastViewedAt: now })
    .where(eq(partners.tokenHash, partner.tokenHash))
    .returning();
  return current ? answerFor(db, current, now, token) : null;
}

/**
 * GET /api/partner-view/:token/proofs/:id/photo: a proof photo of a milestone the partner's page shows (a milestone of
 * an accepted challenge of his current plan), once the partner has confirmed; anything else is null (404).
 */
export async function partnerProofPhoto(db: Db, storage: ProofStorage, token: string, proofId: string, now: Date) {
  const partner = await partnerByToken(db, token, now);
  if (!partner?.acceptedAt) return null;
  const plan = await latestAnalyzedResponse(db, partner.userId);
  if (!plan) return null;
  const [row] = await db
    .select({ photoKey: proofs.photoKey })
    .from(proofs)
    .innerJoin(milestones, eq(milestones.id, proofs.milestoneId))
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .where(
      and(
        eq(proofs.id, proofId),
        eq(proofs.userId, partner.userId),
        eq(challenges.quizResponseId, plan.id),
        eq(challenges.challengeAccepted, true),
      ),
    );
  if (!row?.photoKey) return null;
  return storage.get(row.photoKey);
}
