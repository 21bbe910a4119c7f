import { resolve } from "node:path";
import type { Deps } from "./context.ts";
import { sharedAssets } from "./db/shared-assets.ts";
import { loadPageRenderer } from "./page-render.ts";
import { projectRoot } from "./project-root.ts";
import { loadStaticSite, type StaticSite } from "./static.ts";

/**
 * The built client this instance serves. On PostgreSQL, where several instances run and so two builds side by side
 * during a rolling deploy, it also serves the other builds' hashed assets from the database, and publishes its own
 * there before the server listens: once a page of this build is out, the other build's instances can answer its
 * chunks (issue 36, decision 0122). The embedded database has one instance, and nothing to share.
 */
export async function loadBuiltSite(deps: Pick<Deps, "env" | "database" | "logger">): Promise<StaticSite> {
  const buildDir = resolve(projectRoot, deps.env.BUILD_DIR);
  const shared = deps.database.kind === "postgres" ? sharedAssets(deps.database.db) : undefined;
  const site = await loadStaticSite(resolve(buildDir, "client"), {
    otherBuilds: shared,
    renderer: await loadPageRenderer(buildDir, deps.env.NODE_ENV === "production" ? "production" : "development"),
    onRenderError: (error, path) => deps.logger.error({ err: error, path }, "a signed-in screen failed to render"),
  });
  await shared?.publish(site.assets);
  return site;
}
