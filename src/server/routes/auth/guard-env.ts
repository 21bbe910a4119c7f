import type { Context } from "hono";
import type { AppEnv } from "#server/context.ts";
import type { AuthEndpoint } from "./endpoints.ts";

/** What the guard's steps learn about one request and hand on to the next ones (Hono's per-request variables). */
type GuardVariables = {
  /** The row of `authEndpoints` this request is for. */
  endpoint: AuthEndpoint;
  /** Its path under /api/auth, e.g. "/sign-in/email". */
  authPath: string;
  /** The client's address (the socket's, or the X-Forwarded-For entry of the outermost trusted proxy); null in-process. */
  clientIp: string | null;
  /** The body as read (`readBody`), then as checked (`checkInput`): sent to better-auth as JSON. Unset: unread. */
  input: Record<string, unknown> | undefined;
  /** The address the body names, trimmed and lower-cased, when it names one. */
  email: string | null;
  /** The request better-auth will get, as the steps shape it (the client IP header, the link landing, the raw body). */
  forward: { url: URL; headers: Headers; body?: string };
};

export type GuardEnv = AppEnv & { Variables: GuardVariables };

/** The request for better-auth: the original one as the steps have shaped it, with the checked body as JSON. */
export function betterAuthRequest(c: Context<GuardEnv>): Request {
  const forward = c.get("forward");
  const input = c.get("input");
  const headers = new Headers(forward.headers);
  let body = forward.body;
  if (input) {
    body = JSON.stringify(input);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
  }
  return new Request(forward.url, { method: c.req.method, headers, body });
}
