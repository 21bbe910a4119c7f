import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { SERVER_API, type ServerApi } from "#shared/server-api.ts";

/**
 * Renders a signed-in screen to HTML with his data in it (issue 37, decision 0139): React Router's server build
 * (`ssr: true`), whose route loaders ask the API. Their calls are answered in-process for the request being rendered:
 * the running request's API is found through AsyncLocalStorage, so two people's pages rendered at once never mix.
 */
export type PageRenderer = (request: Request, api: ServerApi) => Promise<Response>;

const requestApi = new AsyncLocalStorage<ServerApi>();

/**
 * The pages rendered with their data: a partner's page (its link is the key) and, for a request with cookies, the
 * dashboard and its sections (without any, the shell sends him to log in). Everything else keeps the SPA shell.
 */
export function rendersOnServer(path: string, hasCookies: boolean): boolean {
  if (/^\/partner\/view\/[^/]+\/?$/i.test(path)) return true;
  return hasCookies && /^\/dashboard(\/|$)/i.test(path);
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
