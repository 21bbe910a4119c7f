import { and, eq, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { milestones, proofs, stravaActivities, stravaConnections, userBadges } from "#server/db/schema.ts";
import { accessTokenFor } from "#server/services/strava/connection.ts";
import { STRAVA_EVENTS } from "#server/services/strava/strava-queue.ts";
import { syntheticRoute } from "#server/stand-ins/strava/synthetic-route.ts";
import type { StravaStatus } from "#shared/strava/contracts.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import {
  attachFakeStrava,
  connectStrava,
  FAKE_STRAVA_VERIFY_TOKEN,
  type FakeStrava,
  startFakeStrava,
} from "#tests/support/fake-strava.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * Strava (issue 56) against the local Strava served on its own port, with the app's Strava worker on pg-boss. The
 * tests live on Wednesday 12 June 2030, 06:30 UTC; every run is "recorded" relative to that clock.
 */
const NOW = new Date("2030-06-12T06:30:00Z");
/** Limits no test but the storm reaches. */
const ROOMY = { fifteenMinutes: 100_000, daily: 100_000, read: { fifteenMinutes: 100_000, daily: 100_000 } };

describe("Strava: connect, events as proof, disconnect", () => {
  let t: TestApp;
  let fake: FakeStrava;
  let boss: PgBoss;
  beforeAll(async () => {
    useFixedClock(NOW);
    // Tokens of half an hour: every refresh rotates them, as Strava does in a token's last hour.
    fake = await startFakeStrava({ accessTokenSeconds: 30 * 60 });
    t = await createTestApp(fake.env);
    boss = await attachFakeStrava(fake, t);
    fake.strava.setRateLimits(ROOMY);
  });
  // The storm narrows Strava's limits: whatever it ends in, the next test finds them roomy again.
  afterEach(() => fake.strava.setRateLimits(ROOMY));
  afterAll(async () => {
    // Graceful: a job still running (a run placed, its badges awarded) finishes before the pool closes under it.
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 15_000 });
    await t.close();
    await fake.close();
    vi.useRealTimers();
  });

  async function status(user: TestUser): Promise<StravaStatus> {
    const response = await user.api.strava.$get();
    expect(response.status).toBe(200);
    return response.json();
  }

  /** Waits for the worker to handle the event (a real queue: it polls), until `done` holds. */
  async function until(user: TestUser, done: (s: StravaStatus) => boolean, what: string) {
    const deadline = performance.now() + 15_000;
    for (;;) {
      const current = await status(user);
      if (done(current)) return current;
      if (performance.now() > deadline) {
        const jobs = await t.db.execute(
          sql`select name, state, start_after, output from pgboss.job where name = 'strava-events'`,
        );
        throw new Error(`still waiting for ${what}: ${JSON.stringify(current)} ${JSON.stringify(jobs.rows)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until `count` events wait in the queue, set to start later: sent again for Strava's next window. */
  async function untilWaitingJobs(count: number) {
    const deadline = performance.now() + 15_000;
    for (;;) {
      const waiting = await t.db.execute(
        sql`select id from pgboss.job where name = ${STRAVA_EVENTS} and state = 'created' and start_after > now()`,
      );
      if (waiting.rows.length === count) return;
      if (performance.now() > deadline) throw new Error(`${waiting.rows.length} events waiting, not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function connectedMan(firstname: string) {
    const user = await t.createUser();
    const back = await connectStrava(t, fake, user, { firstname });
    expect(back.status).toBe(303);
    expect(back.location).toBe("/ValidateChallenge?strava=connected");
    const athlete = fake.strava.athleteByName(firstname);
    if (!athlete) throw new Error("no athlete at the fake");
    return { user, athleteId: athlete.id };
  }

  /** An activity he started `minutesAgo` on the test's clock, recorded by his watch. */
  const run = (minutesAgo: number, km: number, sport = "Run") => {
    const start = new Date(Date.now() - minutesAgo * 60_000);
    const paceSecondsPerKm = sport === "Ride" ? 120 : 330;
    return {
      sport_type: sport,
      name: `Morning ${sport}`,
      start,
      streams: syntheticRoute({ km, paceSecondsPerKm, start }),
    };
  };

  it("connects in his session: the state is his, the tokens are sealed, the export leaves them out", async () => {
    const { user } = await connectedMan("Connie");
    const mine = await status(user);
    expect(mine.available).toBe(true);
    expect(mine.connection?.athleteName).toBe("Connie");
    const [row] = await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, user.id));
    const granted = fake.strava.athleteByName("Connie")?.grant;
    expect(row?.scope).toBe("read,activity:read");
    // Sealed: neither token is in the database as Strava issued it.
    expect(row?.accessToken).not.toContain(granted?.accessToken ?? "?");
    expect(row?.refreshToken).not.toContain(granted?.refreshToken ?? "?");
    const exported = await (await user.api.me.data.$get()).text();
    expect(exported).toContain("strava_connections");
    expect(exported).not.toContain(row?.accessToken ?? "?");
  });

  it("connects nothing from a forged, reused or another man's state, and says so", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    // Another man's link: his state, opened in this man's session.
    const started = await other.api.strava.connect.$post({ json: { returnTo: "/dashboard/settings" } });
    const state = new URL((await started.json()).url).searchParams.get("state");
    const forwarded = await t.request(`/api/strava/callback?state=${state}&code=x&scope=read,activity:read`, {
      cookie: user.cookie,
    });
    expect(forwarded.headers.get("location")).toBe("/dashboard/settings?strava=failed");
    const forged = await t.request("/api/strava/callback?state=made-up&code=x&scope=read,activity:read", {
      cookie: user.cookie,
    });
    expect(forged.headers.get("location")).toBe("/dashboard/settings?strava=expired");
    // A real connect, then its callback opened a second time: the state was good once.
    const first = await connectStrava(t, fake, user, { firstname: "Reuse" });
    expect(first.location).toBe("/ValidateChallenge?strava=connected");
    const again = await t.request(first.callbackUrl.pathname + first.callbackUrl.search, { cookie: user.cookie });
    expect(again.headers.get("location")).toBe("/dashboard/settings?strava=expired");
    expect((await status(other)).connection).toBeNull();
  });

  it("tells him when he cancelled, or left the activities unticked (and hands that grant back)", async () => {
    const user = await t.createUser();
    const cancelled = await connectStrava(t, fake, user, { firstname: "Canceller", decision: "cancel" });
    expect(cancelled.location).toBe("/ValidateChallenge?strava=denied");
    const unticked = await connectStrava(t, fake, user, { firstname: "Unticker", granted: [] });
    expect(unticked.location).toBe("/ValidateChallenge?strava=noActivityScope");
    expect((await status(user)).connection).toBeNull();
    expect(fake.strava.athleteByName("Unticker")?.grant).toBeNull();
  });

  it("validates his first run from a create event, without a file, within his 24 hours", async () => {
    const { user, athleteId } = await connectedMan("Runner");
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    await fake.strava.recordActivity(athleteId, run(60, 6.2));
    const done = await until(user, (s) => s.activities[0]?.outcome === "firstRun", "the first run");
    expect(done.activities[0]?.reading?.format).toBe("strava");
    const onboarding = await (await user.api.onboarding.$get()).json();
    expect(onboarding.runValidation?.todayDuration).toBeGreaterThanOrEqual(33);
    expect(onboarding.runValidation?.activity?.format).toBe("strava");
    // His run's badge is his at the win, as for a typed run or a file (issue 57 row 6), before he looks at his badges.
    const badges = await t.db.select().from(userBadges).where(eq(userBadges.userId, user.id));
    expect(badges.map((b) => b.badgeId)).toEqual(["first-run"]);
  });

  it("refuses a ride and a run from before he accepted, and says why", async () => {
    const { user, athleteId } = await connectedMan("Rider");
    await acceptedChallengeMinutesAgo(t.db, user.id, 30);
    await fake.strava.recordActivity(athleteId, run(20, 12, "Ride"));
    const ride = await until(user, (s) => s.activities[0]?.outcome === "refused", "the ride");
    expect(ride.activities[0]?.reason).toMatch(/ride/i);
    await fake.strava.recordActivity(athleteId, run(200, 5));
    const early = await until(user, (s) => s.activities.length === 2, "the early run");
    expect(early.activities.find((a) => a.sport === "Run")?.reason).toBe(stravaMessages.beforeAcceptance);
    expect((await (await user.api.onboarding.$get()).json()).runValidation).toBeNull();
  });

  it("offers a run to his running milestone, uses it on his yes, and drops the proof when Strava makes it a ride", async () => {
    const { user: planner } = await t.userWithPlan();
    const back = await connectStrava(t, fake, planner, { firstname: "Planner" });
    expect(back.location).toBe("/ValidateChallenge?strava=connected");
    const athleteId = fake.strava.athleteByName("Planner")?.id ?? 0;
    // His plan's first milestone is about running, and its challenge is accepted.
    const [milestone] = await t.db.select().from(milestones).where(eq(milestones.userId, planner.id)).limit(1);
    if (!milestone) throw new Error("no milestone");
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Run 5 km without stopping" })
      .where(eq(milestones.id, milestone.id));
    await t.db.execute(sql`update challenges set challenge_accepted = true where id = ${milestone.challengeId}`);
    await t.db.execute(
      sql`insert into run_validations (user_id, today_duration, notes) values (${planner.id}, 30, '') on conflict do nothing`,
    );

    const recorded = await fake.strava.recordActivity(athleteId, run(50, 8.2));
    const offered = await until(planner, (s) => s.activities[0]?.outcome === "offered", "the offer");
    expect(offered.activities[0]?.milestone).toEqual({ id: milestone.id, text: "Run 5 km without stopping" });

    const id = String(recorded.id);
    const used = await planner.api.strava.activities[":id"].use.$post({ param: { id } });
    expect(used.status).toBe(200);
    expect((await used.json()).proof.kind).toBe("activity");
    // A second tap: the same proof, not a second one.
    expect((await planner.api.strava.activities[":id"].use.$post({ param: { id } })).status).toBe(200);
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, milestone.id))).toHaveLength(1);

    // Answered: "Not this one" is too late now.
    const late = await planner.api.strava.activities[":id"].dismiss.$post({ param: { id } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: stravaMessages.notOffered });
    // Another man cannot use or dismiss it.
    const stranger = await t.createUser();
    expect((await stranger.api.strava.activities[":id"].use.$post({ param: { id } })).status).toBe(404);
    expect((await stranger.api.strava.activities[":id"].dismiss.$post({ param: { id } })).status).toBe(404);

    await fake.strava.updateActivity(recorded.id, { sport_type: "Ride" });
    await until(planner, (s) => s.activities[0]?.outcome === "refused", "the update to a ride");
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, milestone.id))).toHaveLength(0);
    // A ride is no proof: nothing to use.
    expect((await planner.api.strava.activities[":id"].use.$post({ param: { id } })).status).toBe(409);
  });

  it("removes the proof when the run is deleted or made private at Strava", async () => {
    const { user, athleteId } = await connectedMan("Deleter");
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    const first = await fake.strava.recordActivity(athleteId, run(60, 5));
    await until(user, (s) => s.activities[0]?.outcome === "firstRun", "the first run");
    const proofOf = () =>
      t.db
        .select()
        .from(proofs)
        .where(and(eq(proofs.userId, user.id), eq(proofs.stravaActivityId, first.id)));
    expect(await proofOf()).toHaveLength(1);
    await fake.strava.updateActivity(first.id, { private: true });
    await until(user, (s) => s.activities.length === 0, "the private update");
    expect(await proofOf()).toHaveLength(0);
    // His first run stays validated with its minutes: his plan was built on it.
    expect((await (await user.api.onboarding.$get()).json()).runValidation).not.toBeNull();
    const second = await fake.strava.recordActivity(athleteId, run(30, 4));
    await until(user, (s) => s.activities.length === 1, "a second run");
    await fake.strava.deleteActivity(second.id);
    await until(user, (s) => s.activities.length === 0, "the delete");
  });

  it("changes nothing when Strava sends an event twice, or an older one late", async () => {
    const { user, athleteId } = await connectedMan("Twice");
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    const recorded = await fake.strava.recordActivity(athleteId, run(60, 5));
    await until(user, (s) => s.activities[0]?.outcome === "firstRun", "the first run");
    const event = fake.strava.events().find((e) => e.object_id === recorded.id && e.aspect_type === "create");
    const again = await t.request("/api/strava/webhook", { body: event });
    expect(again.status).toBe(200);
    const late = await t.request("/api/strava/webhook", {
      body: { ...event, aspect_type: "delete", event_time: (event?.event_time ?? 0) - 60 },
    });
    expect(late.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await status(user);
    expect(after.activities).toHaveLength(1);
    expect(after.activities[0]?.outcome).toBe("firstRun");
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(1);
  });

  it("ignores events of an athlete nobody here is connected to, and refuses bodies that are no event", async () => {
    const stray = await t.request("/api/strava/webhook", {
      body: {
        object_type: "activity",
        object_id: 99,
        aspect_type: "create",
        owner_id: 987654,
        subscription_id: 1,
        event_time: 1,
        updates: {},
      },
    });
    expect(stray.status).toBe(200);
    expect((await t.request("/api/strava/webhook", { body: { hello: "there" } })).status).toBe(400);
  });

  it("waits out a 429 storm: he sees that Strava is busy, the jobs wait for the window, and every run lands after", async () => {
    const { user, athleteId } = await connectedMan("Stormy");
    await acceptedChallengeMinutesAgo(t.db, user.id, 180);
    // Strava's window is used up: every request of the app is refused 429 until it opens again.
    fake.strava.setRateLimits({ read: { fifteenMinutes: 0 } });
    await fake.strava.recordActivity(athleteId, run(150, 5));
    const busy = await until(user, (s) => s.busy, "the busy state");
    expect(busy.activities[0]?.outcome).toBe("waiting");
    // A second run in the same window does not even ask Strava: the last answer said the window is full.
    const asked = fake.strava.rateLimitUsage().read.fifteenMinutes;
    await fake.strava.recordActivity(athleteId, run(40, 4));
    await until(user, (s) => s.activities.length === 2, "the second run waiting");
    expect(fake.strava.rateLimitUsage().read.fifteenMinutes).toBe(asked);
    // Both wait in the queue for Strava's next window, not lost: there, set to start later. The worker shows the run
    // waiting before it sends the job again for later, so the second may take a moment to be there.
    await untilWaitingJobs(2);
    // The window opens: the clock reaches the next quarter hour, and so does the queue's.
    fake.strava.setRateLimits(ROOMY);
    vi.setSystemTime(new Date((Math.floor(Date.now() / 900_000) + 1) * 900_000 + 1000));
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${STRAVA_EVENTS} and state = 'created'`,
    );
    const landed = await until(
      user,
      (s) => s.activities.every((a) => a.outcome !== "waiting") && s.activities.length === 2,
      "the runs after the storm",
    );
    expect(landed.busy).toBe(false);
    expect(landed.activities.map((a) => a.outcome).sort()).toEqual(["firstRun", "kept"]);
  });

  it("refreshes his tokens once when two instances need them at the same moment, and he stays connected", async () => {
    const { user } = await connectedMan("Refresher");
    const strava = t.deps.strava;
    if (!strava) throw new Error("no Strava");
    await t.db
      .update(stravaConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stravaConnections.userId, user.id));
    const [a, b] = await Promise.all([accessTokenFor(strava, user.id), accessTokenFor(strava, user.id)]);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(a).toBe(fake.strava.athleteByName("Refresher")?.grant?.accessToken);
    expect((await status(user)).connection).not.toBeNull();
    // The new token works at Strava.
    expect((await strava.api.athlete(a ?? "")).firstname).toBe("Refresher");
  });

  it("disconnects: access revoked at Strava, no token left here", async () => {
    const { user } = await connectedMan("Leaver");
    expect((await user.api.strava.$delete()).status).toBe(204);
    expect(fake.strava.athleteByName("Leaver")?.grant).toBeNull();
    expect(await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, user.id))).toHaveLength(0);
    expect((await status(user)).connection).toBeNull();
  });

  it("forgets him when he revokes the app in Strava's settings (athlete event authorized=false)", async () => {
    const { user, athleteId } = await connectedMan("Revoker");
    await fake.strava.deauthorizeAthlete(athleteId);
    await until(user, (s) => s.connection === null, "the athlete event");
  });

  it("revokes at Strava when he deletes his account, and leaves no token behind", async () => {
    const { user } = await connectedMan("Deleted");
    const deleted = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(deleted.status).toBe(200);
    expect(fake.strava.athleteByName("Deleted")?.grant).toBeNull();
    expect(await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(stravaActivities).where(eq(stravaActivities.userId, user.id))).toHaveLength(0);
  });

  itAnswersOnlyDocumentedStatuses(() => t);

  it("answers Strava's subscription handshake only with the right verify token", async () => {
    const right = await t.request(
      `/api/strava/webhook?hub.mode=subscribe&hub.challenge=15f7d1a91c1f40f8a748fd134752feb3&hub.verify_token=${FAKE_STRAVA_VERIFY_TOKEN}`,
    );
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ "hub.challenge": "15f7d1a91c1f40f8a748fd134752feb3" });
    const wrong = await t.request("/api/strava/webhook?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=guess");
    expect(wrong.status).toBe(403);
  });
});

describe("Strava on a production server without Strava settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PRODUCTION_TEST_ENV);
  });
  afterAll(() => t.close());

  it("is not offered: no connect, no webhook, and no local Strava pages", async () => {
    const user = await t.createUser();
    const overview = await (await user.api.strava.$get()).json();
    expect(overview).toMatchObject({ available: false, local: false, connection: null });
    const connect = await user.api.strava.connect.$post({ json: { returnTo: "/dashboard/settings" } });
    expect(connect.status).toBe(404);
    expect(await connect.json()).toEqual({ error: stravaMessages.notConfigured });
    expect((await t.request("/local-strava/record")).status).toBe(404);
    expect((await t.request("/api/strava/webhook?hub.mode=subscribe&hub.challenge=x&hub.verify_token=y")).status).toBe(
      404,
    );
    expect((await t.request("/api/strava/webhook", { body: { object_type: "activity" } })).status).toBe(404);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
