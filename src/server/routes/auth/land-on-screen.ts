/**
 * A redirect to a screen of the app with `?error=CODE`, for a link a person clicked: he sees the screen's words, not a
 * JSON body. `retryAfterSeconds` when he is to wait.
 */
export function landOnScreen(screen: string, error: string, retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { location: `${screen}?error=${error}` };
  if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
  headers["cache-control"] = "no-store";
  return new Response(null, { status: 302, headers });
}
