import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challenges, milestones, proofs } from "#server/db/schema.ts";
import { PROOF_FILE_MAX_BYTES, proofMessages } from "#shared/proof/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { type FakeS3, startFakeS3 } from "#tests/support/fake-s3.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/** The fixtures were recorded on 2026-03-14; the app's clock is two days later (decision 0100). */
const NOW = new Date("2026-03-16T12:00:00Z");
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/activity/${name}`, import.meta.url));

const GPS_EXIF = {
  IFD0: { Make: "Unscroll test camera" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 36/1" },
};

async function photoWithGps(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: "#c8ff2e" } })
    .jpeg()
    .withExif(GPS_EXIF)
    .toBuffer();
}

describe("milestone proof (issue 26)", () => {
  let t: TestApp;
  let undoClock: () => void;
  beforeAll(async () => {
    undoClock = useFixedClock(NOW);
    // The per-account upload limits have their own tests; here the fuzzing sends many files from one account, and the
    // race below five at once.
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0", PROOF_UPLOADS_AT_ONCE_PER_ACCOUNT: "5" });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  const upload = (user: TestUser, id: string, bytes: Uint8Array, name = "proof.bin") =>
    user.api.milestones[":id"].proof.$post({ param: { id }, form: { file: new File([Buffer.from(bytes)], name) } });

  /** A milestone of his plan about running, and one that is not. */
  async function milestonesOf(user: TestUser, quizResponseId: string) {
    const rows = await t.db
      .select({ id: milestones.id, text: milestones.milestoneDescription, challengeId: milestones.challengeId })
      .from(milestones)
      .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
      .where(eq(challenges.quizResponseId, quizResponseId));
    const [running, other] = rows;
    if (!running || !other) throw new Error("the plan has too few milestones");
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Run 5k without stopping" })
      .where(eq(milestones.id, running.id));
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Ride to the coast and back" })
      .where(eq(milestones.id, other.id));
    await t.db
      .update(challenges)
      .set({ title: "Build the workbench", description: "Wood, saw, patience.", challengeAccepted: true })
      .where(eq(challenges.quizResponseId, quizResponseId));
    // Dated, so the dashboard lists them.
    await t.db
      .update(milestones)
      .set({ milestoneDeadline: new Date("2026-04-30T23:59:59Z") })
      .where(eq(milestones.userId, user.id));
    return { running: running.id, other: other.id };
  }

  it("keeps a photo re-encoded as WebP without its GPS metadata, and serves it to him only", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(user, other, original, "IMG_0042.jpg");
    expect(response.status).toBe(201);
    const { proof } = await response.json();
    expect(proof).toMatchObject({ kind: "photo", photo: { width: 1200, height: 900 } });
    if (proof.kind !== "photo") throw new Error("not a photo");

    const served = await t.request(proof.photo.url, { cookie: user.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("private");
    const kept = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(kept).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(kept.includes(Buffer.from("Unscroll test camera"))).toBe(false);

    const dashboard = await (await user.api.dashboard.$get()).json();
    const shown = dashboard.challenges.flatMap((c) => c.milestones).find((m) => m.id === other);
    expect(shown?.proof).toEqual(proof);

    const stranger = await t.createUser();
    expect((await t.request(proof.photo.url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(proof.photo.url)).status).toBe(401);
  });

  it("checks an activity file with the running pace only on a milestone about running", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { running, other } = await milestonesOf(user, quizResponseId);
    const ride = fixture("ride.gpx");

    const refused = await upload(user, running, ride, "ride.gpx");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: proofMessages.tooFast });
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, running))).toHaveLength(0);

    const accepted = await upload(user, other, ride, "ride.gpx");
    expect(accepted.status).toBe(201);
    const { proof } = await accepted.json();
    expect(proof.kind).toBe("activity");
    if (proof.kind !== "activity") throw new Error("not an activity");
    expect(proof.activity.distanceMeters).toBeGreaterThan(20_000);

    const run = await upload(user, running, fixture("run.fit"), "run.fit");
    expect(run.status).toBe(201);
    const dashboard = await (await user.api.dashboard.$get()).json();
    const shown = dashboard.challenges.flatMap((c) => c.milestones).find((m) => m.id === running);
    expect(shown?.proof).toMatchObject({ kind: "activity", activity: { format: "fit" } });
  });

  it("issue 53 row 11: an activity file for a milestone not about moving is kept only once he confirms it; a photo fits any", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    await t.db
      .update(milestones)
      .set({ milestoneDescription: "Hold ten real conversations with people who could buy" })
      .where(eq(milestones.id, other));
    const run = fixture("run.gpx");

    const asked = await upload(user, other, run, "run.gpx");
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({
      error: `This is an activity of 11.1 km; "Hold ten real conversations with people who could buy" doesn't look like one. Use it as proof anyway?`,
      code: "PROOF_MISMATCH",
    });
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, other))).toHaveLength(0);

    const confirmed = await user.api.milestones[":id"].proof.$post({
      param: { id: other },
      form: { file: new File([Buffer.from(run)], "run.gpx"), confirmMismatch: "true" },
    });
    expect(confirmed.status).toBe(201);
    expect((await confirmed.json()).proof).toMatchObject({ kind: "activity", activity: { format: "gpx" } });

    const photo = await upload(user, other, await photoWithGps(), "IMG_0042.jpg");
    expect(photo.status).toBe(201);
    expect((await photo.json()).proof.kind).toBe("photo");
  });

  it("refuses what is not proof with its own message and stores nothing", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    const cases: Array<[Uint8Array, string]> = [
      [new TextEncoder().encode("just some notes, not a file from a watch"), proofMessages.notProof],
      [fixture("no-times.gpx"), proofMessages.noTimes],
      [fixture("twenty-points.gpx"), proofMessages.tooFewPoints],
      [fixture("truncated.fit"), proofMessages.corrupt],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), proofMessages.photoUnreadable],
    ];
    for (const [bytes, message] of cases) {
      const response = await upload(user, other, bytes);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { error: message },
      });
    }
    const missing = await user.api.milestones[":id"].proof.$post({ param: { id: other }, form: {} as never });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: proofMessages.fileRequired });
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(0);
  });

  it("answers 413 with the proof's message for a file over 10 MB, before reading it", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    const response = await upload(user, other, new Uint8Array(PROOF_FILE_MAX_BYTES + 100 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: proofMessages.tooLarge });
  });

  it("never lets another user attach, replace or remove a proof of his", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    expect((await upload(user, other, await photoWithGps(200, 200))).status).toBe(201);
    const stranger = await t.createUser();
    expect((await upload(stranger, other, await photoWithGps(200, 200))).status).toBe(404);
    const removed = await stranger.api.milestones[":id"].proof.$delete({ param: { id: other } });
    expect(removed.status).toBe(404);
    const [row] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, other));
    expect(row?.userId).toBe(user.id);
  });

  it("replaces a proof, and removing it removes its photo from the storage", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    await upload(user, other, await photoWithGps(300, 200));
    const [first] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, other));
    expect(await t.deps.proofStorage.get(first?.photoKey ?? "")).not.toBeNull();

    expect((await upload(user, other, await photoWithGps(200, 300))).status).toBe(201);
    const [second] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, other));
    expect(second?.photoHeight).toBe(300);
    expect(await t.deps.proofStorage.get(first?.photoKey ?? "")).toBeNull();

    const removed = await user.api.milestones[":id"].proof.$delete({ param: { id: other } });
    expect(removed.status).toBe(204);
    expect(await t.deps.proofStorage.get(second?.photoKey ?? "")).toBeNull();
    expect(await t.db.select().from(proofs).where(eq(proofs.milestoneId, other))).toHaveLength(0);
  });

  it("ends uploads racing for one milestone with exactly one proof and one photo kept", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    const photos = await Promise.all([1, 2, 3, 4, 5].map((i) => photoWithGps(100 + i * 10, 100)));
    const answers = await Promise.all(photos.map((photo) => upload(user, other, photo)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await t.db.select().from(proofs).where(eq(proofs.milestoneId, other));
    expect(rows).toHaveLength(1);
    const summaries = await Promise.all(answers.map((a) => a.json()));
    const kept = await Promise.all(
      summaries.map(
        async ({ proof }) => (await t.request(`/api/proofs/${proof.id}/photo`, { cookie: user.cookie })).status,
      ),
    );
    expect(kept.filter((status) => status === 200)).toHaveLength(1);
  });

  it("answers random bytes with a 4xx, never a 5xx", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { running } = await milestonesOf(user, quizResponseId);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), async (bytes) => {
        const response = await upload(user, running, bytes);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it("exports his photos inside the file, and removes them from the storage with his account", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const { other } = await milestonesOf(user, quizResponseId);
    await upload(user, other, await photoWithGps(240, 160));
    const [row] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, other));
    const key = row?.photoKey ?? "";

    const file = await (await user.api.me.data.$get()).json();
    const [exported] = file.tables.proofs?.rows ?? [];
    expect(exported).toMatchObject({ id: row?.id, kind: "photo", photoWidth: 240, photoHeight: 160 });
    expect(exported).not.toHaveProperty("photoKey");
    const dataUrl = String(exported?.photo);
    expect(dataUrl).toMatch(/^data:image\/webp;base64,/);
    const image = Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
    expect((await sharp(image).metadata()).width).toBe(240);

    const deleted = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(deleted.status).toBe(200);
    expect(await t.deps.proofStorage.get(key)).toBeNull();
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("proof uploads per account (RATE_LIMIT_PROOF_UPLOADS_PER_USER)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "2" });
  });
  afterAll(() => t.close());

  it("refuses the third upload in an hour with 429 before reading it; another account still uploads", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const send = (who: TestUser, milestoneId: string, bytes: Uint8Array) =>
      who.api.milestones[":id"].proof.$post({
        param: { id: milestoneId },
        form: { file: new File([Buffer.from(bytes)], "p") },
      });
    const photo = await photoWithGps(120, 90);
    expect((await send(user, id, photo)).status).toBe(201);
    // A refused file counts too: the work of reading it was done.
    expect((await send(user, id, new TextEncoder().encode("not proof"))).status).toBe(400);
    const refused = await send(user, id, photo);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as unknown as { error: string }).error).toMatch(/^Too many attempts/);
    const [kept] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, id));
    expect(kept?.photoWidth).toBe(120);

    const other = await t.userWithPlan();
    expect((await send(other.user, other.plan.challenges[0]!.milestones[0]!.id, photo)).status).toBe(201);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("proof photos in an S3-compatible bucket (S3_* settings)", () => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("keeps the photo in the bucket, serves it from there, and removes it with the proof", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const uploaded = await user.api.milestones[":id"].proof.$post({
      param: { id },
      form: { file: new File([await photoWithGps(320, 200)], "IMG.jpg") },
    });
    expect(uploaded.status).toBe(201);
    const { proof } = await uploaded.json();
    const [row] = await t.db.select().from(proofs).where(eq(proofs.milestoneId, id));
    const stored = s3.objects.get(row?.photoKey ?? "");
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored?.bytes).metadata()).exif).toBeUndefined();
    if (proof.kind !== "photo") throw new Error("not a photo");
    const served = await t.request(proof.photo.url, { cookie: user.cookie });
    expect(Buffer.from(await served.arrayBuffer()).equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);

    // The bucket in trouble: 502 with the proof's message, and nothing kept.
    s3.answer(500);
    const failed = await user.api.milestones[":id"].proof.$post({
      param: { id },
      form: { file: new File([await photoWithGps(100, 100)], "IMG.jpg") },
    });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: proofMessages.uploadFailed });
    expect((await t.db.select().from(proofs).where(eq(proofs.milestoneId, id)))[0]?.id).toBe(proof.id);

    expect((await user.api.milestones[":id"].proof.$delete({ param: { id } })).status).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect(s3.refusals).toEqual([]);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
