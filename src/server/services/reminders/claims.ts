import { isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderDeliveries, reminderSettings } from "#server/db/schema.ts";
import { type ReminderKind, withinSendingHours } from "#shared/reminders/rules.ts";
import { FALLBACK_TIME_ZONE, isoWeekKey, isValidTimeZone, type LocalTime, localTime } from "#shared/time.ts";

/**
 * How the planner's claims choose and write (issue 58, decision 0157). Each claim reads the rows due now and not yet
 * claimed in one statement whose SQL does the choosing (his zone's clock, the windows, "no claim yet"), then writes
 * them in statements of at most CLAIM_BATCH rows: at 100,000 men a Monday morning is 23,000 reminders, which one
 * INSERT of bound values could not carry (PostgreSQL takes 65,535 parameters) and drizzle could not even build.
 */

/** Rows per statement: small enough for a short transaction, large enough that a busy Monday is a few dozen of them. */
export const CLAIM_BATCH = 1000;

export type ClaimOptions = {
  batchSize?: number;
  /**
   * Called with each batch's ids once it is committed: the queue enqueues their send jobs there, so a later batch
   * that fails cannot lose the earlier ones' jobs (a claimed row without a job would never be sent).
   */
  onBatch?: (ids: string[]) => Promise<void>;
};

/** One time zone's wall clock at the planned moment, as the rules read it (his zone as stored, UTC until known). */
export type ZoneClock = LocalTime & { zone: string; week: string };

/**
 * The clock of every time zone someone stored, read with the app's own time module (Intl), as the rules always read
 * them: PostgreSQL's zone data may lack a zone Intl accepts, and `at time zone` would then fail the whole claim. A
 * zone Intl refuses reads as UTC, the clock of everyone whose browser has not told us his. One narrow scan of the
 * settings' zones per claim; the rows themselves are then chosen in SQL by the zones whose clock is due.
 */
export async function zoneClocks(db: Db, now: Date): Promise<ZoneClock[]> {
  const stored = await db
    .selectDistinct({ zone: reminderSettings.timeZone })
    .from(reminderSettings)
    .where(isNotNull(reminderSettings.timeZone));
  const zones = new Set([FALLBACK_TIME_ZONE, ...stored.flatMap((row) => (row.zone ? [row.zone] : []))]);
  return [...zones].map((zone) => {
    const local = localTime(now, isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE);
    return { zone, ...local, week: isoWeekKey(local.date) };
  });
}

/** Zones where reminders may go out now: 08:00–22:00 on their clock. */
export const daytime = (clocks: ZoneClock[]) => clocks.filter(withinSendingHours);

/** Zones where it is Monday in the sending hours: where the weekly summary is due. */
export const mondayMorning = (clocks: ZoneClock[]) => daytime(clocks).filter((clock) => clock.weekday === 1);

/**
 * The clocks as a table to join on a user's zone, `<alias>(zone, day, week)`: one JSON parameter, whatever the number
 * of zones. `zoneOf` is his stored zone, null until known.
 */
export function clockTable(clocks: ZoneClock[], alias: string, zoneOf: SQL): SQL {
  const json = JSON.stringify(clocks.map(({ zone, date, week }) => ({ zone, day: date, week })));
  return sql`join json_to_recordset(${json}::json) as ${sql.raw(alias)}(zone text, day date, week text)
    on ${sql.raw(alias)}.zone = coalesce(${zoneOf}, ${FALLBACK_TIME_ZONE})`;
}

/**
 * The due rows of one claim, read in one statement: its SQL names only rows due now that nobody claimed yet (a "no
 * claim yet" anti-join), so a tick reads what is due and Node gets nothing else. Without JIT: these statements look
 * expensive to the planner and PostgreSQL spent ~0.75 s compiling each, far more than running it (issue 58).
 */
export async function readDue<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute<T>(query)).rows as T[];
  });
}

/**
 * Writes the claims of `due` in statements of at most `batchSize` rows (a few thousand bound values, far below
 * PostgreSQL's 65,535), handing each batch's claimed ids to `onBatch` once committed. `write` answers what it
 * claimed: a row another instance claimed an instant earlier is not among them (ON CONFLICT DO NOTHING, or the
 * re-checked condition of an UPDATE).
 */
export async function claimInBatches<T>(
  due: T[],
  write: (batch: T[]) => Promise<string[]>,
  options: ClaimOptions = {},
): Promise<string[]> {
  const size = options.batchSize ?? CLAIM_BATCH;
  const all: string[] = [];
  for (let from = 0; from < due.length; from += size) {
    const ids = await write(due.slice(from, from + size));
    if (ids.length === 0) continue;
    all.push(...ids);
    await options.onBatch?.(ids);
  }
  return all;
}

/** A reminder due now, as the planners' statements read it. */
export type DueReminder = { user_id: string; kind: ReminderKind; subject_key: string };

/**
 * Writes one batch of due reminders into reminder_deliveries: its unique (user, kind, subject) keeps each once across
 * instances and restarts. Answers the ids this call claimed (not those another instance had).
 */
export const insertReminderClaims = (db: Db) => async (batch: DueReminder[]) => {
  const claimed = await db
    .insert(reminderDeliveries)
    .values(batch.map((row) => ({ userId: row.user_id, kind: row.kind, subjectKey: row.subject_key })))
    .onConflictDoNothing({
      target: [reminderDeliveries.userId, reminderDeliveries.kind, reminderDeliveries.subjectKey],
    })
    .returning({ id: reminderDeliveries.id });
  return claimed.map((row) => row.id);
};
