import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { SCALE_SEED_PASSWORD } from "#tests/support/scale-seed.ts";

// `DATABASE_URL=postgres://… npm run seed:scale -- --men 100000 [--seed 1] [--at 2026-11-29] [--force]`: fills a
// PostgreSQL database with men in the shapes the app's real users have (issue 58), to measure requests, job ticks and
// deletions at scale. Every row is computed in PostgreSQL from generate_series and a hash of (seed, row), so nothing
// travels row by row and the same seed and --at give the same rows, whatever the machine. The dates are laid out
// around --at (default: today, 00:00 UTC): sign-ups over the year before it, deadlines up to four months after it.
// Every seeded man's password is SCALE_SEED_PASSWORD.
// One job in one file, over 400 lines: one INSERT … SELECT per table, in the order the foreign keys need.

const MAX_MEN = 2_000_000;

const usage =
  "Usage: DATABASE_URL=postgres://… npm run seed:scale -- --men <1 to 2000000> [--seed <integer>] " +
  "[--at <YYYY-MM-DD>] [--force]";

function options() {
  const { values } = parseArgs({
    options: {
      men: { type: "string" },
      seed: { type: "string", default: "1" },
      at: { type: "string" },
      force: { type: "boolean", default: false },
    },
  });
  const men = Number(values.men);
  const seed = Number(values.seed);
  const at = values.at ?? new Date().toISOString().slice(0, 10);
  if (!Number.isInteger(men) || men < 1 || men > MAX_MEN) return undefined;
  // Both go into the SQL as literals: integers and a plain date only.
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 1_000_000_000) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(at) || Number.isNaN(Date.parse(at))) return undefined;
  return { men, seed, at, force: values.force };
}

/** Picks one of `values` by `u` in [0, 1). */
const pick = (values: readonly string[], u: string) =>
  `(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}])[1 + floor(${u} * ${values.length})::int]`;

const firstNames = [
  "Lukas",
  "Jonas",
  "Ben",
  "Tom",
  "Max",
  "Paul",
  "Daniel",
  "David",
  "James",
  "Michael",
  "Chris",
  "Alex",
  "Sam",
  "Matt",
  "Ryan",
  "Kevin",
  "Marco",
  "Luca",
  "Mateo",
  "Diego",
  "Rafael",
  "Arjun",
  "Rohan",
  "Kenji",
  "Hiro",
  "Wei",
  "Jun",
  "Ahmed",
  "Omar",
  "Yusuf",
  "Kwame",
  "Tariq",
  "Erik",
  "Lars",
  "Piotr",
  "Ivan",
  "Noah",
  "Liam",
];
const partnerNames = ["Anna", "Laura", "Sarah", "Emma", "Mia", "Julia", "Lisa", "Tim", "Felix", "Mom", "Dad", "Nico"];
// Weighted by repetition: most men in Europe and the Americas, and some in every other part of the world, so every
// hour of a UTC day is someone's morning (the reminders' clock).
const timeZones = [
  "Europe/Berlin",
  "Europe/Berlin",
  "Europe/Berlin",
  "Europe/London",
  "Europe/London",
  "Europe/Paris",
  "Europe/Madrid",
  "Europe/Warsaw",
  "Europe/Moscow",
  "America/New_York",
  "America/New_York",
  "America/New_York",
  "America/Chicago",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Los_Angeles",
  "America/Toronto",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "America/Bogota",
  "Asia/Kolkata",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Asia/Jakarta",
  "Asia/Kathmandu",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Pacific/Honolulu",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "Africa/Cairo",
  "Atlantic/Reykjavik",
];
const challengeTitles = [
  ["Run a half marathon", "Run 5 km without stopping", "Run three times a week"],
  ["Read 12 books this year", "Learn to cook ten meals", "Learn Spanish to A2"],
  ["Build a side project", "Save three months of expenses", "Phone-free evenings"],
];
const milestoneTexts = [
  "Run 20 minutes without stopping, twice",
  "Finish the first chapter and write one page about it",
  "Ship the landing page to five friends",
  "Cook dinner three evenings this week",
  "Leave the phone in the hall after 9 pm",
  "Sign up for the race and pay the fee",
  "Put 200 € aside on payday",
  "Book the course and go to the first lesson",
];
const todoTexts = [
  "Lay out the running shoes tonight",
  "Block 30 minutes in the calendar",
  "Tell a friend the plan",
  "Buy what the first week needs",
  "Write down why it matters",
  "Set the alarm 20 minutes earlier",
];
const missions = [
  "Become the man who finishes what he starts, and shows his kids how.",
  "Trade the evening scroll for the body and the skills he wanted at twenty.",
  "Build something of his own while his friends watch others build theirs.",
];
const postTexts = [
  "",
  "",
  "Did not think I would get here.",
  "Week three. Still going.",
  "Phone stayed in the drawer.",
  "Harder than it looks, worth it.",
];
const commentTexts = ["Great work!", "Keep going 💪", "Same here, week two.", "How did you keep it up?", "Respect."];
const answers = [
  [
    "Three hours on the phone after dinner, mostly videos.",
    "Fit, with my own small business and my family.",
    "A marathon; I never start.",
    "Fixing things; the bike I rebuilt.",
    "That I spent it watching others.",
  ],
  [
    "Scrolling in bed until one.",
    "Calm mornings, a job I chose.",
    "Learning to code; no time, I say.",
    "Teaching; when my nephew passed his exam.",
    "Not having tried.",
  ],
];

function seedSql(men: number, seed: number, at: string) {
  // A number in [0, 1) fixed by the seed, the row's key and a salt per attribute; parallel-safe, unlike random().
  const r = (key: string, salt: number) =>
    `((hashint8extended((${key})::bigint, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648.0)`;
  const uuidOf = (kind: string, ...parts: string[]) => `md5('${seed}:${kind}:' || ${parts.join(" || ':' || ")})::uuid`;
  const days = (expr: string) => `((${expr}) * interval '1 day')`;
  const anchor = `'${at}T00:00:00Z'::timestamptz`;
  const answersJson = answers.map(
    (set) =>
      `'${JSON.stringify(set.map((answer, i) => ({ question: `Question ${i + 1}`, answer }))).replaceAll("'", "''")}'::jsonb`,
  );

  return [
    [
      "men",
      `create temp table scale_men on commit drop as
      select n, substr(md5('${seed}:u:' || n), 1, 32) as id,
             ${anchor} - ${days(`${r("n", 1)} * 365`)} as joined,
             ${r("n", 2)} < 0.1 as premium,
             ${r("n", 3)} < 0.93 as verified,
             ${r("n", 4)} < 0.9 as accepted,
             ${pick(firstNames, r("n", 5))} as first_name
        from generate_series(1, ${men}) n`,
    ],
    ["", "analyze scale_men"],
    [
      "users",
      `insert into users (id, name, email, email_verified, first_name, terms_accepted_at, created_at, updated_at)
      select id, first_name || ' ' || chr(65 + (n % 26)::int) || '.', 'man' || n || '@scale.example', verified,
             first_name, joined, joined, joined
        from scale_men`,
    ],
    [
      "accounts",
      `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select substr(md5('${seed}:a:' || n), 1, 32), id, 'credential', id, $1, joined, joined from scale_men`,
    ],
    [
      "profiles",
      `insert into profiles (id, tokens_remaining, tokens_period, subscription_status, subscription_ends_at,
        stripe_customer_id, challenge_accepted_at, run_max_duration_minutes, created_at, updated_at)
      select id, case when premium then -1 else floor(${r("n", 10)} * 6)::int end, to_char(${anchor}, 'YYYY-MM'),
             case when premium then 'active' else 'free' end,
             case when premium then ${anchor} + ${days(`${r("n", 11)} * 30`)} end,
             case when premium then 'cus_scale_' || n end,
             case when accepted then joined + interval '20 minutes' end,
             case when ${r("n", 12)} < 0.2 then null else 10 + floor(${r("n", 13)} * 80)::int end,
             joined, joined
        from scale_men`,
    ],
    [
      "run_validations",
      `insert into run_validations (id, user_id, previous_max_duration, today_duration, notes, created_at)
      select ${uuidOf("rv", "n")}, id, case when ${r("n", 20)} < 0.5 then null else 5 + floor(${r("n", 21)} * 90)::int end,
             5 + floor(${r("n", 22)} * 55)::int, ${pick(["Felt good.", "Legs heavy, kept going.", "", "Rain."], r("n", 23))},
             joined + interval '1 day'
        from scale_men where ${r("n", 24)} < 0.95`,
    ],
    [
      "reminder_settings",
      // Every man's row of defaults is made with him (decision 0186); 85 % have changed a switch or sent a zone. Before
      // his milestones and partners, which take a copy of his zone as they are written (decisions 0183 and 0188).
      `update reminder_settings
          set deadline_emails = not changed or ${r("n", 80)} >= 0.05, weekly_summary = not changed or ${r("n", 81)} >= 0.1,
              time_zone = case when changed and ${r("n", 82)} >= 0.06 then ${pick(timeZones, r("n", 83))} end,
              created_at = joined, updated_at = joined
        from scale_men, lateral (select ${r("n", 84)} < 0.85 as changed) c where user_id = id`,
    ],
    [
      "quiz_responses",
      `insert into quiz_responses (id, user_id, user_email, answers, status, generation_status,
        generation_stage, completed_at, life_mission, life_mission_for_others, mission_statement, vision, ai_analysis,
        created_at, updated_at)
      select ${uuidOf("q", "n")}, id, 'man' || n || '@scale.example',
             (array[${answersJson.join(", ")}])[1 + floor(${r("n", 30)} * ${answersJson.length})::int],
             'analyzed', 'done', 'done', joined + interval '5 minutes', ${pick(missions, r("n", 31))},
             'He wants to finish what he starts.', 'One step a day.', 'Five years from now, he did it.',
             jsonb_build_object('life_mission', 'm', 'screen_to_action_plan', 's', 'accountability_tracking', 'a'),
             joined, joined
        from scale_men`,
    ],
    [
      "challenges",
      `insert into challenges (id, user_id, quiz_response_id, position, title, description,
        challenge_accepted, progress_percent, created_at, updated_at)
      select ${uuidOf("c", "n", "c")}, id, ${uuidOf("q", "n")}, c,
             (array[${challengeTitles.map((titles) => `array[${titles.map((t) => `'${t}'`).join(", ")}]`).join(", ")}])[c + 1][1 + floor(${r("n * 3 + c", 40)} * 3)::int],
             'Three steps, each a little bigger than the last.',
             -- A free plan keeps one challenge active, premium all three (SPEC.md section 6).
             accepted and (premium or c = 0), floor(${r("n * 3 + c", 41)} * 101)::int,
             joined + interval '5 minutes', joined + interval '5 minutes'
        from scale_men, generate_series(0, 2) c`,
    ],
    // Deadlines follow his sign-up (the first step within a week, the last within four months), so they spread over
    // the year before --at and the months after it; most of what lies behind is done, little of what lies ahead.
    [
      "milestone shapes",
      `create temp table scale_milestones on commit drop as
      select k, id, user_id, challenge_id, milestone_type, deadline, completed,
             case when completed then greatest(joined + interval '1 hour',
                                               least(deadline, ${anchor}) - ${days(`${r("k", 52)} * 3`)}) end as completed_at,
             joined
        from (select k, ${uuidOf("m", "n", "c", "t")} as id, m.id as user_id, ${uuidOf("c", "n", "c")} as challenge_id,
                     (array['immediate', 'short_term', 'medium_term'])[t + 1] as milestone_type, deadline, m.joined,
                     ${r("k", 51)} < case when deadline < ${anchor} then 0.55 else 0.08 end as completed
                from scale_men m, generate_series(0, 2) c, generate_series(0, 2) t,
                     lateral (select n * 9 + c * 3 + t as k) numbered,
                     lateral (select m.joined + ${days(`c * 7 + case t when 0 then 1 + ${r("k", 50)} * 6 when 1 then 14 + ${r("k", 50)} * 31 else 60 + ${r("k", 50)} * 60 end`)} as deadline) d
             ) shapes`,
    ],
    ["", "analyze scale_milestones"],
    [
      "milestones",
      `insert into milestones (id, challenge_id, user_id, milestone_type, milestone_description,
        milestone_deadline, milestone_completed, completed_at, created_at, updated_at)
      select id, challenge_id, user_id, milestone_type, ${pick(milestoneTexts, r("k", 53))}, deadline, completed,
             completed_at, joined + interval '5 minutes', coalesce(completed_at, joined + interval '5 minutes')
        from scale_milestones`,
    ],
    // Todos are written when he opens a milestone: a fifth of them have their four.
    [
      "todos",
      `insert into todos (id, milestone_id, user_id, position, todo_description, todo_completed, completed_at,
        created_at, updated_at)
      select ${uuidOf("t", "k", "i")}, id, user_id, i, ${pick(todoTexts, r("k * 4 + i", 60))}, done,
             case when done then coalesce(completed_at, least(deadline, ${anchor}) - interval '1 day') end,
             joined + interval '1 day', joined + interval '1 day'
        from scale_milestones, generate_series(0, 3) i,
             lateral (select completed or ${r("k * 4 + i", 61)} < 0.35 as done) d
       where ${r("k", 62)} < 0.2`,
    ],
    [
      "partners",
      `insert into partners (id, user_id, first_name, email, token_hash, invited_at, accepted_at,
        last_viewed_at, created_at)
      select ${uuidOf("p", "n", "p")}, id, ${pick(partnerNames, r("n * 2 + p", 70))},
             'partner' || n || '-' || p || '@friends.example', encode(sha256(('${seed}:p:' || n || ':' || p)::bytea), 'base64'),
             joined + interval '2 days', case when ${r("n * 2 + p", 71)} < 0.8 then joined + interval '3 days' end,
             case when ${r("n * 2 + p", 72)} < 0.6 then ${anchor} - ${days(`${r("n * 2 + p", 73)} * 14`)} end,
             joined + interval '2 days'
        from scale_men, generate_series(1, case when ${r("n", 74)} < 1.0 / 6 then 2 else 1 end) p
       where ${r("n", 75)} < 0.3`,
    ],
    [
      "subscriptions",
      `insert into subscriptions (id, user_id, status, price_id, plan_id, stripe_subscription_id,
        stripe_customer_id, current_period_end, created_at, updated_at)
      select ${uuidOf("s", "n")}, id, 'active', 'price_scale_monthly', 'premium_monthly', 'sub_scale_' || n, 'cus_scale_' || n,
             ${anchor} + ${days(`${r("n", 11)} * 30`)}, joined + interval '1 day', joined + interval '1 day'
        from scale_men where premium`,
    ],
    [
      "payment_events",
      `insert into payment_events (id, user_id, kind, processed_at)
      select 'evt_scale_' || n, id, 'checkout', joined + interval '1 day' from scale_men where premium`,
    ],
    // A fifth of the men are in the community, numbered 1..M so each post's cheerers and commenters are other members.
    [
      "members",
      `create temp table scale_members on commit drop as
      select row_number() over (order by n) as k, n, id, joined from scale_men where ${r("n", 90)} < 0.2`,
    ],
    ["", "create unique index on scale_members (k)"],
    ["", "analyze scale_members"],
    [
      "waitlist_signups",
      `insert into waitlist_signups (user_id, email, name, interests, waitlist_position, created_at)
      select id, 'man' || n || '@scale.example', 'Member ' || k, '["running"]'::jsonb, k, joined from scale_members`,
    ],
    [
      "community_members",
      `insert into community_members (user_id, admitted_at, admitted_by, digest_off_at, last_digest_at)
      select id, greatest(joined, ${anchor} - interval '150 days'), 'command',
             case when ${r("n", 91)} < 0.15 then ${anchor} - interval '30 days' end,
             case when ${r("n", 92)} < 0.6 then ${anchor} - ${days(`${r("n", 93)} * 3`)} end
        from scale_members`,
    ],
    // Up to five wins each: his run, then his first milestones.
    [
      "post shapes",
      `create temp table scale_posts on commit drop as
      select n * 8 + j as key, ${uuidOf("post", "n", "j")} as id, k, id as user_id, j,
             least(${anchor} - interval '1 hour', greatest(joined, ${anchor} - interval '150 days') + ${days(`${r("n * 8 + j", 100)} * 150`)}) as created_at
        from scale_members, generate_series(0, floor(${r("n", 101)} * 6)::int - 1) j`,
    ],
    ["", "analyze scale_posts"],
    [
      "community_posts",
      `insert into community_posts (id, user_id, kind, milestone_id, challenge_title, milestone_text,
        achieved_on, text, created_at, removed_at)
      select p.id, user_id, case when j = 0 then 'run' else 'milestone' end,
             case when j > 0 then ${uuidOf("m", "n", "(j - 1) / 3", "(j - 1) % 3")} end,
             case when j > 0 then 'Run a half marathon' else '' end,
             case when j > 0 then ${pick(milestoneTexts, r("key", 102))} else '' end,
             to_char(created_at, 'YYYY-MM-DD'), ${pick(postTexts, r("key", 103))}, created_at,
             case when ${r("key", 104)} < 0.005 then created_at + interval '1 day' end
        from scale_posts p join scale_members using (k)`,
    ],
    // 97 and 131 steps through the members give distinct others for each post while there are more than 700 of them.
    [
      "cheer shapes",
      `create temp table scale_cheers on commit drop as
      select p.key * 8 + i as key, p.id as post_id, p.user_id as author_id, m.id as user_id,
             least(${anchor}, p.created_at + ${days(`${r("p.key * 8 + i", 110)} * 3`)}) as created_at
        from scale_posts p, generate_series(0, floor(${r("p.key", 111)} * 6.6)::int - 1) i,
             scale_members m
       where m.k = (p.k + i * 97) % (select count(*) from scale_members) + 1 and m.k <> p.k`,
    ],
    [
      "community_cheers",
      `insert into community_cheers (post_id, user_id, created_at)
      select post_id, user_id, created_at from scale_cheers on conflict do nothing`,
    ],
    [
      "comment shapes",
      `create temp table scale_comments on commit drop as
      select p.key * 8 + i as key, ${uuidOf("cm", "p.key", "i")} as id, p.id as post_id, p.user_id as author_id,
             m.id as user_id, least(${anchor}, p.created_at + ${days(`(i + 1) * ${r("p.key * 8 + i", 120)} * 2`)}) as created_at
        from scale_posts p, generate_series(0, floor(${r("p.key", 121)} * 3.9)::int - 1) i,
             scale_members m
       where m.k = (p.k + 1 + i * 131) % (select count(*) from scale_members) + 1 and m.k <> p.k`,
    ],
    [
      "community_comments",
      `insert into community_comments (id, post_id, user_id, text, created_at)
      select id, post_id, user_id, ${pick(commentTexts, r("key", 122))}, created_at from scale_comments`,
    ],
    [
      "community_notifications",
      `insert into community_notifications (id, user_id, actor_id, kind, post_id, comment_id,
        created_at, read_at, emailed_at)
      select ${uuidOf("n", "kind", "key")}, author_id, user_id, kind, post_id, comment_id, created_at,
             case when ${r("key", 130)} < 0.7 then created_at + interval '1 hour' end,
             case when ${r("key", 131)} < 0.5 then created_at + interval '8 hours' end
        from (select 'cheer' as kind, key, post_id, null::uuid as comment_id, author_id, user_id, created_at from scale_cheers
              union all
              select 'comment', key, post_id, id, author_id, user_id, created_at from scale_comments) happened
      on conflict do nothing`,
    ],
  ] as const;
}

async function main() {
  const given = options();
  if (!given) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  // Only from the shell, never from .env: a database is filled only when someone names it in the command.
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) {
    console.error(`${usage}\nDATABASE_URL must name the PostgreSQL database to fill, in the command itself.`);
    process.exitCode = 2;
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migrated: boolean }>(
      "select to_regclass('public.users') is not null as migrated",
    );
    const counted = rows[0]?.migrated ? await client.query<{ men: string }>("select count(*) as men from users") : null;
    const already = Number(counted?.rows[0]?.men ?? 0);
    if (already > 0 && !given.force) {
      console.error(`The database already holds ${already} users: refused. --force deletes them and seeds anew.`);
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const [{ openDatabase }, { seedPlans }] = await Promise.all([
      import("#server/db/client.ts"),
      import("#server/db/seed.ts"),
    ]);
    const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    try {
      await database.migrate();
      await seedPlans(database.db);
    } finally {
      await database.close();
    }
    // One hash for every man, salted from the seed so the rows come out the same; verifying it costs what a real one
    // does (the parameters are in the string).
    const salt = new Uint8Array(16).map((_, i) => (given.seed * 31 + i * 7) & 0xff);
    const passwordHash = await hash(SCALE_SEED_PASSWORD, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
      salt,
    });

    await client.query("begin");
    await client.query("set local synchronous_commit = off");
    await client.query("set local work_mem = '256MB'");
    // Deleting users cascades to every table that holds a man's rows.
    if (already > 0) await client.query("truncate users cascade");
    for (const [label, statement] of seedSql(given.men, given.seed, given.at)) {
      const t = performance.now();
      const result = await client.query(statement, statement.includes("$1") ? [passwordHash] : []);
      if (!label) continue;
      const count = result.rowCount ?? 0;
      console.error(
        `${label.padEnd(24)} ${String(count).padStart(9)} rows ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
      );
    }
    await client.query("commit");
    const t = performance.now();
    // Vacuumed as well as analysed, as autovacuum would after such a load: until the visibility map is set, every
    // index-only scan (the feed's counts of cheers and comments) reads the table's pages too, which a database in use
    // does not. Measured on a freshly seeded database: the feed's first page 5.6 % of bare Node, 7.0 % after this.
    await client.query("vacuum (analyze)");
    console.error(
      `${"vacuum (analyze)".padEnd(24)} ${"".padStart(14)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
    );
    console.error(
      `Seeded ${given.men} men (seed ${given.seed}, around ${given.at}) in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
        `Every man's password: ${SCALE_SEED_PASSWORD}`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error("Seeding failed:", error);
  process.exitCode = 1;
});
