import { and, eq } from "drizzle-orm";
import { proofs, stravaActivities, stravaConnections } from "#server/db/schema.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { readStravaActivity } from "./activity-reading.ts";
import { accessTokenFor, forgetConnection, type StravaDeps } from "./connection.ts";
import { placeRun } from "./place-run.ts";
import { rateLimitedUntil, StravaError, type StravaUsage } from "./strava-api.ts";
import type { WebhookEvent as StravaEvent } from "./strava-payloads.ts";

/** Requests an event takes (the activity, its streams): a window with fewer left is not started. */
const REQUESTS_PER_EVENT = 2;

/**
 * Until when Strava's latest usage says to wait, or null. The reading counts only in the window it was made in: the
 * quarter hour or the day it reports on ends, and with it the wait.
 */
function heldBackUntil(latest: StravaUsage | null, now: Date): Date | null {
  if (!latest) return null;
  const until = rateLimitedUntil(latest, latest.at, REQUESTS_PER_EVENT);
  return until && until > now ? until : null;
}

/** Strava's limits hold this event back until `retryAt`: the job is sent again for then, never dropped. */
export class StravaBusy extends Error {
  constructor(readonly retryAt: Date) {
    super(`Strava is busy until ${retryAt.toISOString()}`);
  }
}

export type EventOutcome = "ignored" | "stale" | "disconnected" | "removed" | "renamed" | "placed" | "refused" | "kept";

type ActivityRow = typeof stravaActivities.$inferSelect;

/** His proofs read from that activity stop being proof (deleted, made private, or no longer a run at Strava). */
async function dropProofs(deps: StravaDeps, userId: string, activityId: number) {
  await deps.db.delete(proofs).where(and(eq(proofs.userId, userId), eq(proofs.stravaActivityId, activityId)));
}

async function removeActivity(deps: StravaDeps, userId: string, activityId: number): Promise<EventOutcome> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(proofs).where(and(eq(proofs.userId, userId), eq(proofs.stravaActivityId, activityId)));
    await tx
      .delete(stravaActivities)
      .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.userId, userId)));
  });
  return "removed";
}

/** Saves what became of an activity; `receivedAt` is the app's clock when it first arrived, kept on updates. */
async function saveActivity(deps: StravaDeps, row: ActivityRow): Promise<void> {
  const { activityId, receivedAt, ...rest } = row;
  await deps.db
    .insert(stravaActivities)
    .values(row)
    .onConflictDoUpdate({ target: stravaActivities.activityId, set: rest });
}

/** A proof of his from this activity, kept up to date with what Strava now says (an edited run, a cropped one). */
async function refreshProofs(deps: StravaDeps, userId: string, activityId: number, reading: ActivityReading) {
  await deps.db
    .update(proofs)
    .set({ activity: reading })
    .where(and(eq(proofs.userId, userId), eq(proofs.stravaActivityId, activityId)));
}

/**
 * One push event from Strava, handled as a job (decision 0165): idempotent, since Strava and the queue may both
 * deliver it again; an event older than the newest one applied to that activity changes nothing; a man who is not
 * connected (any more) is ignored. Throws StravaBusy when Strava's limits hold the event back, and StravaError
 * `unavailable` for the queue to retry with backoff.
 */
export async function handleStravaEvent(deps: StravaDeps, event: StravaEvent, now = new Date()): Promise<EventOutcome> {
  const [connection] = await deps.db
    .select({ userId: stravaConnections.userId })
    .from(stravaConnections)
    .where(eq(stravaConnections.athleteId, event.owner_id));
  if (!connection) return "ignored";
  const userId = connection.userId;

  if (event.object_type === "athlete") {
    if (event.updates?.authorized === "false") {
      await forgetConnection(deps.db, userId);
      return "disconnected";
    }
    return "ignored";
  }

  const activityId = event.object_id;
  const [known] = await deps.db
    .select()
    .from(stravaActivities)
    .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.userId, userId)));
  if (known && known.eventTime > event.event_time) return "stale";
  if (event.aspect_type === "delete") return removeActivity(deps, userId, activityId);
  // Made private: a run he keeps to himself at Strava is not shown as proof here (the scope reads public runs only).
  if (event.updates?.private === "true") return removeActivity(deps, userId, activityId);
  const changed = Object.keys(event.updates ?? {});
  if (known && event.aspect_type === "update" && changed.length > 0 && changed.every((k) => k === "title")) {
    await deps.db
      .update(stravaActivities)
      .set({ name: event.updates?.title ?? known.name, eventTime: event.event_time })
      .where(eq(stravaActivities.activityId, activityId));
    return "renamed";
  }

  const token = await accessTokenFor(deps, userId, now);
  if (!token) return "ignored";
  const held = heldBackUntil(deps.usage?.latest ?? null, now);
  if (held) {
    // Strava's window is all but used: wait for the next one rather than be refused in it.
    await holdBack(deps, userId, { activityId, eventTime: event.event_time, receivedAt: now }, known, held);
    throw new StravaBusy(held);
  }
  let activity: Awaited<ReturnType<StravaDeps["api"]["activity"]>>;
  let streams: Awaited<ReturnType<StravaDeps["api"]["streams"]>> | null = null;
  try {
    activity = await deps.api.activity(token, activityId);
    if (!activity.manual) streams = await deps.api.streams(token, activityId);
  } catch (err) {
    if (err instanceof StravaError && err.kind === "notFound") return removeActivity(deps, userId, activityId);
    if (err instanceof StravaError && err.kind === "unauthorized") {
      await forgetConnection(deps.db, userId);
      return "disconnected";
    }
    if (err instanceof StravaError && err.kind === "rateLimited") {
      const retryAt = err.retryAt ?? new Date(now.getTime() + 15 * 60 * 1000);
      await holdBack(deps, userId, { activityId, eventTime: event.event_time, receivedAt: now }, known, retryAt);
      throw new StravaBusy(retryAt);
    }
    throw err;
  }
  await deps.db.update(stravaConnections).set({ busyUntil: null }).where(eq(stravaConnections.userId, userId));

  const base = {
    activityId,
    userId,
    name: activity.name ?? "",
    sport: activity.sport_type ?? activity.type ?? "",
    startedAt: activity.start_date ? new Date(activity.start_date) : null,
    eventTime: event.event_time,
    receivedAt: now,
  };
  const read = readStravaActivity(activity, streams, { now, runningPace: true });
  if (!read.ok) {
    await dropProofs(deps, userId, activityId);
    await saveActivity(deps, { ...base, outcome: "refused", reasonCode: read.code, reading: null, milestoneId: null });
    return "refused";
  }
  // A run already placed keeps its place (his first run, his answer to an offer); only its figures follow Strava.
  if (known && known.outcome !== "waiting" && known.outcome !== "refused") {
    await refreshProofs(deps, userId, activityId, read.activity);
    await saveActivity(deps, {
      ...base,
      outcome: known.outcome,
      reasonCode: null,
      reading: read.activity,
      milestoneId: known.milestoneId,
    });
    return "kept";
  }
  // His run validated by Strava is a win like a typed run or a file: recordRunValidation awards its badges.
  const placement = await placeRun({ db: deps.db, log: deps.logger }, userId, activityId, read.activity);
  await saveActivity(deps, {
    ...base,
    outcome: placement.outcome,
    reasonCode: placement.reasonCode,
    reading: placement.outcome === "refused" ? null : read.activity,
    milestoneId: placement.milestoneId,
  });
  return placement.outcome === "refused" ? "refused" : "placed";
}

/** What he sees while Strava's limits hold his run back: the run waiting, and "Strava is busy" until then. */
async function holdBack(
  deps: StravaDeps,
  userId: string,
  arrived: { activityId: number; eventTime: number; receivedAt: Date },
  known: ActivityRow | undefined,
  retryAt: Date,
) {
  await deps.db.update(stravaConnections).set({ busyUntil: retryAt }).where(eq(stravaConnections.userId, userId));
  if (known) return;
  await deps.db
    .insert(stravaActivities)
    .values({ ...arrived, userId, outcome: "waiting", reasonCode: null, reading: null, milestoneId: null })
    .onConflictDoNothing();
}
