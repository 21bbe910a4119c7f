import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { proofs, runValidations } from "#server/db/schema.ts";
import { PROOF_FILE_MAX_BYTES, proofMessages, ROUTE_MAX_POINTS } from "#shared/proof/rules.ts";
import { runWindowMessages } from "#shared/run-challenge/contracts.ts";
import { gpxOfSize } from "#tests/support/activity-files.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * The fixtures were recorded on 2026-03-14 from 08:00 UTC; he accepted the challenge half an hour before, and the
 * app's clock is two days later (decision 0100).
 */
const NOW = new Date("2026-03-16T12:00:00Z");
const ACCEPTED = new Date("2026-03-14T07:30:00Z");
const MINUTE = 60_000;
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/activity/${name}`, import.meta.url));
const NOTES = "Legs gave up twice, I did not.";

describe("validating the run with an activity file (issue 26)", () => {
  let t: TestApp;
  let undoClock: () => void;
  beforeAll(async () => {
    undoClock = useFixedClock(NOW);
    // The per-account upload limit has its own test; here the fuzzing sends many files from one account.
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0" });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  /** A user who accepted the run challenge at `at`, on the app's clock of that moment. */
  async function acceptedUser(at: Date = ACCEPTED) {
    const user = await t.createUser();
    try {
      vi.setSystemTime(at);
      expect((await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 45 } })).status).toBe(200);
    } finally {
      vi.setSystemTime(NOW);
    }
    return user;
  }

  const send = (user: TestUser, bytes: Uint8Array, fields: { previousMaxDuration?: string; notes?: string } = {}) =>
    user.api.onboarding["run-validation"].file.$post({
      form: {
        file: new File([Buffer.from(bytes)], "activity"),
        previousMaxDuration: fields.previousMaxDuration ?? "45",
        notes: fields.notes ?? NOTES,
      },
    });

  async function nothingStored(user: TestUser) {
    expect(await t.db.select().from(runValidations).where(eq(runValidations.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(0);
  }

  it("validates a 70-minute GPX run with a 70-minute duration and says what it read", async () => {
    const user = await acceptedUser();
    const response = await send(user, fixture("run.gpx"));
    expect(response.status).toBe(201);
    const { runValidation, created } = await response.json();
    expect(created).toBe(true);
    expect(runValidation.todayDuration).toBe(70);
    expect(runValidation.previousMaxDuration).toBe(45);
    expect(runValidation.notes).toBe(NOTES);
    const activity = runValidation.activity;
    expect(activity).toMatchObject({ format: "gpx" });
    expect(activity?.startedAt.slice(0, 10)).toBe("2026-03-14");
    expect(activity?.movingSeconds).toBeGreaterThanOrEqual(70 * 60);
    expect(activity?.movingSeconds).toBeLessThan(71 * 60);
    expect(activity?.distanceMeters).toBeGreaterThan(8_000);
    expect(activity?.route.length).toBeGreaterThan(10);
    expect(activity?.route.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);

    // The screens read it back: onboarding is done and the reading is there.
    const state = await (await user.api.onboarding.$get()).json();
    expect(state.runValidation).toEqual(runValidation);
    // The route is a shape in metres from its own corner: no coordinate is a latitude or longitude.
    const xs = activity?.route.flat() ?? [];
    expect(Math.min(...xs)).toBe(0);
  });

  it("reads the same run from TCX and FIT", async () => {
    for (const name of ["run.tcx", "run.fit"]) {
      const user = await acceptedUser();
      const response = await send(user, fixture(name));
      expect(response.status).toBe(201);
      expect((await response.json()).runValidation.todayDuration).toBe(70);
    }
  });

  it("refuses a 40 km/h ride as a ride, and stores nothing", async () => {
    const user = await acceptedUser();
    const response = await send(user, fixture("ride.gpx"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: proofMessages.tooFast });
    await nothingStored(user);
  });

  it("answers every kind of bad file with its own message and stores nothing", async () => {
    const user = await acceptedUser();
    const cases: Array<[Uint8Array, string]> = [
      [new TextEncoder().encode("<html><body>my run</body></html>"), proofMessages.notActivity],
      [fixture("no-times.gpx"), proofMessages.noTimes],
      [fixture("twenty-points.gpx"), proofMessages.tooFewPoints],
      [fixture("truncated.fit"), proofMessages.corrupt],
    ];
    for (const [bytes, message] of cases) {
      const response = await send(user, bytes);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { error: message },
      });
    }
    await nothingStored(user);
  });

  it("refuses a run older than a week, and one in the future", async () => {
    const user = await acceptedUser();
    try {
      vi.setSystemTime(new Date("2026-03-22T12:00:00Z"));
      const old = await send(user, fixture("run.gpx"));
      expect(await old.json()).toEqual({ error: proofMessages.tooOld });
      vi.setSystemTime(new Date("2026-03-13T12:00:00Z"));
      const future = await send(user, fixture("run.gpx"));
      expect(await future.json()).toEqual({ error: proofMessages.inFuture });
    } finally {
      vi.setSystemTime(NOW);
    }
    await nothingStored(user);
  });

  it("checks the typed fields with SPEC.md's messages before the file", async () => {
    const user = await acceptedUser();
    const noNotes = await send(user, fixture("run.gpx"), { notes: "  " });
    expect(await noNotes.json()).toEqual({ error: "Please share your thoughts about the challenge" });
    const badPrevious = await send(user, fixture("run.gpx"), { previousMaxDuration: "4x" });
    expect(await badPrevious.json()).toEqual({ error: "Please enter a valid duration" });
    const tooLong = await send(user, fixture("run.gpx"), { previousMaxDuration: "5000" });
    expect(await tooLong.json()).toEqual({ error: "Duration cannot exceed 1440 minutes (24 hours)" });
    const noFile = await user.api.onboarding["run-validation"].file.$post({
      form: { previousMaxDuration: "", notes: NOTES } as never,
    });
    expect(await noFile.json()).toEqual({ error: proofMessages.fileRequired });
    await nothingStored(user);
  });

  it("answers 413 with the proof's message for a file over 10 MB", async () => {
    const user = await acceptedUser();
    const response = await send(user, new Uint8Array(PROOF_FILE_MAX_BYTES + 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: proofMessages.tooLarge });
    await nothingStored(user);
  });

  it("keeps the first validation: a second file changes nothing", async () => {
    // The file is of another day: a repeat answers with the stored run before any window is asked about.
    const user = await t.createUser();
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    const typed = await user.api.onboarding["run-validation"].$post({
      json: { previousMaxDuration: null, todayDuration: 61, notes: NOTES },
    });
    expect(typed.status).toBe(201);
    const again = await send(user, fixture("run.gpx"));
    expect(again.status).toBe(200);
    const { runValidation, created } = await again.json();
    expect(created).toBe(false);
    expect(runValidation).toMatchObject({ todayDuration: 61, activity: null });
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(0);
  });

  it("exports the reading with his data and deletes it with his account", async () => {
    const user = await acceptedUser();
    expect((await send(user, fixture("run.fit"))).status).toBe(201);
    const file = await (await user.api.me.data.$get()).json();
    const rows = file.tables.proofs?.rows ?? [];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "activity", activity: { format: "fit" } });
    expect(file.tables.proofs?.omittedColumns).toEqual(["photoKey"]);

    const deleted = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(0);
  });

  it("answers random bytes with a 400, never a 5xx", async () => {
    const user = await acceptedUser();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), async (bytes) => {
        const response = await send(user, bytes);
        expect(response.status).toBe(400);
      }),
      { numRuns: 40 },
    );
    await nothingStored(user);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("issue 35 row 4: a run file counts only inside the challenge's 24 hours (decision 0124)", () => {
  let t: TestApp;
  let undoClock: () => void;
  beforeAll(async () => {
    undoClock = useFixedClock(NOW);
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0" });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  async function acceptedAt(at: Date) {
    const user = await t.createUser();
    try {
      vi.setSystemTime(at);
      expect((await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: null } })).status).toBe(200);
    } finally {
      vi.setSystemTime(NOW);
    }
    return user;
  }

  /** When the server recorded his acceptance: the clock moves on while the request runs, a busy machine a little more. */
  async function recordedAcceptance(user: TestUser) {
    const { challengeAcceptedAt } = await (await user.api.onboarding.$get()).json();
    if (!challengeAcceptedAt) throw new Error("the challenge was not accepted");
    return new Date(challengeAcceptedAt);
  }

  /** About eight minutes of jogging, one point a second, starting at `start`. */
  const runFrom = (start: Date) => gpxOfSize(0.1, start.getTime()).bytes;

  const upload = (user: TestUser, bytes: Uint8Array, form: { previousMaxDuration?: string } = {}) =>
    user.api.onboarding["run-validation"].file.$post({
      form: { file: new File([Buffer.from(bytes)], "run.gpx"), notes: NOTES, ...form } as never,
    });

  async function stored(user: TestUser) {
    return {
      runs: (await t.db.select().from(runValidations).where(eq(runValidations.userId, user.id))).length,
      proofs: (await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).length,
    };
  }

  it("issue 35 row 4: refuses a run recorded two days before he accepted, says so, and stores nothing", async () => {
    // The fixture was recorded on 14 March at 08:00; he accepted on 16 March at 08:00.
    const user = await acceptedAt(new Date("2026-03-16T08:00:00Z"));
    const response = await upload(user, fixture("run.gpx"));
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { error: runWindowMessages.beforeAcceptance },
    });
    expect(await stored(user)).toEqual({ runs: 0, proofs: 0 });
    expect((await (await user.api.onboarding.$get()).json()).runValidation).toBeNull();
  });

  it("issue 35 row 4: refuses a run that started after his 24 hours were up, and one with no challenge accepted", async () => {
    const late = await acceptedAt(new Date("2026-03-13T07:00:00Z"));
    const afterDeadline = await upload(late, fixture("run.gpx"));
    expect({ status: afterDeadline.status, body: await afterDeadline.json() }).toEqual({
      status: 400,
      body: { error: runWindowMessages.afterDeadline },
    });
    expect(await stored(late)).toEqual({ runs: 0, proofs: 0 });

    const never = await t.createUser();
    const notAccepted = await upload(never, fixture("run.gpx"));
    expect({ status: notAccepted.status, body: await notAccepted.json() }).toEqual({
      status: 409,
      body: { error: runWindowMessages.notAccepted },
    });
    expect(await stored(never)).toEqual({ runs: 0, proofs: 0 });
  });

  it.each([
    ["15 minutes before he accepted (a watch started at the door)", 201, -15],
    ["16 minutes before he accepted", 400, -16],
    ["the moment he accepted", 201, 0],
    ["5 minutes after the 24 hours (a watch a little fast)", 201, 24 * 60 + 5],
    ["6 minutes after the 24 hours", 400, 24 * 60 + 6],
  ])("issue 35 row 4: the window's edge: a run that started %s answers %i", async (_, status, minutes) => {
    const user = await acceptedAt(ACCEPTED);
    const start = new Date((await recordedAcceptance(user)).getTime() + minutes * MINUTE);
    const response = await upload(user, runFrom(start));
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(status);
    if (status === 201 && "runValidation" in body) {
      // The run's date is the file's start, as the screens show it; the day he uploaded is only createdAt.
      expect(body.runValidation.activity?.startedAt).toBe(start.toISOString());
    } else {
      expect(Object.values(runWindowMessages)).toContain((body as unknown as { error: string }).error);
    }
  });

  it("issue 35 row 4: a typed run is not checked against the window (SPEC.md: he enters a duration)", async () => {
    const user = await acceptedAt(new Date("2026-03-10T08:00:00Z"));
    const typed = await user.api.onboarding["run-validation"].$post({
      json: { previousMaxDuration: null, todayDuration: 61, notes: NOTES },
    });
    expect(typed.status).toBe(201);
  });

  it("issue 35: a file sent without the previous longest run (he never ran) is accepted, with none stored", async () => {
    const user = await acceptedAt(ACCEPTED);
    const response = await upload(user, fixture("run.gpx"));
    expect(response.status).toBe(201);
    expect((await response.json()).runValidation).toMatchObject({ previousMaxDuration: null, todayDuration: 70 });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
