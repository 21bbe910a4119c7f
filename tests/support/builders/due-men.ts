import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * Many men at once, in SQL (decision 0174's builders make one man through the app; a planning test needs thousands):
 * each confirmed, in `zone`, with an analyzed plan whose one challenge is accepted and whose one milestone falls due at
 * `deadline`. Their ids are `<prefix>-1` … `<prefix>-<count>`, so a test counts what was claimed for them alone.
 */
export async function buildDueMen(db: Db, options: { prefix: string; count: number; zone: string; deadline: string }) {
  const { prefix, count, zone, deadline } = options;
  const men = sql`generate_series(1, ${count}) as g`;
  const theirs = `${prefix}-%`;
  await db.execute(sql`insert into users (id, name, email, email_verified, first_name)
    select ${prefix} || '-' || g, 'Man ' || g, ${prefix} || '-' || g || '@example.test', true, 'Man' from ${men}`);
  await db.execute(sql`update reminder_settings set time_zone = ${zone} where user_id like ${theirs}`);
  await db.execute(sql`insert into quiz_responses (user_id, user_email, answers, status, completed_at)
    select id, email, '[]'::jsonb, 'analyzed', '2030-01-01T09:00:00Z' from users where id like ${theirs}`);
  await db.execute(sql`insert into challenges (user_id, quiz_response_id, title, description, challenge_accepted)
    select user_id, id, 'Run 5 km', 'Run three times a week', true from quiz_responses where user_id like ${theirs}`);
  await db.execute(sql`insert into milestones (challenge_id, user_id, milestone_type, milestone_deadline)
    select id, user_id, 'immediate', ${deadline}::timestamptz from challenges where user_id like ${theirs}`);
}
