import { hc } from "hono/client";
import type { ApiType } from "#server/app.ts";
import { serverApi } from "#shared/server-api.ts";

/**
 * Typed client over the server's routes (type-only import: no server code reaches the bundle). While the server
 * renders a signed-in screen its calls are answered in-process, for that request's user (shared/server-api.ts).
 */
export const api = hc<ApiType>("/api", {
  init: { credentials: "same-origin" },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => (serverApi() ?? fetch)(input, init),
});

export const networkErrorMessage = "Network error. Check your connection and try again.";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's `code`, where the server gives one for the screen to branch on (e.g. a question to ask him). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Turns a non-OK response into an ApiError carrying the server's `{ error }` message. */
export async function unwrap<R extends Response>(
  request: Promise<R>,
  fallback: string,
): Promise<Awaited<ReturnType<R["json"]>>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError(networkErrorMessage, 0);
  }
  if (response.ok) return response.json();
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  const code = typeof body?.code === "string" ? body.code : undefined;
  throw new ApiError(typeof body?.error === "string" ? body.error : fallback, response.status, code);
}
