import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { proofMessages } from "#shared/proof/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { type Answer, multipart, type realClient } from "#tests/support/real-client.ts";
import { startRealServer } from "#tests/support/real-server.ts";
import { type RunningServer, STARTUP_MS, until } from "#tests/support/server-process.ts";

/**
 * Issue 41 #1: proof uploads take a slot of the instance's before their body is read, so a flood is answered at once
 * (429 past two of one account's, 503 past the instance's) instead of queueing for minutes, and everyone else is
 * still served. Through the server `npm start` runs, over real sockets: an upload that holds its slot is one whose
 * body is still on its way, as from a phone on a slow network.
 */
const onPostgres = inject("testDb").kind === "postgres";
const RUN_PATH = "/api/onboarding/run-validation/file";
/** Recorded in March 2026: read, then refused as too old, whatever day the test runs. */
const FIT = readFileSync(new URL("../../../tests/fixtures/activity/run.fit", import.meta.url));
const FIELDS = { previousMaxDuration: "", notes: "Kept going past the bridge." };

describe(`proof uploads at once, through the server npm start runs (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let running: Awaited<ReturnType<typeof startRealServer>>;
  let server: RunningServer;
  let client: ReturnType<typeof realClient>;

  beforeAll(async () => {
    running = await startRealServer("uploads", {
      // Room for three small uploads at once: each counts as 64 KB at least.
      PROOF_UPLOADS_MB_AT_ONCE: String((3 * 64) / 1024),
      PROOF_UPLOADS_AT_ONCE_PER_ACCOUNT: "2",
      // The hourly count has its own tests; here the uploads that wait for the held ones to take their slots must
      // not run into it.
      RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0",
    });
    ({ server, client } = running);
  }, STARTUP_MS * 2);
  afterAll(() => running?.close());

  /** An upload whose body stops after its first bytes until `finish` sends the rest: it holds its slot meanwhile. */
  async function heldUpload(cookie: string, from: string) {
    const { body, type } = await multipart({ file: new Blob([FIT]), ...FIELDS });
    let answered: (answer: { status: number; json: Record<string, unknown> }) => void = () => {};
    const answer = new Promise<{ status: number; json: Record<string, unknown> }>((resolve) => {
      answered = resolve;
    });
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        localAddress: from,
        path: RUN_PATH,
        method: "POST",
        headers: { "content-type": type, "content-length": body.length, origin: client.origin, cookie },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          answered({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    // Why a held upload did not hold its slot, for a failure's message: refused at once, or its connection failed.
    let early = "";
    void answer.then((a) => {
      early = `answered ${a.status} ${JSON.stringify(a.json)}`;
    });
    req.on("error", (error) => {
      early = `connection error ${error.message}`;
    });
    req.write(body.subarray(0, 200));
    return {
      state: () => early || "held",
      /** The same upload sent anew, when this one was refused before it could hold its slot. */
      again: () => heldUpload(cookie, from),
      finish: () => {
        req.end(body.subarray(200));
        return answer;
      },
      /** The phone loses its network mid-upload. */
      drop: () => req.destroy(),
    };
  }

  const upload = (cookie: string, from: string) =>
    client.postForm(RUN_PATH, { file: new Blob([FIT]), ...FIELDS }, { cookie, from });

  type Held = Awaited<ReturnType<typeof heldUpload>>;

  /**
   * Uploads until the answer has `status`: the held uploads take their slots a moment after they are sent. A held
   * upload can lose that race to one of these uploads (its session read took longer) and be refused with 429 itself:
   * it is sent again, so the held ones end up holding their slots, as the test means them to.
   */
  async function uploadUntil(status: number, cookie: string, from: string, held: Held[] = []): Promise<Answer> {
    let last: Answer | undefined;
    await until(
      async () => {
        for (const [i, h] of held.entries()) {
          if (h.state() !== "held") held[i] = await h.again();
        }
        last = await upload(cookie, from);
        return last.status === status;
      },
      30_000,
      () =>
        `never answered ${status}; last ${last?.status} ${last?.body.toString()}; held: ${held.map((h) => h.state()).join(" / ")}`,
    );
    return last!;
  }

  it("answers a third upload of one account at once with 429, past the instance's limit with 503, both with Retry-After, while the rest of the server answers (issue 41 #1)", {
    timeout: 60_000,
  }, async () => {
    const [ann, ben, carl] = [
      await client.signedIn("127.0.3.1"),
      await client.signedIn("127.0.3.2"),
      await client.signedIn("127.0.3.3"),
    ];
    // Read to the end while nothing is held: refused as too old (March 2026), which shows it was read.
    const read = await upload(carl, "127.0.3.3");
    expect(read.status).toBe(400);
    expect(read.json()).toEqual({ error: proofMessages.tooOld });

    const annHeld = [await heldUpload(ann, "127.0.3.1"), await heldUpload(ann, "127.0.3.1")];
    const third = await uploadUntil(429, ann, "127.0.3.1", annHeld);
    expect(third.json()).toEqual({ error: proofMessages.accountBusy });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is still read: one slot of the instance's three is free.
    expect((await upload(ben, "127.0.3.2")).json()).toEqual({ error: proofMessages.tooOld });

    const benHeld = [await heldUpload(ben, "127.0.3.2")];
    const busy = await uploadUntil(503, carl, "127.0.3.3", benHeld);
    expect(busy.json()).toEqual({ error: proofMessages.busy });
    expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
    // Everything else is answered as usual meanwhile.
    expect((await client.send("/api/health", { from: "127.0.3.4" })).status).toBe(200);
    expect((await client.send("/api/dashboard", { from: "127.0.3.3", headers: { cookie: carl } })).status).not.toBe(
      503,
    );

    // The held uploads, once their bodies arrive, are read as any other; their slots are free again after.
    for (const held of [...annHeld, ...benHeld]) {
      expect(await held.finish()).toEqual({ status: 400, json: { error: proofMessages.tooOld } });
    }
    expect((await upload(carl, "127.0.3.3")).json()).toEqual({ error: proofMessages.tooOld });
    expect((await upload(ann, "127.0.3.1")).json()).toEqual({ error: proofMessages.tooOld });
  });

  it("frees the slot of an upload whose connection is lost half-way, so his next upload is read (issue 41 #1)", {
    timeout: 60_000,
  }, async () => {
    const dan = await client.signedIn("127.0.3.5");
    const held = [await heldUpload(dan, "127.0.3.5"), await heldUpload(dan, "127.0.3.5")];
    await uploadUntil(429, dan, "127.0.3.5", held);
    for (const upload of held) upload.drop();
    const read = await uploadUntil(400, dan, "127.0.3.5");
    expect(read.json()).toEqual({ error: proofMessages.tooOld });
  });
  itAnswersOnlyDocumentedStatuses(() => running.client);
});
