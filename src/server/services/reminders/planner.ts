import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { addDays } from "#shared/time.ts";
import {
  type ClaimOptions,
  claimOrPassOver,
  clockTable,
  type DueReminder,
  daytime,
  found,
  insertReminderClaims,
  markEach,
  markWeek,
  mondayMorning,
  readDue,
  settingsOf,
  weeklyCandidates,
  type ZoneClock,
  zoneClocks,
} from "../outbox/claims.ts";
import { ofCurrentPlan } from "../plan/latest-plan.ts";

/** The UTC day a deadline falls on (SPEC.md section 9): the day a deadline e-mail's subject names. */
const dueDayOf = (deadline: SQL) => sql`(${deadline} at time zone 'UTC')::date`;

/**
 * The rules of deadlineRemindersDue (due-reminders.ts) as a filter on milestones `m` joined to his zone's clock `z`,
 * which is one of `clocks` (daytime already): overdue once the deadline has passed, on its due day or the next on his
 * clock; due tomorrow on the day before, while not overdue. So a deadline is due only if its UTC day is within a day
 * of a day those clocks show: that window lets the index on open deadlines find them, about three days of deadlines
 * where the zones show one day (decision 0176; a window of three days either side of now read twice as many).
 */
export function deadlineDue(now: string, kind: "any" | "overdue", clocks: ZoneClock[]): SQL {
  const dueDay = dueDayOf(sql`m.milestone_deadline`);
  const overdue = sql`(m.milestone_deadline < ${now}::timestamptz and z.day in (${dueDay}, ${dueDay} + 1))`;
  const window = deadlineWindow(now, kind, clocks);
  if (kind === "overdue") return sql`${window} and ${overdue}`;
  return sql`${window} and (${overdue} or (m.milestone_deadline >= ${now}::timestamptz and z.day = ${dueDay} - 1))`;
}

/** The deadlines `deadlineDue` can find due on `clocks`' days, as a range the index on open deadlines reads. */
export function deadlineWindow(now: string, kind: "any" | "overdue", clocks: ZoneClock[]): SQL {
  const days = clocks.map((clock) => clock.date).sort();
  const first = `${addDays(days[0] ?? now.slice(0, 10), -1)}T00:00:00Z`;
  const end = `${addDays(days.at(-1) ?? now.slice(0, 10), kind === "overdue" ? 1 : 2)}T00:00:00Z`;
  return sql`m.milestone_deadline >= ${first}::timestamptz and m.milestone_deadline < ${end}::timestamptz`;
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
 * from the deadline index itself), each answered due or passed over. Due: an accepted challenge of his current plan,
 * a confirmed address (an unconfirmed one may be somebody else's), his deadline e-mails on, no claim yet.
 */
function deadlineReminders(db: Db, now: string, clocks: ZoneClock[], options: ClaimOptions) {
  return readDue<DueDeadline>(
    db,
    sql`
      select m.id as milestone_id, m.user_id, ${deadlineKind(now)} as kind, ${deadlineSubject} as subject_key,
        ${deadlineMarker(now)} as marker,
        ${found(sql`select challenges.challenge_accepted and ${ofCurrentPlan} from challenges
          where challenges.id = m.challenge_id`)}
          and ${found(sql`select u.email_verified from users u where u.id = m.user_id`)}
          and coalesce(rs.deadline_emails, true)
          and not exists (select 1 from reminder_deliveries d
            where d.user_id = m.user_id and d.kind = ${deadlineKind(now)} and d.subject_key = ${deadlineSubject}) as due
      from milestones m
      ${settingsOf(sql`m.user_id`)}
      ${clockTable(clocks, "z", sql`rs.time_zone`)}
      where not m.milestone_completed and ${deadlineDue(now, "any", clocks)}
        and m.deadline_reminder is distinct from ${deadlineMarker(now)}
`,
    options,
  );
}

/**
 * Marks milestones settled (claimed or passed over) for what `column` records: his deadline reminder (decision 0182)
 * or his partners' news (0185). Answers how many it changed.
 */
export const markMilestones =
  <T extends { milestone_id: string; marker: string }>(db: Db, column: "deadline_reminder" | "partner_news") =>
  (batch: T[]) =>
    markEach(
      db,
      batch,
      (row) => row.marker,
      (row) => row.milestone_id,
      (marker, ids) => sql`update milestones set ${sql.raw(column)} = ${marker}
        where id = any(array(select json_array_elements_text(${ids})::uuid)) and ${sql.raw(column)} is distinct from ${marker}
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
  const read = await deadlineReminders(db, now.toISOString(), deadlines, options);
  return claimOrPassOver(read, insertReminderClaims(db), markMilestones(db, "deadline_reminder"), options);
}

/** The weekly summaries of claimDueReminders, the tick's step after the deadlines. */
export async function claimDueSummaries(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const monday = mondayMorning(await zoneClocks(db, now));
  if (monday.length === 0) return [];
  const mark = (batch: DueReminder[]) => markWeek(db, "weekly_summary_week", batch);
  return claimOrPassOver(await weeklySummaries(db, monday, options), insertReminderClaims(db), mark, options);
}
