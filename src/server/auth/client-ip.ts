import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address a request came from. Behind a proxy (TRUST_PROXY=true) that is the last
 * X-Forwarded-For entry: the one our proxy appended, which a client cannot forge (any
 * earlier entries are whatever the client sent). Without a proxy it is the socket's peer.
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last && isIP(last)) return normalizeIp(last);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeIp(address) : null;
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return null;
  }
}

/**
 * IPv4-mapped IPv6 becomes plain IPv4; other IPv6 addresses collapse to their /64,
 * since one household or server usually holds a whole /64 and could rotate within it.
 */
export function normalizeIp(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith("::ffff:") && isIP(lower.slice(7)) === 4) return lower.slice(7);
  if (isIP(lower) !== 6) return lower;
  const [head = "", tail = ""] = lower.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = lower.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : lower.split(":");
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
