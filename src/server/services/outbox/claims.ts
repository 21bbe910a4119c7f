import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderDeliveries } from "#server/db/schema.ts";
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

/**
 * Due rows one planning tick reads and claims, all its claims together (decision 0176). At 100,000 men the busiest
 * Monday moment has 46,000 e-mails due; claiming them in one tick took seconds of writes, so a tick stops at this many
 * and the queue plans again at once, on whichever instance takes the job: every tick is short, its transactions too,
 * and the sending starts while the rest is still being claimed.
 */
export const TICK_ROWS = 3000;

/**
 * Due rows one read of a claim takes at most (decision 0191): a claim reads, claims and marks this many, and the tick
 * runs it again while its rows and its time last. On a cold database (PostgreSQL just started, its pages on disk) each
 * due deadline costs ~1 ms of page reads, its marking as much again: a read of 3,000 took 3.1 s, one of 500 takes a
 * sixth of it.
 */
export const CHUNK_ROWS = 250;

/**
 * A tick's time (decision 0191): it starts no read after this many milliseconds, and the queue plans again at once
 * from where it stopped. With a read of CHUNK_ROWS at most, a tick lasts this plus one read: under a second even when
 * every page it reads is on disk.
 */
export const TICK_MS = 400;

/** A tick's clock, in milliseconds (performance.now by default; tests give a fake one). */
export type TickClock = () => number;

/**
 * What is left of a tick's rows and time. A read asks for one row more than it may take (`limit`: the rows left, at
 * most a chunk) and keeps what it may (`take`); the one over says that more is due (`more`): the tick reads that claim
 * again while rows and time are left (`spent`), and otherwise the next tick goes on from there (its reads skip what is
 * claimed).
 */
export class TickBudget {
  #left: number;
  #more = false;
  #decided = 0;
  #reads = 0;
  readonly #clock: TickClock | undefined;
  readonly #endsAt: number;
  readonly #chunk: number;
  /** Without `time`, the budget is rows only (the tests' claims called one by one). */
  constructor(rows = TICK_ROWS, time?: { ms: number; clock: TickClock }, chunk = CHUNK_ROWS) {
    this.#left = rows;
    this.#clock = time?.clock;
    this.#endsAt = time ? time.clock() + time.ms : Number.POSITIVE_INFINITY;
    this.#chunk = chunk;
  }
  get left(): number {
    return this.#left;
  }
  /**
   * No row or no time left: the claims after this read nothing this tick. A tick's first read is always made, however
   * late it starts (a busy machine, a slow connection): a tick that read nothing could not say where to go on.
   */
  get spent(): boolean {
    if (this.#left === 0) return true;
    return this.#reads > 0 && this.#clock !== undefined && this.#clock() >= this.#endsAt;
  }
  /** The last read found more due than it took (or was skipped): that claim has more to read. */
  get more(): boolean {
    return this.#more;
  }
  /** Before a claim runs: a run that reads nothing (nothing due in any zone) leaves nothing more to read. */
  forgetMore(): void {
    this.#more = false;
  }
  /** Rows this tick marked settled without a claim (claimOrPassOver): progress, though nothing was claimed. */
  get decided(): number {
    return this.#decided;
  }
  noteDecided(rows: number): void {
    this.#decided += rows;
  }
  get #room(): number {
    return Math.min(this.#left, this.#chunk);
  }
  get limit(): number {
    return this.#room + 1;
  }
  /** A read left for the next tick: the budget is spent, and whether anything is due is that tick's to find. */
  skip(): [] {
    this.#more = true;
    return [];
  }
  /** The rows of a read this tick claims, at most what is left and a chunk; spends them. */
  take<T>(rows: T[]): T[] {
    const kept = rows.slice(0, this.#room);
    this.#reads += 1;
    this.#more = rows.length > kept.length;
    this.#left -= kept.length;
    return kept;
  }
}

export type ClaimOptions = {
  batchSize?: number;
  /** The tick's budget (planTick's); without one a claim reads all that is due, as the benchmark's single claims do. */
  budget?: TickBudget;
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
 * zone Intl refuses reads as UTC, the clock of everyone whose browser has not told us his. The rows themselves are
 * then chosen in SQL by the zones whose clock is due.
 *
 * The zones are read by skipping through the zone index (`reminder_settings_zone_summary_idx`), one probe per zone,
 * instead of scanning every man's settings on every claim (decision 0168).
 */
export async function zoneClocks(db: Db, now: Date): Promise<ZoneClock[]> {
  const stored = await db.execute<{ zone: string }>(sql`
    with recursive zones(zone) as (
      (select ${zoneOf("rs")} from reminder_settings rs order by 1 limit 1)
      union all
      select (select ${zoneOf("rs")} from reminder_settings rs where ${zoneOf("rs")} > zones.zone order by 1 limit 1)
      from zones where zones.zone is not null
    )
    select zone from zones where zone is not null`);
  const zones = new Set([FALLBACK_TIME_ZONE, ...stored.rows.map((row) => row.zone)]);
  return [...zones].map((zone) => {
    const local = localTime(now, isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE);
    return { zone, ...local, week: isoWeekKey(local.date) };
  });
}

/**
 * His zone as the claims read it, `coalesce(<alias>.time_zone, 'UTC')` (his settings, or a partner's copy of it):
 * written out, not bound, so that PostgreSQL matches it to the zone indexes' expression.
 */
export function zoneOf(alias: string): SQL {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  return sql.raw(`coalesce(${alias}.time_zone, '${FALLBACK_TIME_ZONE}')`);
}

/** Zones where reminders may go out now: 08:00–22:00 on their clock. */
export const daytime = (clocks: ZoneClock[]) => clocks.filter(withinSendingHours);

/** Zones where it is Monday in the sending hours: where the weekly summary is due. */
export const mondayMorning = (clocks: ZoneClock[]) => daytime(clocks).filter((clock) => clock.weekday === 1);

/** The weekly claims' markers on reminder_settings: the ISO week last claimed (decision 0168). */
type WeekMarker = "weekly_summary_week" | "check_in_week";

/**
 * The men who may be due a weekly e-mail in the zones of `clocks`, `candidates(user_id, week, zone)`, read through
 * a zone index: in each zone only those with the switch `on` whose `marker` is not yet this week. Every man has a
 * settings row from his sign-up (a trigger on users, decision 0186), so the index holds everyone: a man whose browser
 * has not sent a zone is under UTC. A man is marked once his claim is written, so later ticks of the same Monday (or
 * Sunday evening) skip him in the index instead of reading him again (decision 0168).
 */
export function weeklyCandidates(
  clocks: ZoneClock[],
  marker: WeekMarker,
  on: "weekly_summary" | "screen_time_check_in",
): SQL {
  const json = JSON.stringify(clocks.map(({ zone, week }) => ({ zone, week })));
  return sql`candidates as materialized (
      select c.user_id, z.week, z.zone
      from json_to_recordset(${json}::json) as z(zone text, week text)
      cross join lateral (select rs.user_id from reminder_settings rs
        where ${zoneOf("rs")} = z.zone and rs.${sql.raw(on)} and coalesce(rs.${sql.raw(marker)}, '') < z.week
        offset 0) c
    )`;
}

/**
 * Marks men done for their week, claimed or passed over (whether this instance's insert or another's claimed them:
 * either way it is settled). A man deleted meanwhile has no row left to mark.
 */
export function markWeek(db: Db, marker: WeekMarker, batch: DueReminder[]): Promise<number> {
  const column = sql.raw(marker);
  return markEach(
    db,
    batch,
    (row) => row.subject_key,
    (row) => row.user_id,
    (week, ids) => sql`update reminder_settings set ${column} = ${week}::text
      where user_id = any(array(select json_array_elements_text(${ids})))
        and coalesce(${column}, '') < ${week}::text
      returning user_id`,
  );
}

/**
 * Writes a settled marker on the rows of a batch: one statement (`write`, with a `returning` list) per marker value
 * (one or two weeks, the zones' clocks differ by a day at most; a deadline's few kinds and days), given the ids as one
 * JSON array to unnest in SQL, `any(array(select json_array_elements_text(ids)))`: one primary-key probe per row, never
 * a joined table. Answers how many rows it changed.
 */
export async function markEach<T>(
  db: Db,
  batch: T[],
  markerOf: (row: T) => string,
  idOf: (row: T) => string,
  write: (marker: string, ids: SQL) => SQL,
): Promise<number> {
  const groups = new Map<string, string[]>();
  for (const row of batch) groups.set(markerOf(row), [...(groups.get(markerOf(row)) ?? []), idOf(row)]);
  let marked = 0;
  for (const [marker, ids] of groups) {
    marked += (await db.execute(write(marker, sql`${JSON.stringify(ids)}::json`))).rows.length;
  }
  return marked;
}

/**
 * The due rows of one claim, read in one statement: its SQL names only rows due now that nobody claimed yet (a "no
 * claim yet" anti-join), so a tick reads what is due and Node gets nothing else. Without JIT: these statements look
 * expensive to the planner and PostgreSQL spent ~0.75 s compiling each, far more than running it (issue 58). With
 * the tick's budget, at most what is left of it (any of the due rows: the ones left are the next tick's).
 */
export async function readDue<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  options: ClaimOptions = {},
): Promise<T[]> {
  const { budget } = options;
  // A spent budget reads nothing: the rows of this claim wait for the next tick, which this one asks for.
  if (budget?.spent) return budget.skip();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute<T>(budget ? sql`${query} limit ${budget.limit}` : query)).rows as T[];
  });
  return budget ? budget.take(rows) : rows;
}

/**
 * Whether `select true from …` finds a row, asked per row of the outer query: a scalar subquery PostgreSQL evaluates
 * with the row's index probe. Written as `exists`, the planner (which cannot see how few candidates the JSON clocks
 * let through) turned it into a join over whole tables of men (decision 0168).
 */
export const found = (query: SQL) => sql`coalesce((${query} limit 1), false)`;

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

/**
 * A claim's candidates as its read answers them (decisions 0181 and 0182): each not yet settled, `due` or passed over
 * (not confirmed, no accepted plan, checked in lately, his e-mails off, or claimed by another instance). The due are
 * claimed (`insert`) and then marked settled (`mark`); the passed over are only marked, so no later tick reads them
 * again: a weekly e-mail waits for next week, a deadline reminder for the next one of that deadline. Both count as the
 * tick's progress.
 */
export async function claimOrPassOver<T extends { due: boolean }>(
  read: T[],
  insert: (batch: T[]) => Promise<string[]>,
  mark: (batch: T[]) => Promise<number>,
  options: ClaimOptions = {},
): Promise<string[]> {
  const claimAndMark = async (batch: T[]) => {
    const ids = await insert(batch);
    await mark(batch);
    return ids;
  };
  const ids = await claimInBatches(
    read.filter((row) => row.due),
    claimAndMark,
    options,
  );
  const passed = read.filter((row) => !row.due);
  const size = options.batchSize ?? CLAIM_BATCH;
  for (let from = 0; from < passed.length; from += size) {
    // Marked first, then counted: `budget?.noteDecided(await …)` would skip the marking when there is no budget.
    const marked = await mark(passed.slice(from, from + size));
    options.budget?.noteDecided(marked);
  }
  return ids;
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
