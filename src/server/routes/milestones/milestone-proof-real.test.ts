import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { challenges, milestones, proofs } from "#server/db/schema.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { realActivityFile } from "#tests/support/real-activity-files.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * Which real files prove a milestone (issue 38, decision 0128): one about running takes what the run challenge takes
 * (a run, or a multi-sport file's running leg; a file that says it is another sport is refused by name); any other
 * milestone takes any activity. Dates: the activity started in the week before the upload and not in the future.
 */
describe("milestone proof with real files (issue 38)", () => {
  let t: TestApp;
  let undoClock: () => void;
  beforeAll(async () => {
    undoClock = useFixedClock(new Date("2026-03-16T12:00:00Z"));
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0" });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  /** A user whose plan has a milestone about running and one about riding, on the clock of `now`. */
  async function planAt(now: number) {
    vi.setSystemTime(new Date(now));
    const { user, quizResponseId } = await t.userWithPlan();
    const rows = await t.db
      .select({ id: milestones.id })
      .from(milestones)
      .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
      .where(eq(challenges.quizResponseId, quizResponseId));
    const [running, riding] = rows;
    if (!running || !riding) throw new Error("the plan has too few milestones");
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Run 10k on the trails" })
      .where(eq(milestones.id, running.id));
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Ride to the coast and back" })
      .where(eq(milestones.id, riding.id));
    await t.db
      .update(challenges)
      .set({ title: "Get outside", description: "Every weekend, somewhere new." })
      .where(eq(challenges.quizResponseId, quizResponseId));
    return { user, running: running.id, riding: riding.id };
  }

  const upload = async (user: TestUser, id: string, name: string) => {
    const { bytes } = realActivityFile(name);
    const response = await user.api.milestones[":id"].proof.$post({
      param: { id },
      form: { file: new File([Buffer.from(bytes)], name) },
    });
    return { status: response.status, body: await response.json() };
  };

  const twoDaysAfter = (name: string) => Date.parse(realActivityFile(name).entry.startedAt ?? "") + 2 * DAY_MS;

  it("a running milestone takes a steep trail run as its watch counted it, and refuses a ride by name", async () => {
    const { user, running } = await planAt(twoDaysAfter("suunto-steep-trail-run.fit"));
    const trail = await upload(user, running, "suunto-steep-trail-run.fit");
    expect(trail.status).toBe(201);
    expect(trail.body).toMatchObject({
      proof: { kind: "activity", activity: { distanceMeters: 8225, measuredBy: "device" } },
    });

    const other = await planAt(twoDaysAfter("fitbit-versa-ride.tcx"));
    const ride = await upload(other.user, other.running, "fitbit-versa-ride.tcx");
    expect(ride).toEqual({ status: 400, body: { error: proofMessages.declaredRide } });
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, other.running))).toHaveLength(0);
  });

  it("a milestone not about running takes the ride", async () => {
    const { user, riding } = await planAt(twoDaysAfter("fitbit-versa-ride.tcx"));
    const ride = await upload(user, riding, "fitbit-versa-ride.tcx");
    expect(ride.status).toBe(201);
    expect(ride.body).toMatchObject({ proof: { kind: "activity", activity: { format: "tcx" } } });
  });

  it("a running milestone takes a triathlon's running leg", async () => {
    const { user, running } = await planAt(twoDaysAfter("garmin-fr920xt-triathlon.fit"));
    const triathlon = await upload(user, running, "garmin-fr920xt-triathlon.fit");
    expect(triathlon).toMatchObject({ status: 201, body: { proof: { activity: { distanceMeters: 9806 } } } });
  });

  it("refuses an activity older than a week before the upload, whatever the milestone", async () => {
    const { user, riding } = await planAt(twoDaysAfter("coros-run.fit") + 7 * DAY_MS);
    const old = await upload(user, riding, "coros-run.fit");
    expect(old).toEqual({ status: 400, body: { error: proofMessages.tooOld } });
  });
});
