import type { Context } from "hono";
import { paths } from "#shared/paths.ts";

/**
 * A one-click unsubscribe address (RFC 8058) opened in a browser, by a man who clicked it rather than his mail provider
 * posting it: 303 to the page with the button, which asks before it changes anything. His reminder lists and the
 * community digest share the page and this handler; each route documents its own address.
 */
export function toUnsubscribePage(c: Context) {
  const token = c.req.query("token") ?? "";
  return c.redirect(`${paths.unsubscribe}?token=${encodeURIComponent(token)}`, 303);
}
