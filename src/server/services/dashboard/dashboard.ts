import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isoTime, preparedStatement } from "#server/db/prepared.ts";
import { plans } from "#shared/billing/plans.ts";
import type { AddChallenge, Dashboard, DashboardChallenge } from "#shared/dashboard/contracts.ts";
import type { Mission } from "#shared/plan/contracts.ts";
import { sortMilestones } from "#shared/plan/rules.ts";
import type { ReplanOffer } from "#shared/replan/contracts.ts";
import { clampToWindow, replanWindow } from "#shared/replan/rules.ts";
import { RECENT_DAYS } from "#shared/screen-time/rules.ts";
import { type CheckedInDay, summarize } from "#shared/screen-time/summary.ts";
import { FALLBACK_TIME_ZONE, todayIn } from "#shared/time.ts";
import { premiumCondition } from "../billing/premium.ts";
import { proofSummaryJson } from "../proof/proof-summary.ts";
import { type BalanceRow, balanceOf } from "../tokens/tokens.ts";

/** A waiting re-plan as the SQL builds it: its window is added from his calendar and the challenge's dates. */
type StoredOffer = Omit<ReplanOffer, "window">;
type RawChallenge = Omit<DashboardChallenge, "milestones"> & {
  milestones: Array<Omit<DashboardChallenge["milestones"][number], "replan"> & { replan: StoredOffer | null }>;
};
type DashboardRow = BalanceRow & {
  mission: Mission | null;
  challenges: RawChallenge[];
  time_zone: string | null;
  plan_id: string | null;
  accepted_count: number | null;
  open_count: number | null;
  screen_start: CheckedInDay | null;
  screen_recent: CheckedInDay[] | null;
};

/** What the statement is given at each call: whose dashboard, and the moment (his premium may have ended). */
const bound = { user: sql.placeholder("user"), now: sql.placeholder("now") };

/** His dashboard in one statement, its values bound at each call. */
const dashboardStatement = preparedStatement<DashboardRow>(
  "dashboard_read",
  () => sql`
    with plan as (
      select id, life_mission, mission_statement, vision, ai_analysis
      from quiz_responses
      where user_id = ${bound.user} and status = 'analyzed'
      order by completed_at desc
      limit 1
    ), dated as (
      select m.challenge_id, json_agg(json_build_object(
        'id', m.id,
        'milestoneType', m.milestone_type,
        'milestoneDescription', m.milestone_description,
        'milestoneDeadline', ${isoTime(sql`m.milestone_deadline`)},
        'milestoneCompleted', m.milestone_completed,
        'proof', (select ${proofSummaryJson(sql.raw("pr"), isoTime)} from proofs pr where pr.milestone_id = m.id and pr.user_id = ${bound.user}),
        'replan', (select json_build_object(
            'id', r.id, 'reason', r.reason, 'note', r.reason_note, 'proposal', r.proposal, 'tokenSpent', r.token_spent
          ) from milestone_replans r where r.milestone_id = m.id and r.user_id = ${bound.user} and r.status = 'proposed'),
        'replansUsed', (select count(*) from milestone_replans r
          where r.milestone_id = m.id and r.user_id = ${bound.user} and r.status <> 'generating'),
        'todos', coalesce((
          select json_agg(json_build_object(
            'id', t.id, 'todoDescription', t.todo_description, 'todoCompleted', t.todo_completed
          ) order by t.position, t.created_at)
          from todos t
          where t.milestone_id = m.id and t.user_id = ${bound.user}
        ), '[]'::json)
      )) as milestones
      from milestones m
      join challenges c on c.id = m.challenge_id
      where m.user_id = ${bound.user} and c.user_id = ${bound.user} and c.challenge_accepted
        and c.quiz_response_id = (select id from plan) and m.milestone_deadline is not null
      group by m.challenge_id
    )
    select p.tokens_remaining, p.tokens_period, ${premiumCondition(bound.now, sql.raw("p"))} as premium,
      (select time_zone from reminder_settings where user_id = ${bound.user}) as time_zone,
      (select id from plan) as plan_id,
      (select count(*)::int from challenges c
        where c.user_id = ${bound.user} and c.quiz_response_id = (select id from plan) and c.challenge_accepted) as accepted_count,
      (select count(*)::int from challenges c
        where c.user_id = ${bound.user} and c.quiz_response_id = (select id from plan) and not c.challenge_accepted) as open_count,
      (select json_build_object(
        'lifeMission', life_mission,
        'missionStatement', mission_statement,
        'vision', vision,
        'screenToActionPlan', ai_analysis -> 'screen_to_action_plan',
        'accountabilityFramework', ai_analysis -> 'accountability_tracking'
      ) from plan) as mission,
      (select json_build_object('day', day, 'minutes', minutes) from screen_time_days
        where user_id = ${bound.user} order by day limit 1) as screen_start,
      -- One row a day at most: his last RECENT_DAYS rows hold every check-in of his last RECENT_DAYS days.
      (select json_agg(json_build_object('day', day, 'minutes', minutes)) from (
        select day, minutes from screen_time_days where user_id = ${bound.user} order by day desc limit ${RECENT_DAYS}
      ) recent) as screen_recent,
      coalesce((
        select json_agg(json_build_object(
          'id', c.id,
          'position', c.position,
          'title', c.title,
          'description', c.description,
          'insight', c.insight,
          'challengeAccepted', c.challenge_accepted,
          'screenToAction', c.screen_to_action,
          'accountabilityFramework', c.accountability_framework,
          'milestones', d.milestones
        ) order by c.position, c.created_at)
        from challenges c join dated d on d.challenge_id = c.id
      ), '[]'::json) as challenges
    from (select 1) as one
    left join profiles p on p.id = ${bound.user}
  `,
);

/**
 * Everything the first dashboard view shows, in ONE statement (issue 13): the token balance, the mission of his
 * current plan (his most recently analyzed quiz response) and its accepted challenges that have at least one milestone
 * with a deadline, with only those milestones, each with its todos in the order they were generated (SPEC.md
 * section 5). PostgreSQL builds the JSON, so the database is asked once instead of five times.
 */
export async function readDashboard(
  db: Db,
  user: { id: string; firstName: string },
  now: Date = new Date(),
): Promise<Dashboard> {
  const result = await dashboardStatement(db, { user: user.id, now });
  const row = result.rows[0];
  const today = todayIn(row?.time_zone ?? FALLBACK_TIME_ZONE, now);
  return {
    firstName: user.firstName,
    today,
    tokens: balanceOf(row, now),
    mission: row?.mission ?? null,
    challenges: (row?.challenges ?? []).map((challenge) => ({
      ...challenge,
      milestones: sortMilestones(withReplanWindows(challenge.milestones, today)),
    })),
    addChallenge: addChallengeOf(row),
    screenTime: summarize(row?.screen_start ?? null, row?.screen_recent ?? [], today),
  };
}

/**
 * Issue 35: a premium member with room under his limit and a challenge of his current plan not accepted yet gets a
 * way to it. The count is the one the accept check applies (decision 0033): accepted challenges of the current plan.
 */
function addChallengeOf(row: DashboardRow | undefined): AddChallenge | null {
  if (!row?.premium || !row.plan_id) return null;
  const active = row.accepted_count ?? 0;
  const max = plans.premium_monthly.maxActiveChallenges;
  if (active >= max || (row.open_count ?? 0) === 0) return null;
  return { responseId: row.plan_id, active, max };
}

/** Each waiting re-plan with the days its date may move to, and its date kept inside them (as the API answers it). */
function withReplanWindows(list: RawChallenge["milestones"], today: string): DashboardChallenge["milestones"] {
  return list.map((milestone) => {
    if (!milestone.replan) return { ...milestone, replan: null };
    const others = list.filter((m) => m.id !== milestone.id).map((m) => m.milestoneDeadline?.slice(0, 10) ?? null);
    const window = replanWindow(today, others);
    const { proposal } = milestone.replan;
    return {
      ...milestone,
      replan: {
        ...milestone.replan,
        proposal: { ...proposal, deadline: clampToWindow(proposal.deadline, window) },
        window,
      },
    };
  });
}
