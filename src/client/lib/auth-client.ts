/**
 * better-auth's REST endpoints under /api/auth, called with fetch. The server answers
 * errors as {error} (with the spec's copy where it has one); this module turns every
 * answer into ok/error so the screens only pick the wording of SPEC.md section 8.
 */

import { networkErrorMessage } from "./api.ts";

export type AuthResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string | null; code: string | null };

export async function callAuth<T>(path: string, body: unknown, init: RequestInit = {}): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      ...init,
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: networkErrorMessage, code: null };
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, data: data as T };
  const message =
    typeof data?.error === "string" ? data.error : typeof data?.message === "string" ? data.message : null;
  const code = typeof data?.code === "string" ? data.code : null;
  return { ok: false, status: response.status, message, code };
}

/** `keepalive` lets the request finish while the page unloads. */
export function signOut(options: { keepalive?: boolean } = {}) {
  return callAuth("/sign-out", {}, { keepalive: options.keepalive });
}
