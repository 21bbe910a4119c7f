import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { gpxOfSize } from "#tests/support/activity-files.ts";
import { type Answer, multipart, realClient } from "#tests/support/real-client.ts";
import { killServers, startBundledServer, stopServer, writeClientFiles } from "#tests/support/server-process.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";
import { stats } from "./stats.ts";

/**
 * Issue 41: 20 maximal activity files uploaded at once to the server `npm start` runs (the bundle, real sockets), while
 * a client asks /api/health every 25 ms and, half a second in, another account uploads a small file. Printed: how long
 * health took throughout, when each upload was answered and how, how long the small file took, and the server
 * process's resident memory before, at its peak and after. Two floods: 20 accounts with one file each (the instance's
 * limit), then one account with 20 (the account's). Alone: `node --import tsx tests/bench/upload-flood.ts`
 * (BENCH_DATABASE_URL for PostgreSQL); `npm run bench` runs it too (BENCH_UPLOAD_FLOOD=0 leaves it out).
 */
const FILES = 20;
const FILE_MB = 9.5;
const ANSWER_LIMIT_MS = 60_000;
const RUN_PATH = "/api/onboarding/run-validation/file";

/**
 * Asks /api/health every 25 ms from a thread of its own: the bench's thread is busy sending 190 MB, and its own delays
 * must not be counted as the server's.
 */
function healthProber(port: number) {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const http = require("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const samples = [];
    let failures = 0;
    let running = true;
    parentPort.on("message", () => { running = false; });
    const ask = () => new Promise((resolve) => {
      const asked = performance.now();
      const req = http.get({ host: "127.0.0.1", port: workerData.port, path: "/api/health", agent }, (res) => {
        res.resume();
        res.on("end", () => { samples.push(performance.now() - asked); if (res.statusCode !== 200) failures++; resolve(); });
      });
      req.on("error", () => { failures++; resolve(); });
    });
    (async () => {
      while (running) { await ask(); await new Promise((r) => setTimeout(r, 25)); }
      parentPort.postMessage({ samples, failures });
    })();
  `;
  const worker = new Worker(source, { eval: true, workerData: { port } });
  return {
    stop: () =>
      new Promise<{ samples: number[]; failures: number }>((resolve) => {
        worker.once("message", (result) => {
          void worker.terminate();
          resolve(result);
        });
        worker.postMessage("stop");
      }),
  };
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function freshPostgres(url: string) {
  const name = `unscroll_bench_flood_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

type Flood = {
  label: string;
  health: ReturnType<typeof stats>;
  healthFailures: number;
  answers: Array<{ status: number; ms: number; retryAfter: string | undefined; error: string | undefined }>;
  small: { status: number; ms: number };
  rss: { before: number; peak: number; after: number };
};

export async function benchUploadFlood() {
  const dir = await mkdtemp(join(tmpdir(), "unscroll-bench-flood-"));
  const smtp = await startSmtpSink();
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : undefined;
  const server = await startBundledServer(
    {
      NODE_ENV: "development",
      DATA_DIR: join(dir, "data"),
      SMTP_URL: smtp.url,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    writeClientFiles(join(dir, "build"), "<!doctype html><title>bench</title>"),
  );
  const client = realClient(server.port, smtp);
  const pid = server.child.pid!;
  try {
    // Ten sign-ups an hour per address: each account from an address of its own.
    const cookies: string[] = [];
    for (let i = 0; i < FILES + 2; i++) cookies.push(await client.signedIn(`127.0.1.${10 + i}`));
    const start = Date.now() - 3 * 60 * 60 * 1000;
    // Each body once, before the clock runs: the bench's own work must not slow what it measures.
    const fields = (file: Blob) => ({ file, previousMaxDuration: "", notes: "Kept going past the bridge." });
    const big = await multipart(fields(new Blob([gpxOfSize(FILE_MB, start).bytes])));
    const small = await multipart(fields(new Blob([gpxOfSize(0.05, start).bytes])));
    const post = (form: typeof big, cookie: string, from: string) =>
      client.send(RUN_PATH, {
        method: "POST",
        from,
        headers: { "content-type": form.type, origin: client.origin, cookie },
        body: form.body,
      });

    async function flood(label: string, accountOf: (i: number) => number): Promise<Flood> {
      await sleep(2000);
      const before = rssMbOf(pid);
      let peak = before;
      let running = true;
      const sampler = (async () => {
        while (running) {
          peak = Math.max(peak, rssMbOf(pid));
          await sleep(50);
        }
      })();
      const prober = healthProber(server.port);
      const began = performance.now();
      const timed = async (make: () => Promise<Answer>) => {
        const answer = await Promise.race([make(), sleep(ANSWER_LIMIT_MS).then(() => undefined)]).catch(
          () => undefined,
        );
        return {
          status: answer?.status ?? 0,
          ms: performance.now() - began,
          retryAfter: answer?.headers["retry-after"] as string | undefined,
          error: answer && answer.status >= 400 ? String(answer.json().error) : undefined,
        };
      };
      const uploads = Array.from({ length: FILES }, (_, i) =>
        timed(() => post(big, cookies[accountOf(i)]!, `127.0.2.${10 + i}`)),
      );
      await sleep(500);
      const smallAsked = performance.now();
      const smallAnswer = await post(small, cookies[FILES + 1]!, "127.0.2.200").catch(() => undefined);
      const smallMs = performance.now() - smallAsked;
      const answers = await Promise.all(uploads);
      await sleep(3000);
      running = false;
      await sampler;
      const health = await prober.stop();
      return {
        label,
        health: stats(health.samples),
        healthFailures: health.failures,
        answers,
        small: { status: smallAnswer?.status ?? 0, ms: smallMs },
        rss: { before, peak, after: rssMbOf(pid) },
      };
    }

    return [
      await flood(`${FILES} accounts, one ${FILE_MB} MB GPX each`, (i) => i),
      await flood(`one account, ${FILES} ${FILE_MB} MB GPX at once`, () => FILES),
    ];
  } finally {
    await stopServer(server).catch(() => killServers());
    await smtp.close();
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

export function printUploadFlood(floods: Flood[]) {
  for (const f of floods) {
    const byStatus = new Map<number, number>();
    for (const a of f.answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const statuses = [...byStatus].map(([status, n]) => `${n} × ${status || "no answer"}`).join(", ");
    const last = Math.max(...f.answers.map((a) => a.ms));
    const retry = [...new Set(f.answers.map((a) => a.retryAfter).filter(Boolean))].join("/") || "-";
    console.log(`upload flood: ${f.label}`);
    console.log(
      `  GET /api/health throughout      median ${f.health.median} ms  p99 ${f.health.p99} ms  max ${f.health.max} ms  (${f.health.n} asked, ${f.healthFailures} not 200)`,
    );
    console.log(
      `  uploads answered               ${statuses}; the last after ${last.toFixed(0)} ms; Retry-After ${retry}`,
    );
    for (const error of new Set(f.answers.map((a) => a.error).filter(Boolean))) console.log(`    "${error}"`);
    console.log(`  small GPX meanwhile            ${f.small.status} after ${f.small.ms.toFixed(0)} ms`);
    console.log(
      `  server RSS                     before ${f.rss.before.toFixed(0)} MB  peak ${f.rss.peak.toFixed(0)} MB  after ${f.rss.after.toFixed(0)} MB`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printUploadFlood(await benchUploadFlood());
  process.exit(0);
}
