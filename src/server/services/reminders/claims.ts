import { isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderSettings } from "#server/db/schema.ts";
import { withinSendingHours } from "#shared/reminders/rules.ts";
import { FALLBACK_TIME_ZONE, isoWeekKey, isValidTimeZone, type LocalTime, localTime } from "#shared/time.ts";

/**
 * How the planner's claims choose and write (issue 58, decision 0157). Each claim is one statement per batch that picks
 * at most `batchSize` due rows nobody claimed yet and inserts (or updates) them in SQL, so nothing is bound per row:
 * at 100,000 men a Monday morning is 23,000 reminders, which one INSERT of bound values could not carry (PostgreSQL
 * takes 65,535 parameters) and drizzle could not even build.
 */

/** Rows per statement: small enough for a short transaction, large enough that a busy Monday is a few dozen of them. */
export const CLAIM_BATCH = 1000;

/** More batches than this in one claim means a statement keeps finding rows it cannot claim: a bug, not a busy day. */
const MAX_BATCHES = 10_000;

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

/** What one batch did: the ids it claimed, and how many due rows it saw (some may have gone to another instance). */
export type Batch = { ids: string[]; seen: number };

/**
 * Runs one claim batch after batch until a batch sees fewer due rows than it may take. A batch that saw a full batch
 * may have lost some of it to another instance claiming at the same moment, so it goes on; the next batch's "no claim
 * yet" skips what the other took.
 */
export async function claimInBatches(
  batch: (limit: number) => Promise<Batch>,
  options: ClaimOptions = {},
): Promise<string[]> {
  const limit = options.batchSize ?? CLAIM_BATCH;
  const all: string[] = [];
  for (let round = 0; round < MAX_BATCHES; round++) {
    const { ids, seen } = await batch(limit);
    if (ids.length > 0) {
      all.push(...ids);
      await options.onBatch?.(ids);
    }
    if (seen < limit) return all;
  }
  throw new Error(`a claim found due rows in ${MAX_BATCHES} batches of ${limit}: it cannot be claiming them`);
}

/**
 * One batch: an insert of the due rows `due` (a select with a `limit`) that nobody claimed yet, as one statement. ON CONFLICT stays for the instance that claims the same row an instant
 * earlier than this one's "no claim yet" could see.
 */
export async function insertClaimed(db: Db, table: SQL, columns: SQL, conflict: SQL, due: SQL): Promise<Batch> {
  const result = await db.execute<{ id: string | null; seen: number | null }>(sql`with due as (${due}),
    claimed as (insert into ${table} (${columns}) select * from due on conflict (${conflict}) do nothing returning id)
    select id::text as id, null::int as seen from claimed
    union all select null, count(*)::int from due`);
  return {
    ids: result.rows.flatMap((row) => (row.id ? [row.id] : [])),
    seen: Number(result.rows.find((row) => row.seen !== null)?.seen ?? 0),
  };
}
