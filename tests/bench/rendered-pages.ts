import { join } from "node:path";
import { buildDirectory, ensureBuild } from "#scripts/ensure-build.ts";
import { loadPageRenderer } from "#server/page-render.ts";
import { loadStaticSite } from "#server/static.ts";
import { TEST_ORIGIN } from "../support/test-app.ts";
import { createBenchApp } from "./bench-app.ts";
import { seedDashboardOwner } from "./dashboard.ts";
import { bareServer, measure, type Stats } from "./stats.ts";

/**
 * Issue 37, decision 0139: what a dashboard page rendered with his data costs the server, over loopback HTTP, against
 * what it replaced (the SPA shell, which then asked for /api/dashboard and the rest itself) and a bare Node server
 * sending the rendered page's bytes. The owner of benchDashboard's dashboard: three challenges, nine milestones.
 */
export async function benchRenderedPages(runs = 200) {
  ensureBuild();
  const build = buildDirectory();
  const site = await loadStaticSite(join(build, "client"), {
    renderer: await loadPageRenderer(build, "production"),
    onRenderError: (error) => {
      throw error;
    },
  });
  const t = await createBenchApp({ url: process.env.BENCH_DATABASE_URL, site });
  const http = await t.listen();
  try {
    const owner = await seedDashboardOwner(t);
    const get = (path: string, cookie?: string) =>
      fetch(`http://127.0.0.1:${http.port}${path}`, {
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      });
    const html = await (await get("/dashboard", owner.cookie)).text();
    const first = (await (await get("/api/dashboard", owner.cookie)).json()) as { challenges: { title: string }[] };
    if (!html.includes('data-testid="dashboard-challenge"') || !first.challenges.every((c) => html.includes(c.title))) {
      throw new Error("the rendered dashboard does not hold his three challenges");
    }
    const bare = await bareServer(html, "/dashboard");
    const rows: [string, Stats][] = [
      [
        `bare Node http, the rendered page's ${html.length} bytes`,
        await measure(runs, async () => void (await (await fetch(bare.url)).text())),
      ],
      [
        "GET /dashboard without cookies: the SPA shell",
        await measure(runs, async () => void (await (await get("/dashboard")).text())),
      ],
      [
        "GET /api/dashboard: the answer the shell then asked for",
        await measure(runs, async () => void (await (await get("/api/dashboard", owner.cookie)).text())),
      ],
      [
        "GET /dashboard: rendered with his data (5 API answers in-process)",
        await measure(runs, async () => void (await (await get("/dashboard", owner.cookie)).text())),
      ],
      [
        "GET /dashboard/settings: rendered with his data",
        await measure(runs, async () => void (await (await get("/dashboard/settings", owner.cookie)).text())),
      ],
    ];
    await bare.close();
    return { database: t.deps.database.kind, rows };
  } finally {
    await http.close();
    await t.close();
  }
}
