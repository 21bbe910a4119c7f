import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
};

/** React Router's build manifest: `window.__reactRouterManifest={...};`, JSON inside. */
function parseManifest(script: string): Record<string, ManifestRoute> | null {
  const start = script.indexOf("{");
  const end = script.lastIndexOf("}");
  if (start < 0 || end < start) return null;
  try {
    const manifest = JSON.parse(script.slice(start, end + 1)) as { routes?: Record<string, ManifestRoute> };
    return manifest.routes ?? null;
  } catch {
    return null;
  }
}

/**
 * Screens a stranger must not learn exist (issue 52 row 6): the operator's page (routes/admin.tsx, decision 0136)
 * answers a stranger as an unknown path does, so its HTML must too. Left out of the matching, its path is preloaded
 * as an unknown path is (the not-found screen's scripts), for everyone: the operator's own scripts come once the shell
 * has run, as every screen's did before issue 37. React Router names a route by its file unless routes.ts gives an id.
 */
const UNLISTED_ROUTES: ReadonlySet<string> = new Set(["routes/admin"]);

function routeTree(routes: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId && !UNLISTED_ROUTES.has(route.id))
    .map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, children: routeTree(routes, route.id) },
    );
}

/**
 * The scripts a client-rendered page needs for its path (issue 37). The SPA fallback is one HTML for every such path
 * and names only the app's shell: the screen's own modules were asked for only once the shell had run, a round trip
 * and the shell's evaluation later (on a phone at 8× CPU, a second). Read from the build's route manifest and matched
 * as React Router matches, they are named in the page, so the browser fetches them beside the shell.
 */
export function routePreloads(manifestScript: string): (pathname: string) => string[] {
  const routes = parseManifest(manifestScript);
  if (!routes) return () => [];
  const tree = routeTree(routes);
  return (pathname) => {
    const matches = matchRoutes(tree, pathname) ?? [];
    const urls = new Set<string>();
    for (const { route } of matches) {
      const entry = route.id ? routes[route.id] : undefined;
      if (!entry) continue;
      if (entry.clientLoaderModule) urls.add(entry.clientLoaderModule);
      urls.add(entry.module);
      for (const url of entry.imports ?? []) urls.add(url);
    }
    return [...urls];
  };
}
