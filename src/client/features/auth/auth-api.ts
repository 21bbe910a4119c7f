/**
 * better-auth's REST endpoints under /api/auth, called with fetch. The server answers
 * errors as {error} (with the spec's copy where it has one); this module turns every
 * answer into ok/error so the screens only pick the wording of SPEC.md section 8.
 */

export type AuthResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string | null; code: string | null };

async function call<T>(path: string, body: unknown, init: RequestInit = {}): Promise<AuthResult<T>> {
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
    return { ok: false, status: 0, message: "Network error. Check your connection and try again.", code: null };
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, data: data as T };
  const message =
    typeof data?.error === "string" ? data.error : typeof data?.message === "string" ? data.message : null;
  const code = typeof data?.code === "string" ? data.code : null;
  return { ok: false, status: response.status, message, code };
}

export function signUp(input: { firstName: string; email: string; password: string; acceptTerms: true }) {
  return call("/sign-up/email", {
    ...input,
    name: input.firstName,
    callbackURL: "/EmailConfirmed",
  });
}

export function signIn(input: { email: string; password: string }) {
  return call<{ user?: { id: string } | null }>("/sign-in/email", input);
}

/** `keepalive` lets the request finish while the page unloads. */
export function signOut(options: { keepalive?: boolean } = {}) {
  return call("/sign-out", {}, { keepalive: options.keepalive });
}

export function requestPasswordReset(email: string) {
  return call("/request-password-reset", { email, redirectTo: "/reset-password" });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return call("/reset-password", input);
}
