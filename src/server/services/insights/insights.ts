import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isoTime, preparedStatement } from "#server/db/prepared.ts";
import type { ChallengeProgressLine, Insights } from "#shared/insights/contracts.ts";
import {
  activityGrid,
  deadlineRecord,
  insightMondays,
  type MilestoneHistory,
  progressAt,
  weekEnds,
} from "#shared/insights/rules.ts";
import { streakFromCompletions } from "#shared/insights/streak.ts";
import type { MilestoneType } from "#shared/plan/rules.ts";
import { FALLBACK_TIME_ZONE, todayIn } from "#shared/time.ts";

type StoredMilestone = {
  milestoneType: MilestoneType;
  milestoneDeadline: string;
  milestoneCompleted: boolean;
  completedAt: string | null;
  todos: Array<string | null>;
};

type InsightsRow = {
  time_zone: string | null;
  signed_up_at: string | null;
  completions: string[];
  streak_only: string[];
  challenges: Array<{ id: string; title: string; milestones: StoredMilestone[] }>;
};

const dateOrNull = (at: string | null) => (at === null ? null : new Date(at));

/** Whose insights: bound at each call. */
const user = sql.placeholder("user");

/**
 * What the insights page draws, read in ONE statement, as the dashboard's (decision 0099; issue 58: eight statements
 * one after the other cost 4.6 times the dashboard's CPU per request): his clock, the week he signed up, every todo and
 * milestone he completed (the activity and the streak), the run and the evenings' answers (the streak alone), and the
 * accepted challenges of his current plan with their dated milestones and the completion time of each of their todos,
 * as the dashboard shows them, so the progress lines end where his progress bars stand.
 */
const insightsStatement = preparedStatement<InsightsRow>(
  "insights_read",
  () => sql`
    with plan as (
      select id from quiz_responses
      where user_id = ${user} and status = 'analyzed'
      order by completed_at desc
      limit 1
    )
    select
      (select time_zone from reminder_settings where user_id = ${user}) as time_zone,
      (select ${isoTime(sql`created_at`)} from users where id = ${user}) as signed_up_at,
      coalesce((select json_agg(${isoTime(sql`done.at`)}) from (
        select completed_at as at from todos where user_id = ${user} and completed_at is not null
        union all
        select completed_at from milestones where user_id = ${user} and completed_at is not null
      ) done), '[]'::json) as completions,
      coalesce((select json_agg(${isoTime(sql`moment.at`)}) from (
        select created_at as at from run_validations where user_id = ${user}
        union all
        select answered_at from phone_down_answers where user_id = ${user}
      ) moment), '[]'::json) as streak_only,
      coalesce((
        select json_agg(json_build_object('id', c.id, 'title', c.title, 'milestones', dated.milestones)
          order by c.position, c.created_at)
        from challenges c
        join lateral (
          select json_agg(json_build_object(
            'milestoneType', m.milestone_type,
            'milestoneDeadline', ${isoTime(sql`m.milestone_deadline`)},
            'milestoneCompleted', m.milestone_completed,
            'completedAt', ${isoTime(sql`m.completed_at`)},
            'todos', coalesce((
              select json_agg(${isoTime(sql`t.completed_at`)})
              from todos t where t.milestone_id = m.id and t.user_id = ${user}
            ), '[]'::json)
          )) as milestones
          from milestones m
          where m.challenge_id = c.id and m.user_id = ${user} and m.milestone_deadline is not null
        ) dated on dated.milestones is not null
        where c.user_id = ${user} and c.challenge_accepted and c.quiz_response_id = (select id from plan)
      ), '[]'::json) as challenges
  `,
);

/** Everything the insights page draws, for this user only, dated on his clock. */
export async function readInsights(db: Db, userId: string, now: Date): Promise<Insights> {
  const { rows } = await insightsStatement(db, { user: userId });
  const row = rows[0];
  const timeZone = row?.time_zone ?? FALLBACK_TIME_ZONE;
  const signedUpAt = row?.signed_up_at ? new Date(row.signed_up_at) : undefined;
  const completions = (row?.completions ?? []).map((at) => new Date(at));
  const streakOnly = (row?.streak_only ?? []).map((at) => new Date(at));
  const planChallenges = (row?.challenges ?? []).map((challenge) => ({
    ...challenge,
    milestones: challenge.milestones.map((m) => ({
      milestoneType: m.milestoneType,
      milestoneDeadline: new Date(m.milestoneDeadline),
      milestoneCompleted: m.milestoneCompleted,
      completedAt: dateOrNull(m.completedAt),
      todos: m.todos.map((at) => ({ completedAt: dateOrNull(at) })),
    })),
  }));
  const ends = weekEnds(now, timeZone, signedUpAt);
  const lines: ChallengeProgressLine[] = planChallenges.map((challenge) => {
    const history: MilestoneHistory[] = challenge.milestones;
    return { id: challenge.id, title: challenge.title, points: ends.map((at) => progressAt(history, at)) };
  });
  return {
    timeZone,
    today: todayIn(timeZone, now),
    streak: streakFromCompletions([...completions, ...streakOnly], now, timeZone),
    activity: activityGrid(completions, now, timeZone),
    progress: { weeks: insightMondays(now, timeZone, signedUpAt), challenges: lines },
    deadlines: deadlineRecord(
      planChallenges.flatMap((c) => c.milestones),
      now,
      timeZone,
    ),
  };
}
