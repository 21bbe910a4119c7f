import { and, eq, getTableColumns, isNotNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { proofs } from "#server/db/schema.ts";
import type { DataExport, DataExportSection } from "#shared/account/data-rights.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { type UserTable, userTables } from "./user-tables.ts";

type Review = {
  description: string;
  omit?: readonly string[];
  /**
   * The columns (SQL names) through which a row is his for the export, where another user column names someone else's
   * choice about him: whom he blocked is his; who blocked him is not. Deletion still goes by every user column.
   */
  owners?: readonly string[];
};

/**
 * Every user table, reviewed: what it holds in the user's words, and the columns that never leave the server because
 * they are secrets (a password hash, a session token, an OAuth token). A table found in the schema without a review
 * is still exported, without any column whose name looks like a secret, and its test fails naming it.
 */
export const exportReview: Record<string, Review> = {
  users: {
    description:
      "Your account: first name, e-mail address, whether you confirmed it, when you accepted the terms and joined.",
  },
  profiles: {
    description:
      "Your profile: token balance, plan and subscription dates, Stripe customer reference, your run challenge.",
  },
  accounts: {
    description: "How you sign in (e-mail and password). The password hash and any sign-in tokens are left out.",
    omit: ["password", "accessToken", "refreshToken", "idToken", "accessTokenExpiresAt", "refreshTokenExpiresAt"],
  },
  sessions: {
    description:
      "Your sign-ins (devices): when, from which address and browser, until when. Their secret tokens are left out.",
    omit: ["token", "id"],
  },
  run_validations: {
    description:
      "Your validated challenge run: durations and your notes. selfReported is true when you typed the minutes rather than proving the run with an activity file.",
  },
  quiz_responses: { description: "Your quiz answers and the mission, vision and analysis generated from them." },
  challenges: { description: "Your challenges and their plans, progress and notes." },
  milestones: {
    description:
      "The milestones of your challenges: type, text, due date, done or not, when you completed them, and the last deadline reminder and the last partner news settled for each (sent, or not due then).",
  },
  todos: { description: "The to-dos of your milestones, and when you ticked each off." },
  milestone_replans: {
    description:
      "Your re-plans of missed milestones: what got in the way (and your own words), the smaller step proposed, whether you accepted or dismissed it, and what it replaced.",
  },
  token_usage: { description: "Each time you spent a token, and on what." },
  model_generations: {
    description:
      "Each time the AI wrote for you (a plan, todos, a re-plan): when, which model, how long it took and the tokens it used. None of your words.",
  },
  subscriptions: { description: "Your premium subscriptions as Stripe reported them." },
  payment_events: { description: "The Stripe checkouts and events that changed your plan (ids and kinds only)." },
  waitlist_signups: { description: "Your community waitlist entry: name, e-mail, interests, place in the queue." },
  community_notify_requests: { description: "When you asked to be told that the community opens." },
  community_members: {
    description:
      "When you were let into the community from the waitlist, and by whom; whether your daily digest is off, when the last one went out and when the next may; and your time zone, which the digest follows.",
  },
  community_posts: {
    description: "The wins you shared in the community: the challenge, the milestone, the day, your words.",
  },
  community_comments: { description: "The comments you wrote in the community." },
  community_cheers: { description: "The community posts you cheered." },
  community_reports: {
    description: "The posts and comments you reported in the community, why, and what became of each report.",
  },
  community_blocks: { description: "The community members you blocked.", owners: ["blocker_id"] },
  community_notifications: {
    description:
      "What the community told you about your posts: who cheered or commented, when, whether you read it and whether it went into an e-mail digest.",
    owners: ["user_id"],
  },
  moderation_decisions: {
    description:
      "The operator's decisions on your posts and comments that were reported: keep, remove or suspend, the ground, the explanation, and when the statement of reasons was sent to you.",
  },
  operators: { description: "If your account runs the community as its operator: since when." },
  user_badges: { description: "The badges you earned, and when." },
  reminder_settings: {
    description:
      "Your reminder choices (deadline e-mails, the weekly summary, the weekly screen-time check-in, your phone-down time, whether your partner sees your screen time), the time zone your browser reported, and the last week whose weekly summary and check-in nudge were settled (sent, or not due that week).",
  },
  screen_time_days: {
    description:
      "Your screen-time check-ins: for each day, the minutes you confirmed (that day's total or a week's daily average), whether you typed them or they were read from a screenshot in your browser, and the top apps if you kept them. No screenshot was ever sent to us.",
  },
  phone_down_answers: { description: "The evenings you answered the phone-down reminder, and when." },
  reminder_deliveries: { description: "The reminder e-mails sent to you: which kind, about what, and when." },
  push_subscriptions: {
    description:
      "The devices you switched push notifications on for: which browser, since when, when one last reached it. Their push addresses and encryption keys are left out.",
    omit: ["endpoint", "p256dh", "auth"],
  },
  partners: {
    description:
      "Your accountability partners: the first names and e-mail addresses you entered, when you sent each link, when the partner confirmed, last opened your plan, or stopped our e-mails, the last week whose Monday summary was settled for each, and your time zone, which their e-mails follow. The secret of each link is left out.",
    omit: ["tokenHash"],
  },
  partner_cheers: { description: "The cheers your partners sent you, and when you dismissed them." },
  partner_deliveries: {
    description: "The e-mails sent to your partners about your plan: which kind, about what, and when.",
  },
  proofs: {
    description:
      "Your proofs: what was read from each activity file you uploaded or run Strava sent (date, distance, moving time, pace and the route's shape, never its places) and your proof photos, re-encoded without their metadata and included here as images. The files you uploaded were never kept.",
    omit: ["photoKey"],
  },
  strava_connections: {
    description:
      "Your Strava connection: your Strava athlete id and name, what you allowed us to read, since when, and until when Strava's limits held your runs back. The access tokens are left out.",
    omit: ["accessToken", "refreshToken"],
  },
  strava_connect_states: {
    description:
      "A Strava connection you started in the last ten minutes: where it returns to. Its secret is left out.",
    omit: ["stateHash"],
  },
  strava_activities: {
    description:
      "The activities Strava sent us: their name, sport and start, what was read from them (distance, moving time, pace and the route's shape) and what became of each (your first run, a milestone's proof, or why it was not used).",
  },
  calendar_feeds: {
    description: "Whether you have a private calendar feed and since when. Its secret address is left out.",
    omit: ["token"],
  },
};

/** Never exported from a table nobody has reviewed yet. */
const LOOKS_SECRET = /password|token|secret|hash|salt|key/i;

function omittedColumns(table: UserTable): string[] {
  const review = exportReview[table.name];
  const names = Object.keys(getTableColumns(table.table));
  return review ? names.filter((n) => review.omit?.includes(n)) : names.filter((n) => LOOKS_SECRET.test(n));
}

async function rowsOf(db: Pick<Db, "select">, table: UserTable, userId: string) {
  const omit = new Set(omittedColumns(table));
  const columns = Object.fromEntries(Object.entries(getTableColumns(table.table)).filter(([n]) => !omit.has(n)));
  const owners = exportReview[table.name]?.owners;
  const ownerColumns = owners ? table.userColumns.filter((c) => owners.includes(c.name)) : table.userColumns;
  const mine = or(...ownerColumns.map((column) => eq(column, userId)));
  return (await db.select(columns).from(table.table).where(mine)) as Record<string, unknown>[];
}

/**
 * A run he typed says so in his file as on every screen (issue 53 row 2): the row itself only holds the minutes, so
 * whether an activity file proved it is written beside them.
 */
function markSelfReported(section: DataExportSection | undefined, provedRunIds: ReadonlySet<unknown>) {
  for (const row of section?.rows ?? []) row.selfReported = !provedRunIds.has(row.id);
}

/** His proof photos go into the file itself, as data URLs beside their rows: the export is complete on its own. */
async function withPhotos(
  section: DataExportSection | undefined,
  keys: Array<{ id: string; key: string | null }>,
  storage: ProofStorage,
) {
  if (!section) return;
  for (const { id, key } of keys) {
    const row = section.rows.find((r) => r.id === id);
    const photo = key ? await storage.get(key) : null;
    if (row) row.photo = photo ? `data:${photo.contentType};base64,${photo.bytes.toString("base64")}` : null;
  }
}

/**
 * Everything stored about the user, table by table, read in one transaction so the file is one consistent moment.
 * Dates are ISO 8601 in UTC once serialised.
 */
export async function exportUserData(
  db: Db,
  storage: ProofStorage,
  user: { id: string; email: string },
  appName: string,
): Promise<DataExport> {
  const tables = userTables();
  const { sections, photoKeys, provedRuns } = await db.transaction(async (tx) => {
    const out: Record<string, DataExportSection> = {};
    // Parents first reads naturally: the account, then what hangs off it.
    for (const table of [...tables].reverse()) {
      out[table.name] = {
        description: exportReview[table.name]?.description ?? "Stored about you.",
        omittedColumns: omittedColumns(table),
        rows: await rowsOf(tx, table, user.id),
      };
    }
    const keys = await tx
      .select({ id: proofs.id, key: proofs.photoKey })
      .from(proofs)
      .where(and(eq(proofs.userId, user.id), isNotNull(proofs.photoKey)));
    const runs = await tx
      .select({ id: proofs.runValidationId })
      .from(proofs)
      .where(and(eq(proofs.userId, user.id), isNotNull(proofs.runValidationId)));
    return { sections: out, photoKeys: keys, provedRuns: new Set(runs.map((r) => r.id)) };
  });
  markSelfReported(sections.run_validations, provedRuns);
  await withPhotos(sections.proofs, photoKeys, storage);
  return {
    format: "unscroll-data-export",
    version: 1,
    exportedAt: new Date().toISOString(),
    app: appName,
    user: { id: user.id, email: user.email },
    notes: [
      "Every table of our database that holds rows of yours, with all of those rows. Times are UTC (ISO 8601).",
      "Left out on purpose: your password hash and the secret tokens of your sessions and of any password-reset link. They are credentials, not information about you.",
      "Your card details were never stored here: Stripe holds them. Your cookie choice is kept only in your browser.",
    ],
    tables: sections,
  };
}
