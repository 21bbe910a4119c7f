import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { milestones, proofs, stravaActivities, stravaConnections } from "#server/db/schema.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import { stravaMessages as proofStravaMessages } from "#shared/proof/rules.ts";
import type { StravaActivity, StravaStatus } from "#shared/strava/contracts.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import { DomainError } from "../domain-error.ts";
import { proofSummary } from "../proof/proof-summary.ts";
import type { StravaConfig } from "./strava-config.ts";

type ActivityRow = typeof stravaActivities.$inferSelect;

/** How far back his list of activities goes: a run older than this proves nothing any more (MAX_ACTIVITY_AGE_DAYS). */
const LIST_DAYS = 7;
const LIST_MAX = 20;

/** Why an activity is not proof, in the words of his screen. */
function reasonText(code: string | null): string | null {
  if (!code) return null;
  if (code === "beforeAcceptance" || code === "afterDeadline") return stravaMessages[code];
  return (proofStravaMessages as Record<string, string>)[code] ?? "This activity cannot be used as proof.";
}

/** GET /api/strava: his connection and what became of his activities of the last week. Only his rows. */
export async function readStravaStatus(
  db: Db,
  config: StravaConfig,
  userId: string,
  now = new Date(),
): Promise<StravaStatus> {
  const [connection] = await db.select().from(stravaConnections).where(eq(stravaConnections.userId, userId));
  const rows = await db
    .select({ activity: stravaActivities, milestoneText: milestones.milestoneDescription })
    .from(stravaActivities)
    .leftJoin(milestones, eq(milestones.id, stravaActivities.milestoneId))
    .where(
      and(
        eq(stravaActivities.userId, userId),
        gte(stravaActivities.receivedAt, new Date(now.getTime() - LIST_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(stravaActivities.receivedAt))
    .limit(LIST_MAX);
  const activities = rows.map(
    ({ activity, milestoneText }): StravaActivity => ({
      id: String(activity.activityId),
      name: activity.name,
      sport: activity.sport,
      startedAt: activity.startedAt?.toISOString() ?? null,
      outcome: activity.outcome,
      reason: reasonText(activity.reasonCode),
      reading: activity.reading,
      milestone: activity.milestoneId ? { id: activity.milestoneId, text: milestoneText ?? "" } : null,
    }),
  );
  return {
    available: config.mode !== "off",
    local: config.mode === "local",
    connection: connection
      ? { athleteName: connection.athleteName, connectedAt: connection.connectedAt.toISOString() }
      : null,
    busy: Boolean(connection?.busyUntil && connection.busyUntil > now),
    activities,
  };
}

async function offered(db: Db, userId: string, activityId: number) {
  const [row] = await db
    .select()
    .from(stravaActivities)
    .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.userId, userId)));
  if (!row) throw new DomainError("strava.activityNotFound");
  return row;
}

function stillOffered(row: ActivityRow) {
  if (row.outcome !== "offered" || !row.milestoneId || !row.reading) throw new DomainError("strava.notOffered");
  return { ...row, milestoneId: row.milestoneId, reading: row.reading };
}

/**
 * He said yes to an offer: the run becomes the proof of that milestone, replacing one it had (as an upload does).
 * Two taps at once make one proof.
 */
export async function useOfferedRun(db: Db, userId: string, activityId: number): Promise<ProofSummary> {
  const known = await offered(db, userId, activityId);
  if (known.outcome === "used" && known.milestoneId) {
    // A second tap (or a retried request): the proof it already became.
    const [made] = await db
      .select()
      .from(proofs)
      .where(and(eq(proofs.milestoneId, known.milestoneId), eq(proofs.stravaActivityId, activityId)));
    if (made) return proofSummary(made);
  }
  const row = stillOffered(known);
  const inserted = await db.transaction(async (tx) => {
    const [milestone] = await tx
      .select({ id: milestones.id })
      .from(milestones)
      .where(and(eq(milestones.id, row.milestoneId), eq(milestones.userId, userId)))
      .for("update");
    if (!milestone) throw new DomainError("strava.notOffered");
    const [still] = await tx
      .update(stravaActivities)
      .set({ outcome: "used" })
      .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.outcome, "offered")))
      .returning({ id: stravaActivities.activityId });
    if (!still) {
      const [existing] = await tx.select().from(proofs).where(eq(proofs.milestoneId, row.milestoneId));
      if (existing?.stravaActivityId === activityId) return existing;
      throw new DomainError("strava.notOffered");
    }
    // A proof he added meanwhile (a file, a photo) is his answer: the offer is over, and nothing of his is replaced.
    const [existing] = await tx.select({ id: proofs.id }).from(proofs).where(eq(proofs.milestoneId, row.milestoneId));
    if (existing) throw new DomainError("strava.notOffered");
    const [proof] = await tx
      .insert(proofs)
      .values({
        userId,
        milestoneId: row.milestoneId,
        kind: "activity",
        activity: row.reading,
        stravaActivityId: activityId,
      })
      .returning();
    if (!proof) throw new Error("proof insert returned nothing");
    return proof;
  });
  return proofSummary(inserted);
}

/** He said it is not proof of that milestone: it stays in his list, offered no more. */
export async function dismissOfferedRun(db: Db, userId: string, activityId: number): Promise<void> {
  stillOffered(await offered(db, userId, activityId));
  await db
    .update(stravaActivities)
    .set({ outcome: "dismissed" })
    .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.userId, userId)));
}
