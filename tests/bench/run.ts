import { createBenchApp } from "./bench-app.ts";
import { benchCommunityFeed, defaultFeedSize } from "./community-feed.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchDeleteMan, printDeleteMan } from "./delete-man.ts";
import { benchGeneration } from "./generation.ts";
import { landingWeight, printLanding } from "./landing.ts";
import { benchPlanStreaming, printPlanStreaming } from "./plan-streaming.ts";
import { benchProofRead, printProofRead } from "./proof-read.ts";
import { benchReminderTicks, printReminderTicks } from "./reminder-ticks.ts";
import { benchRenderedPages } from "./rendered-pages.ts";
import { benchScaleRequests, printScaleRequests } from "./scale-requests.ts";
import { benchScaling, printScaling } from "./scaling.ts";
import { benchScreenTimeReading, printScreenTimeReading } from "./screen-time-reading.ts";
import { benchStaticAndSession, printStaticAndSession } from "./static-and-session.ts";
import type { Stats } from "./stats.ts";
import { benchThroughput, printThroughput } from "./throughput.ts";
import { benchUploadFlood, printUploadFlood } from "./upload-flood.ts";

/** `npm run bench`: numbers to compare between changes; BENCH_DATABASE_URL runs them on PostgreSQL. */
const line = (label: string, s: Stats) =>
  `${label.padEnd(70)} median ${s.median.padStart(6)} ms  p95 ${s.p95.padStart(6)} ms  max ${s.max.padStart(6)} ms  requests ${s.n}`;

printLanding(landingWeight());
if (process.env.BENCH_PROOF_READ !== "0") {
  printProofRead(await benchProofRead());
  console.log("");
}

// Issue 55: the screenshot reader's accuracy on the corpus, its time at 4× CPU slowdown in Chromium, its bytes.
if (process.env.BENCH_SCREEN_TIME !== "0") {
  printScreenTimeReading(await benchScreenTimeReading());
  console.log("");
}

// 20 maximal uploads at once to the bundled server (issue 41): health, answers, a small file meanwhile, memory.
if (process.env.BENCH_UPLOAD_FLOOD !== "0") {
  printUploadFlood(await benchUploadFlood());
  console.log("");
}

// Throughput first, on PGlite and, when a PostgreSQL URL is given, on PostgreSQL: servers in child processes.
const postgres = process.env.BENCH_DATABASE_URL;
if (process.env.BENCH_THROUGHPUT !== "0") {
  if (process.env.BENCH_PGLITE !== "0") printThroughput(await benchThroughput({}));
  if (postgres) printThroughput(await benchThroughput({ url: postgres }));
  console.log("");
}

// One instance and two behind HAProxy (deploy/haproxy.cfg) on PostgreSQL, against one instance direct (issue 36).
if (postgres && process.env.BENCH_SCALING !== "0") {
  printScaling(await benchScaling());
  console.log("");
}

// Deleting one community member of a database filled by npm run seed:scale (issue 58); each run deletes six men.
if (process.env.BENCH_SCALE_DATABASE_URL) {
  printDeleteMan(await benchDeleteMan());
  console.log("");
  // The reminder job's claims at an ordinary tick and at the busiest Monday moment, each rolled back.
  printReminderTicks(await benchReminderTicks());
  console.log("");
  // The requests above and his data export, as one of the seeded men, beside bare Node.
  printScaleRequests(await benchScaleRequests());
  console.log("");
}

// The built client through serveStatic against the hand-written site, the session check against hono's (decision 0112).
if (process.env.BENCH_STATIC_SESSION !== "0") {
  printStaticAndSession(await benchStaticAndSession());
  console.log("");
}

// The dashboard's pages rendered with his data (issue 37, decision 0139) against the shell and the API they replace.
if (process.env.BENCH_RENDERED !== "0") {
  const rendered = await benchRenderedPages(Number(process.env.BENCH_REQUESTS ?? 200));
  console.log(`Server-rendered signed-in pages (decision 0139), database: ${rendered.database}, sequential, loopback`);
  for (const [label, stats] of rendered.rows) console.log(line(label, stats));
  console.log("");
}

if (process.env.BENCH_PLAN_STREAMING !== "0") {
  printPlanStreaming(
    await benchPlanStreaming(Number(process.env.BENCH_PLAN_RUNS ?? 2), Number(process.env.BENCH_PLAN_MS ?? 20_000)),
  );
  console.log("");
}

const t = await createBenchApp();
try {
  const generation = await benchGeneration(t, Number(process.env.BENCH_RUNS ?? 10));
  const dashboard = await benchDashboard(t, Number(process.env.BENCH_REQUESTS ?? 200));
  console.log(`database: ${t.deps.database.kind}, AI provider: ${t.deps.ai.name}, sequential requests`);
  console.log(line("offline quiz generation, end to end (in-process, polled)", generation));
  console.log(line(`bare Node http, same ${dashboard.bytes}-byte JSON (loopback)`, dashboard.baseline));
  console.log(
    line(`GET /api/dashboard: 3 challenges, 9 milestones, ${dashboard.todos} todos (loopback)`, dashboard.dashboard),
  );
  console.log(line("PATCH /api/todos/:id: tick a todo, milestone follows (loopback)", dashboard.tick));
  console.log(line("PATCH /api/milestones/:id: complete a milestone (loopback)", dashboard.complete));
  console.log(line("POST /api/milestones/:id/todos: claim, AI, spend + store (loopback)", dashboard.generate));
  if (process.env.BENCH_COMMUNITY_FEED !== "0") {
    const feedPosts = Number(process.env.BENCH_FEED_POSTS ?? defaultFeedSize.posts);
    const feed = await benchCommunityFeed(t, Number(process.env.BENCH_REQUESTS ?? 200), {
      ...defaultFeedSize,
      posts: feedPosts,
    });
    const { members, posts, cheersPerPost, commentsPerPost } = feed.size;
    console.log("");
    console.log(
      `community feed: ${members} members, ${posts} posts over a year, ${cheersPerPost} cheers and ${commentsPerPost} comments each; ` +
        `the viewer reported 50 posts and blocked 10 members (seeded in ${(feed.seededMs / 1000).toFixed(1)} s)`,
    );
    console.log(`  followed the cursor through ${feed.pages} pages: ${feed.visible} posts, none twice`);
    console.log(line(`bare Node http, same ${feed.bytes}-byte JSON (loopback)`, feed.baseline));
    console.log(line("GET /api/community/feed: the first page of 20 (loopback)", feed.firstPage));
    console.log(line("GET /api/community/feed?cursor=: a page ten months back (loopback)", feed.deepPage));
    console.log(line("GET /api/community/posts/:id/comments (loopback)", feed.comments));
    console.log(
      line(
        `the first page again, the viewer having cheered ${feed.cheered} posts (loopback)`,
        feed.firstPageHeavyCheerer,
      ),
    );
  }
} finally {
  await t.close();
}
process.exit(0);
