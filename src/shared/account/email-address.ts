/**
 * What an e-mail address names beyond its spelling (issue 41, decision 0115): the mailbox it reaches, so limits count
 * people and not spellings, and whether any mail system could ever deliver to it.
 */

/**
 * Providers that ignore dots in the local part, under every name they answer to: each maps to its one canonical
 * domain. Gmail documents both (sam.smith@gmail.com and samsmith@googlemail.com are one mailbox).
 */
const DOTLESS_PROVIDERS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * Top-level names no mail system can ever deliver to, because the DNS root will never hold them: RFC 2606 and 6761
 * (test, example, invalid, localhost), 6762 (local: multicast DNS), 7686 (onion), 8375 (home.arpa, and the rest of
 * arpa: infrastructure, no mailboxes), 9476 (alt), and internal (reserved by ICANN for private networks in 2024).
 * The second-level names example.com/.net/.org stay accepted: they are ordinary registered domains whose own DNS
 * refuses mail (a null MX), so a message to them bounces at once and reaches nobody; the test suites use them.
 */
const RESERVED_TOP_LEVEL = new Set([
  "test",
  "example",
  "invalid",
  "localhost",
  "local",
  "onion",
  "arpa",
  "alt",
  "internal",
]);

function split(email: string) {
  const at = email.lastIndexOf("@");
  // The domain as the DNS reads it: case-free, and a trailing dot (the absolute form) names the same domain.
  return {
    local: email.slice(0, at),
    domain: email
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.+$/, ""),
  };
}

/**
 * The mailbox an address reaches, as a counting key: lower case, the `+tag` of the local part dropped (every large
 * provider delivers sam+anything@ to sam@), quotes around a local part dropped, and for providers that ignore dots
 * the dots dropped and the domain made canonical. Never an address to send to: what he typed is kept for that.
 */
export function mailboxKey(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!trimmed.includes("@")) return trimmed;
  const { local: raw, domain } = split(trimmed);
  let local = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  const plus = local.indexOf("+");
  // A local part that is all tag ("+x@") keeps it: there is no mailbox name before it to reduce to.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_PROVIDERS[domain];
  if (dotless) return `${local.replaceAll(".", "")}@${dotless}`;
  return `${local}@${domain}`;
}

export type Undeliverable = "ipAddress" | "reservedDomain";

/**
 * Why no mail system could deliver to this address, or null: a domain that is an IP address (`x@[127.0.0.1]`,
 * `x@[IPv6:::1]`, or a bare dotted number such as `x@10.0.0.1`: no top-level domain is a number), or one under a
 * reserved top-level name. Expects an address that passed `isValidEmail`.
 */
export function undeliverableReason(email: string): Undeliverable | null {
  const { domain } = split(email.trim());
  if (domain.startsWith("[") || domain.endsWith("]")) return "ipAddress";
  const top = domain.split(".").at(-1) ?? "";
  if (/^\d+$/.test(top)) return "ipAddress";
  if (RESERVED_TOP_LEVEL.has(top)) return "reservedDomain";
  return null;
}
