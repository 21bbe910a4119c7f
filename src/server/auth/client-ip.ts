import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address a request came from. Without proxies (`trustedProxyHops` 0) that is the socket's peer. Behind N proxies
 * (TRUST_PROXY=true, TRUST_PROXY_HOPS=N) each appends the address it was reached from to X-Forwarded-For, so the
 * client is the Nth entry from the right: entries further left are whatever the client sent. E.g. CDN -> HAProxy ->
 * app: "<client>, <CDN edge>", two hops, the client is the second from the right.
 *
 * Fewer entries than hops means the request skipped a proxy that should have appended (someone reached an inner proxy
 * directly, or a proxy is set up not to append): then only the last entry is certain, appended by the proxy the socket
 * comes from, and it is the one used. Any other entry might be the client's own word, which would let him pick a fresh
 * address per request and walk past every per-address limit; the last one at worst groups clients behind an outer
 * proxy (docs/security.md).
 */
export function clientIp(c: Context, trustedProxyHops: number): string | null {
  if (trustedProxyHops > 0) {
    const entries = c.req.header("x-forwarded-for")?.split(",") ?? [];
    const entry = (entries.length >= trustedProxyHops ? entries.at(-trustedProxyHops) : entries.at(-1))?.trim();
    if (entry && isIP(entry)) return normalizeIp(entry);
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
