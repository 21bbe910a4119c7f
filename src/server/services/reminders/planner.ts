import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { addDays } from "#shared/time.ts";
import {
  type ClaimOptions,
  claimOrPassOver,
  type DueReminder,
  daytime,
  found,
  insertReminderClaims,
  markEach,
  markWeek,
  mondayMorning,
  readDue,
  weeklyCandidates,
  type ZoneClock,
  zoneClocks,
  zoneOf,
} from "../outbox/claims.ts";
import { ofCurrentPlan } from "../plan/latest-plan.ts";

/** What a deadline read settles: his own reminders, or his partners' overdue news (decisions 0182 and 0185). */
type SettledBy = "deadline_reminder" | "partner_news";

/**
 * The rules of deadlineRemindersDue (due-reminders.ts) as index probes per zone of `clocks` (daytime already): overdue
 * once the deadline has passed, on its due day or the next on his clock; due tomorrow on the day before, while not
 * overdue. With `D` the day a zone's clock shows and a deadline's due day its UTC day, that is a deadline in [D-1, D+1)
 * that has passed, or one in [D+1, D+2) that has not. Each probe also names the marker a deadline due then carries
 * while not yet settled for it ('' for none): a marker names its deadline's own day, as a moved deadline loses it
 * (decision 0188). So each zone reads exactly its deadlines due and not yet settled; a zone where it is night is not
 * read at all.
 * - his reminders: overdue ones unsettled or settled only as due tomorrow, tomorrow's unsettled;
 * - his partners' overdue news: unsettled, or settled only as a completion before he reopened it.
 */
function dueDeadlineProbes(now: string, settledBy: SettledBy, clocks: ZoneClock[]) {
  const midnight = (day: string, days: number) => `${addDays(day, days)}T00:00:00.000Z`;
  const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);
  const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
  return clocks.flatMap(({ zone, date }) => {
    const overdue = { from: midnight(date, -1), to: earlier(now, midnight(date, 1)) };
    const tomorrow = { from: later(now, midnight(date, 1)), to: midnight(date, 2) };
    const probes =
      settledBy === "partner_news"
        ? [
            { ...overdue, settled: "" },
            { ...overdue, settled: "completed" },
          ]
        : [
            { ...overdue, settled: "" },
            { ...overdue, settled: `due_tomorrow:${addDays(date, -1)}` },
            { ...overdue, settled: `due_tomorrow:${date}` },
            { ...tomorrow, settled: "" },
          ];
    return probes.filter((probe) => Date.parse(probe.from) < Date.parse(probe.to)).map((probe) => ({ zone, ...probe }));
  });
}

/**
 * The open milestones due a deadline reminder (or, for `partner_news`, overdue news) now in the zones of `clocks` and
 * not yet settled for it, as `m(id, user_id, challenge_id, milestone_deadline)`: one probe each of the index that
 * leads with the marker and his zone (`milestones_deadline_reminders_idx`, `milestones_partner_overdue_idx`), read
 * from the index alone.
 */
export function dueDeadlines(now: string, settledBy: SettledBy, clocks: ZoneClock[]): SQL {
  const json = JSON.stringify(dueDeadlineProbes(now, settledBy, clocks));
  return sql`json_to_recordset(${json}::json) as w(zone text, settled text, "from" timestamptz, "to" timestamptz)
      cross join lateral (select m.id, m.user_id, m.challenge_id, m.milestone_deadline
        from milestones m
        where ${zoneOf("m")} = w.zone and coalesce(${sql.raw(`m.${settledBy}`)}, '') = w.settled
          and not m.milestone_completed and m.milestone_deadline >= w."from" and m.milestone_deadline < w."to"
        offset 0) m`;
}

/** A deadline e-mail's kind and subject (`milestoneId:dueDay`) for milestone `m` at `now`. */
const deadlineKind = (now: string) =>
  sql`case when m.milestone_deadline < ${now}::timestamptz then 'overdue' else 'due_tomorrow' end`;
export const deadlineSubject = sql`m.id::text || ':' || to_char(m.milestone_deadline at time zone 'UTC', 'YYYY-MM-DD')`;

/** A deadline reminder's settled marker, `kind:dueDay` (decision 0182), for milestone `m` at `now`. */
const deadlineMarker = (now: string) =>
  sql`${deadlineKind(now)} || ':' || to_char(m.milestone_deadline at time zone 'UTC', 'YYYY-MM-DD')`;

type DueDeadline = DueReminder & { milestone_id: string; marker: string; due: boolean };

/**
 * The open deadlines due a reminder now on his clock and not yet settled for it (decision 0182: the marker is read
 * from the deadline index itself, as his zone is, 0188), each answered due or passed over. Due: an accepted challenge
 * of his current plan, a confirmed address (an unconfirmed one may be somebody else's), his deadline e-mails on, no
 * claim yet. Each check is a probe of one row, in that order: PostgreSQL stops at the first that fails, so a deadline
 * of a challenge he never accepted costs one probe, not four (at 100,000 seeded men most deadlines read are passed
 * over; decision 0191).
 */
export function deadlineRemindersRead(now: string, clocks: ZoneClock[]): SQL {
  return sql`
      select m.id as milestone_id, m.user_id, ${deadlineKind(now)} as kind, ${deadlineSubject} as subject_key,
        ${deadlineMarker(now)} as marker,
        ${found(sql`select challenges.challenge_accepted and ${ofCurrentPlan} from challenges
          where challenges.id = m.challenge_id`)}
          and ${found(sql`select u.email_verified from users u where u.id = m.user_id`)}
          and coalesce((select s.deadline_emails from reminder_settings s where s.user_id = m.user_id), true)
          and not exists (select 1 from reminder_deliveries d
            where d.user_id = m.user_id and d.kind = ${deadlineKind(now)} and d.subject_key = ${deadlineSubject}) as due
      from ${dueDeadlines(now, "deadline_reminder", clocks)}
`;
}

/**
 * Marks milestones settled (claimed or passed over) for what `column` records: his deadline reminder (decision 0182)
 * or his partners' news (0185). A marker of a deadline's day is written only while the deadline is still on that day:
 * moved since it was read, it has lost its markers (decision 0188) and is read again for its new day. Answers how many
 * it changed.
 */
export const markMilestones =
  <T extends { milestone_id: string; marker: string }>(db: Db, column: SettledBy) =>
  (batch: T[]) =>
    markEach(
      db,
      batch,
      (row) => row.marker,
      (row) => row.milestone_id,
      (marker, ids) => sql`update milestones set ${sql.raw(column)} = ${marker}
        where id = any(array(select json_array_elements_text(${ids})::uuid)) and ${sql.raw(column)} is distinct from ${marker}
          and (${marker} = 'completed'
            or split_part(${marker}, ':', 2) = to_char(milestone_deadline at time zone 'UTC', 'YYYY-MM-DD'))
        returning id`,
    );

/**
 * The men of the Monday zones not yet decided this week, read through the zone index and their week marker (decisions
 * 0168 and 0181), each answered due or passed over: the first tick after 08:00 in a zone reads its men, later ticks
 * only those not yet decided.
 */
function weeklySummaries(db: Db, clocks: ZoneClock[], options: ClaimOptions) {
  return readDue<DueReminder & { due: boolean }>(
    db,
    sql`
      with ${weeklyCandidates(clocks, "weekly_summary_week", "weekly_summary")}
      select c.user_id, 'weekly_summary' as kind, c.week as subject_key,
        ${found(sql`select true from reminder_deliveries d
          where d.user_id = c.user_id and d.kind = 'weekly_summary' and d.subject_key = c.week`)} = false
        and ${found(sql`select u.email_verified from users u where u.id = c.user_id`)}
        and ${found(sql`select true from challenges
          where challenges.user_id = c.user_id and challenges.challenge_accepted and ${ofCurrentPlan}`)} as due
      from candidates c
`,
    options,
  );
}

/**
 * Claims the reminders due at `now` that nobody claimed before and answers their delivery ids. The unique key
 * (user, kind, subject) makes the claim the one place that decides "once": two instances planning the same minute,
 * or one planning again after a restart, insert nothing the second time. Only the zones where it is daytime (and,
 * for the weekly summary, Monday) are asked about, so a tick reads the rows due, not every man (issue 58).
 */
export async function claimDueReminders(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  return [...(await claimDueDeadlines(db, now, options)), ...(await claimDueSummaries(db, now, options))];
}

/** The deadline reminders of claimDueReminders: the outbox's tick claims them as a step of their own. */
export async function claimDueDeadlines(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const deadlines = daytime(await zoneClocks(db, now));
  if (deadlines.length === 0) return [];
  const read = await readDue<DueDeadline>(db, deadlineRemindersRead(now.toISOString(), deadlines), options);
  return claimOrPassOver(read, insertReminderClaims(db), markMilestones(db, "deadline_reminder"), options);
}

/** The weekly summaries of claimDueReminders, the tick's step after the deadlines. */
export async function claimDueSummaries(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const monday = mondayMorning(await zoneClocks(db, now));
  if (monday.length === 0) return [];
  const mark = (batch: DueReminder[]) => markWeek(db, "weekly_summary_week", batch);
  return claimOrPassOver(await weeklySummaries(db, monday, options), insertReminderClaims(db), mark, options);
}
