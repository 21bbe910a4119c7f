import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { partnerDeliveries, partners, users } from "#server/db/schema.ts";
import type { PartnerDeliveryKind } from "#shared/partners/rules.ts";
import {
  type ClaimOptions,
  claimOrPassOver,
  daytime,
  found,
  markEach,
  mondayMorning,
  readDue,
  type ZoneClock,
  zoneClocks,
  zoneOf,
} from "../outbox/claims.ts";
import { ofCurrentPlan } from "../plan/latest-plan.ts";
import { deadlineSubject, dueDeadlines, markMilestones } from "../reminders/planner.ts";

/**
 * What his accountability partners hear (issue 25, decision 0106), planned in the same minute as his own reminders and
 * claimed once per (partner, kind, subject) in partner_deliveries:
 * - completed: a milestone of an accepted challenge of his current plan completed in the last 2 days (and after the
 *   partner confirmed), subject the milestone's id, so completing it again never repeats it;
 * - overdue: the very rule of his own overdue reminder, subject `${milestoneId}:${dueDay}`;
 * - weekly_summary: Monday from 08:00, subject the ISO week.
 * Everything is read on HIS clock (his reminder time zone, UTC until his browser sent one) and sent 08:00–22:00 only.
 * Only partners who confirmed and have not stopped their e-mails hear anything; his own reminder switches are his
 * and do not silence them: the partner controls his own e-mails with the unsubscribe link.
 */

/** A completion is news for this long: a claim missed at night is made the next morning, never days later. */
const COMPLETED_NEWS_DAYS = 2;

/** Partners `p` who confirmed and still want e-mails. */
const listening = sql`p.accepted_at is not null and p.emails_stopped_at is null`;

type PartnerDue = { partner_id: string; user_id: string; kind: PartnerDeliveryKind; subject_key: string };

const insertPartnerEmails = (db: Db) => async (batch: PartnerDue[]) => {
  const claimed = await db
    .insert(partnerDeliveries)
    .values(
      batch.map((row) => ({
        partnerId: row.partner_id,
        userId: row.user_id,
        kind: row.kind,
        subjectKey: row.subject_key,
      })),
    )
    .onConflictDoNothing({
      target: [partnerDeliveries.partnerId, partnerDeliveries.kind, partnerDeliveries.subjectKey],
    })
    .returning({ id: partnerDeliveries.id });
  return claimed.map((row) => row.id);
};

/** A milestone's news for the partner: completed (subject the milestone), or overdue (subject `milestoneId:dueDay`). */
const newsKind = sql`case when m.milestone_completed then 'completed' else 'overdue' end`;
const newsSubject = sql`case when m.milestone_completed then m.id::text else ${deadlineSubject} end`;

/** The overdue news' settled marker for milestone `m`, `overdue:dueDay` (decision 0185). */
const overdueMarker = sql`'overdue:' || to_char(m.milestone_deadline at time zone 'UTC', 'YYYY-MM-DD')`;

/** A milestone's news as the read answers it: the partners due to hear it (none: passed over), and its marker. */
type MilestoneNews = {
  milestone_id: string;
  user_id: string;
  kind: PartnerDeliveryKind;
  subject_key: string;
  marker: string;
  partner_ids: string[];
  due: boolean;
};

/**
 * The milestones whose partner news is due now in the zones of `clocks` (daytime only) and not yet settled (decision
 * 0185), each answered with the partners due to hear it: completions of the last days from the index of unsettled
 * completions, overdue deadlines (the very rule of his own overdue reminder, `dueDeadlines`) from the index of open
 * deadlines by marker and zone. Both indexes hold his zone (decision 0188): each is read from its index alone, per
 * daytime zone; a settled one is not read at all, nor news of a man whose night it is.
 *
 * Due to hear it: a partner who confirmed (before the completion: news from before is on the page he opened) and
 * still listens, with no claim yet, of an accepted challenge of his current plan. A milestone with none (he has no
 * partner listening, or the challenge is no longer his plan's) is passed over and marked, as one whose partners all
 * heard it: a partner who confirms later hears the next news.
 */
export function partnerNewsRead(now: string, clocks: ZoneClock[]): SQL {
  const zones = JSON.stringify(clocks.map(({ zone }) => ({ zone })));
  return sql`
      with news as materialized (
        select m.id, m.user_id, m.challenge_id, true as milestone_completed, m.completed_at,
          null::timestamptz as milestone_deadline
        from json_to_recordset(${zones}::json) as z(zone text)
        cross join lateral (select m.id, m.user_id, m.challenge_id, m.completed_at from milestones m
          where ${zoneOf("m")} = z.zone and m.milestone_completed and m.partner_news is distinct from 'completed'
            and m.completed_at between ${now}::timestamptz - ${`${COMPLETED_NEWS_DAYS} days`}::interval and ${now}::timestamptz
          offset 0) m
        union all
        select m.id, m.user_id, m.challenge_id, false, null, m.milestone_deadline
        from ${dueDeadlines(now, "partner_news", clocks)}
      )
      select m.id as milestone_id, m.user_id, ${newsKind} as kind, ${newsSubject} as subject_key,
        case when m.milestone_completed then 'completed' else ${overdueMarker} end as marker,
        case when ${found(sql`select challenges.challenge_accepted and ${ofCurrentPlan} from challenges
            where challenges.id = m.challenge_id`)}
          then coalesce((select json_agg(p.id) from partners p
            where p.user_id = m.user_id and ${listening}
              and (not m.milestone_completed or m.completed_at >= p.accepted_at)
              and not exists (select 1 from partner_deliveries d
                where d.partner_id = p.id and d.kind = ${newsKind} and d.subject_key = ${newsSubject})), '[]'::json)
          else '[]'::json end as partner_ids
      from news m
`;
}

/** One delivery per partner due to hear a milestone's news. */
const insertNewsEmails = (db: Db) => (batch: MilestoneNews[]) =>
  insertPartnerEmails(db)(
    batch.flatMap((row) =>
      row.partner_ids.map((partnerId) => ({
        partner_id: partnerId,
        user_id: row.user_id,
        kind: row.kind,
        subject_key: row.subject_key,
      })),
    ),
  );

/**
 * The listening partners not yet settled this week in the zones where it is Monday morning, `candidates(id, user_id,
 * week)`: per zone one probe of `partners_zone_summary_idx`, which holds his man's zone (a trigger keeps it,
 * decision 0183) and the partner's week marker (decisions 0168 and 0181). A partner whose summary is settled, or whose
 * zone is not yet at Monday 08:00, is never read.
 */
function undecidedPartners(clocks: ZoneClock[]): SQL {
  const json = JSON.stringify(clocks.map(({ zone, week }) => ({ zone, week })));
  return sql`candidates as materialized (
        select p.id, p.user_id, z.week
        from json_to_recordset(${json}::json) as z(zone text, week text)
        cross join lateral (select p.id, p.user_id from partners p
          where ${zoneOf("p")} = z.zone and ${listening}
            and coalesce(p.weekly_summary_week, '') < z.week
          offset 0) p
      )`;
}

/** The undecided partners, each answered due (no claim yet, his current plan accepted) or passed over (decision 0181). */
function partnerWeeklySummaries(db: Db, clocks: ZoneClock[], options: ClaimOptions) {
  return readDue<PartnerDue & { due: boolean }>(
    db,
    sql`
      with ${undecidedPartners(clocks)}
      select p.id as partner_id, p.user_id, 'weekly_summary' as kind, p.week as subject_key,
        ${found(sql`select true from partner_deliveries d
          where d.partner_id = p.id and d.kind = 'weekly_summary' and d.subject_key = p.week`)} = false
        and ${found(sql`select true from challenges
          where challenges.user_id = p.user_id and challenges.challenge_accepted and ${ofCurrentPlan}`)} as due
      from candidates p
`,
    options,
  );
}

/** Marks partners done for their week (claimed, or passed over); answers how many it changed. */
const markPartnersWeek = (db: Db) => (batch: PartnerDue[]) =>
  markEach(
    db,
    batch,
    (row) => row.subject_key,
    (row) => row.partner_id,
    (week, ids) => sql`update partners set weekly_summary_week = ${week}
      where id = any(array(select json_array_elements_text(${ids})::uuid)) and coalesce(weekly_summary_week, '') < ${week}
      returning id`,
  );

/**
 * Claims the partner e-mails due at `now` that nobody claimed before and answers their delivery ids, as
 * claimDueReminders does for his own: the unique key (partner, kind, subject) makes two instances planning the same
 * minute, or one planning again after a restart, insert nothing the second time.
 */
export async function claimDuePartnerEmails(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  return [...(await claimDuePartnerNews(db, now, options)), ...(await claimDuePartnerSummaries(db, now, options))];
}

/** The news of claimDuePartnerEmails (a milestone done, one overdue): the outbox's tick claims it as a step of its own. */
export async function claimDuePartnerNews(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const news = daytime(await zoneClocks(db, now));
  if (news.length === 0) return [];
  const read = (await readDue<MilestoneNews>(db, partnerNewsRead(now.toISOString(), news), options)).map((row) => ({
    ...row,
    due: row.partner_ids.length > 0,
  }));
  return claimOrPassOver(read, insertNewsEmails(db), markMilestones(db, "partner_news"), options);
}

/** The weekly summaries of claimDuePartnerEmails, the tick's step after the news. */
export async function claimDuePartnerSummaries(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const monday = mondayMorning(await zoneClocks(db, now));
  if (monday.length === 0) return [];
  const read = await partnerWeeklySummaries(db, monday, options);
  return claimOrPassOver(read, insertPartnerEmails(db), markPartnersWeek(db), options);
}

/** Who a partner's unsubscribe link is about: his first name, and whether the partner's e-mails already stopped. */
export async function readPartnerEmailState(
  db: Db,
  partnerId: string,
): Promise<{ inviterFirstName: string; emailsStopped: boolean } | null> {
  const [row] = await db
    .select({ inviterFirstName: users.firstName, stoppedAt: partners.emailsStoppedAt })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(eq(partners.id, partnerId));
  return row ? { inviterFirstName: row.inviterFirstName, emailsStopped: row.stoppedAt !== null } : null;
}

/**
 * Stops every e-mail to this one partner (his other partners, and his own reminders, are untouched). Idempotent: the
 * first moment stays. Answers false when the partner no longer exists (removed, or his account deleted).
 */
export async function stopPartnerEmails(db: Db, partnerId: string, now: Date): Promise<boolean> {
  const [stopped] = await db
    .update(partners)
    .set({ emailsStoppedAt: now })
    .where(and(eq(partners.id, partnerId), isNull(partners.emailsStoppedAt)))
    .returning({ id: partners.id });
  if (stopped) return true;
  return (await readPartnerEmailState(db, partnerId)) !== null;
}
