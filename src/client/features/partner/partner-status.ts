import { format } from "date-fns";
import type { PartnerSummary } from "#shared/partners/contracts.ts";
import { INVITATION_EXPIRY_DAYS } from "#shared/partners/rules.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** 'just now', '5 minutes ago', '3 hours ago', '2 days ago'; past a month, the day ('on Mar 1'). */
export function timeAgo(iso: string, now: Date) {
  const then = new Date(iso);
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), "minute")} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), "hour")} ago`;
  if (elapsed < 30 * DAY) return `${plural(Math.floor(elapsed / DAY), "day")} ago`;
  return `on ${format(then, then.getFullYear() === now.getFullYear() ? "MMM d" : "MMM d, yyyy")}`;
}

/** The one line under a partner's name: where the invitation stands, in his words. */
export function partnerStatusLine(partner: PartnerSummary, now: Date) {
  const name = partner.firstName;
  switch (partner.status) {
    case "invited":
      return `Waiting for ${name} to confirm`;
    case "expired":
      return "Expired";
    case "accepted":
      return partner.lastViewedAt
        ? `${name} is keeping an eye on your plan · last looked ${timeAgo(partner.lastViewedAt, now)}`
        : `${name} is keeping an eye on your plan`;
  }
}

/** Settings' second line: when the link went out and, while it waits, how long it has left. */
export function invitationDetail(partner: PartnerSummary, now: Date) {
  const sent = `Link sent ${timeAgo(partner.invitedAt, now)}`;
  if (partner.status !== "invited") return sent;
  const left = Math.ceil((new Date(partner.invitedAt).getTime() + INVITATION_EXPIRY_DAYS * DAY - now.getTime()) / DAY);
  return left > 0 ? `${sent} · expires in ${plural(left, "day")}` : sent;
}

/** Settings' 'last opened' line. */
export function lastOpened(partner: PartnerSummary, now: Date) {
  return partner.lastViewedAt ? `Last opened ${timeAgo(partner.lastViewedAt, now)}` : "Not opened yet";
}
