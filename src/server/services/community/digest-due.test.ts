import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { communityMembers, users } from "#server/db/schema.ts";
import { DIGEST_GRACE_MS } from "#shared/community/notifications.ts";
import { DAY_MS } from "#shared/time.ts";
import { admittedMember, storedRunPost } from "#tests/support/community-members.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { TickBudget } from "../outbox/claims.ts";
import { blockAuthor, readBlocks, unblock } from "./blocks.ts";
import { claimDueDigests } from "./digest.ts";
import { setDigest } from "./digest-settings.ts";
import { cheerPost, takeBackCheer } from "./post-cheers.ts";

/**
 * When a member's digest may be due (decision 0184): `digest_due_at`, lowered by the database's triggers on every
 * write that can make him due and settled by the claim, which reads only the members whose moment has come in the
 * zones where it is day. Fixed clock: Tuesday 5 March 2030; every moment is written out.
 */
const at = (iso: string) => new Date(iso);
const POSTED = at("2030-03-05T06:00:00Z");
const onPostgres = inject("testDb").kind === "postgres";

describe("a member's digest moment (decision 0184)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const member = (firstName: string) => admittedMember(t, firstName, at("2030-03-01T00:00:00Z"));
  const momentOf = async (user: TestUser) => {
    const [row] = await t.db
      .select({ due: communityMembers.digestDueAt, zone: communityMembers.timeZone })
      .from(communityMembers)
      .where(eq(communityMembers.userId, user.id));
    return row!;
  };
  /** An author with one shared run, and a member to cheer it. */
  async function authorAndFan(name: string) {
    const author = await member(name);
    const fan = await member(`${name}Fan`);
    const post = await storedRunPost(t, author, { achievedOn: "2030-03-05", createdAt: POSTED });
    return { author, fan, post };
  }

  it("takes his zone from his settings and follows it; news sets his moment to its grace, after a day since his last", async () => {
    const { author, fan, post } = await authorAndFan("Arne");
    expect(await momentOf(author)).toEqual({ due: null, zone: null });

    await t.db.execute(sql`update reminder_settings set time_zone = 'Asia/Tokyo' where user_id = ${author.id}`);
    expect((await momentOf(author)).zone).toBe("Asia/Tokyo");
    await t.db.execute(sql`update reminder_settings set time_zone = 'America/Chicago' where user_id = ${author.id}`);
    expect((await momentOf(author)).zone).toBe("America/Chicago");

    const cheered = at("2030-03-05T07:00:00Z");
    await cheerPost(t.db, fan.id, post.id, cheered);
    expect((await momentOf(author)).due).toEqual(new Date(cheered.getTime() + DIGEST_GRACE_MS));

    // A second piece of news later does not put it off; a digest sent an hour ago does: one a day.
    const other = await member("ArneOther");
    await cheerPost(t.db, other.id, post.id, at("2030-03-05T07:30:00Z"));
    expect((await momentOf(author)).due).toEqual(new Date(cheered.getTime() + DIGEST_GRACE_MS));
    const lastDigest = at("2030-03-05T06:30:00Z");
    await t.db
      .update(communityMembers)
      .set({ lastDigestAt: lastDigest, digestDueAt: null })
      .where(eq(communityMembers.userId, author.id));
    const third = await member("ArneThird");
    await cheerPost(t.db, third.id, post.id, at("2030-03-05T08:00:00Z"));
    expect((await momentOf(author)).due).toEqual(new Date(lastDigest.getTime() + DAY_MS));
  });

  it("decides each member read once: claimed, or his next moment written, and the next tick reads nobody", async () => {
    const authors = await Promise.all(["Ben", "Carl", "Dan", "Emil", "Finn", "Gus"].map((name) => authorAndFan(name)));
    const [due, off, unconfirmed, spent, night, blocked] = authors;
    await setDigest(t.db, off!.author.id, false, at("2030-03-05T05:00:00Z"));
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed!.author.id));
    const spentAt = at("2030-03-05T06:30:00Z");
    await t.db
      .update(communityMembers)
      .set({ lastDigestAt: spentAt })
      .where(eq(communityMembers.userId, spent!.author.id));
    // 23:00 in Tokyo at 14:00 UTC: night on his clock.
    await t.db.execute(sql`update reminder_settings set time_zone = 'Asia/Tokyo' where user_id = ${night!.author.id}`);
    for (const { fan, post } of authors) {
      await cheerPost(t.db, fan.id, post.id, at("2030-03-05T07:00:00Z"));
    }
    await blockAuthor(t.db, blocked!.author.id, (await storedRunPost(t, blocked!.fan)).id);

    const noon = at("2030-03-05T14:00:00Z");
    const first = new TickBudget(100);
    const claimed = await claimDueDigests(t.db, noon, { budget: first });
    expect(claimed).toEqual([due!.author.id]);
    // Four whose moment had come: one claimed, three passed over. The one who had a digest at 06:30 has his moment a
    // day on, and Tokyo's is at night: neither is read.
    expect(100 - first.left).toBe(4);
    expect(first.decided).toBe(3);
    expect((await momentOf(due!.author)).due).toEqual(new Date(noon.getTime() + DAY_MS));
    expect((await momentOf(off!.author)).due).toBeNull();
    expect((await momentOf(unconfirmed!.author)).due).toBeNull();
    expect((await momentOf(blocked!.author)).due).toBeNull();
    expect((await momentOf(spent!.author)).due).toEqual(new Date(spentAt.getTime() + DAY_MS));
    expect((await momentOf(night!.author)).due).toEqual(at("2030-03-05T08:00:00Z"));

    const later = new TickBudget(100);
    expect(await claimDueDigests(t.db, at("2030-03-05T14:05:00Z"), { budget: later })).toEqual([]);
    expect([later.left, later.decided]).toEqual([100, 0]);

    // Each change that makes one due again brings him back at the next tick; the one a day was spent for waits.
    await setDigest(t.db, off!.author.id, true, at("2030-03-05T14:06:00Z"));
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, unconfirmed!.author.id));
    await unblock(t.db, blocked!.author.id, t.deps.env.AUTH_SECRET, await blockedId(blocked!.author));
    expect((await claimDueDigests(t.db, at("2030-03-05T14:10:00Z"))).sort()).toEqual(
      [off!.author.id, unconfirmed!.author.id, blocked!.author.id].sort(),
    );
    // 08:00 in Tokyo; then 08:00 in UTC, a day and a half hour after the last digest.
    expect(await claimDueDigests(t.db, at("2030-03-05T22:55:00Z"))).toEqual([]);
    expect(await claimDueDigests(t.db, at("2030-03-05T23:00:00Z"))).toEqual([night!.author.id]);
    expect(await claimDueDigests(t.db, at("2030-03-06T08:00:00Z"))).toEqual([spent!.author.id]);
  });

  it("brings him back when a cheer taken back is given again, and lets him go when nothing is left", async () => {
    const { author, fan, post } = await authorAndFan("Hal");
    await cheerPost(t.db, fan.id, post.id, at("2030-03-05T07:00:00Z"));
    await takeBackCheer(t.db, fan.id, post.id);
    expect(await claimDueDigests(t.db, at("2030-03-05T12:00:00Z"))).not.toContain(author.id);
    expect((await momentOf(author)).due).toBeNull();
    await cheerPost(t.db, fan.id, post.id, at("2030-03-05T12:01:00Z"));
    expect((await momentOf(author)).due).toEqual(at("2030-03-05T08:00:00Z"));
    expect(await claimDueDigests(t.db, at("2030-03-05T12:05:00Z"))).toEqual([author.id]);
  });

  it.runIf(onPostgres)(
    "waits for news written while it decides: a claim that found nothing true cannot clear news committed meanwhile",
    async () => {
      const { author, fan, post } = await authorAndFan("Ivo");
      await cheerPost(t.db, fan.id, post.id, at("2030-03-05T07:00:00Z"));
      await takeBackCheer(t.db, fan.id, post.id);
      // Moment come, nothing true: the claim alone would clear it. Another connection gives the cheer again and
      // holds its transaction open: the trigger has locked his row.
      await t.db
        .update(communityMembers)
        .set({ digestDueAt: at("2030-03-05T08:00:00Z") })
        .where(eq(communityMembers.userId, author.id));
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("insert into community_cheers (post_id, user_id) values ($1, $2)", [post.id, fan.id]);
        const claiming = claimDueDigests(t.db, at("2030-03-05T12:00:00Z"));
        // The claim is waiting on his row's lock (asked of the server, not timed).
        await waitForLockWait(other);
        await other.query("commit");
        expect(await claiming).toContain(author.id);
      } finally {
        await other.end();
      }
    },
  );

  const blockedId = async (user: TestUser) => (await readBlocks(t.db, user.id, t.deps.env.AUTH_SECRET))[0]!.id;
});

/** Until another session of this database waits for a row lock. */
async function waitForLockWait(client: pg.Client) {
  for (;;) {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
