import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { isPartnerViewPath, isServerRenderedPath } from "#shared/paths.ts";
import { SERVER_API, type ServerApi } from "#shared/server-api.ts";
import { contextStorage } from "./async-context.ts";

/**
 * Renders a signed-in screen to HTML with his data in it (issue 37, decision 0139): React Router's server build
 * (`ssr: true`), whose route loaders ask the API. Their calls are answered in-process for the request being rendered:
 * the running request's API is found through AsyncLocalStorage, so two people's pages rendered at once never mix.
 */
export type PageRenderer = (request: Request, api: ServerApi) => Promise<Response>;

const requestApi = contextStorage<ServerApi>();

/**
 * Whether this request's page is rendered with its data: a partner's page always (its link is the key), the dashboard
 * and its sections only for a request that carries cookies (without any, the shell sends him to log in).
 */
export function rendersOnServer(path: string, hasCookies: boolean): boolean {
  return isPartnerViewPath(path) || (hasCookies && isServerRenderedPath(path));
}

/** React Router's server build in `buildDir`, or null for a build without one. */
export async function loadPageRenderer(buildDir: string, mode: string): Promise<PageRenderer | null> {
  const file = join(buildDir, "server", "index.js");
  if (!existsSync(file)) return null;
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler(build, mode);
  (globalThis as { [SERVER_API]?: ServerApi })[SERVER_API] = (input, init) => {
    const api = requestApi.getStore();
    return api ? api(input, init) : Promise.reject(new Error("An API call outside a page render."));
  };
  return (request, api) => requestApi.run(api, () => handler(request));
}
