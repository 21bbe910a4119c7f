import { format } from "date-fns";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * When a comment was written, in the words the partner cards use ("3 hours ago", "on Nov 2"): the same phrasing across
 * the app. Features do not share code, so the few lines are repeated here.
 */
export function timeAgo(iso: string, now: Date = new Date()) {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return "";
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), "minute")} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), "hour")} ago`;
  if (elapsed < 30 * DAY) return `${plural(Math.floor(elapsed / DAY), "day")} ago`;
  return `on ${format(then, then.getFullYear() === now.getFullYear() ? "MMM d" : "MMM d, yyyy")}`;
}
