import { differenceInCalendarDays, format } from "date-fns";
import { formatDistance } from "#shared/proof/rules.ts";
import type { StravaActivity } from "#shared/strava/contracts.ts";

/** Strava's sport_type in his words: "Run" → "run", "TrailRun" → "trail run", "EBikeRide" → "e-bike ride". */
export function sportWord(sport: string): string {
  const words = sport
    .replace(/^EBike/, "E-Bike")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.trim() || "activity";
}

function partOfDay(hour: number) {
  if (hour < 5) return "night";
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  if (hour < 22) return "evening";
  return "night";
}

/**
 * When he ran, as he would say it, on his own clock: "from this morning", "from last night", "from yesterday evening",
 * "on Tuesday" within the week, else "on 3 March". `now` is an input, so tests fix it.
 */
export function whenPhrase(startedAt: Date, now: Date): string {
  const days = differenceInCalendarDays(now, startedAt);
  const hour = startedAt.getHours();
  const part = partOfDay(hour);
  if (days <= 0) {
    if (part !== "night") return `from this ${part}`;
    return hour < 5 ? "from last night" : "from tonight";
  }
  if (days === 1) {
    if (hour >= 22) return "from last night";
    return part === "night" ? "from yesterday" : `from yesterday ${part}`;
  }
  if (days < 7) return `on ${format(startedAt, "EEEE")}`;
  return `on ${format(startedAt, "d MMMM")}`;
}

/** "Your 8.2 km run from this morning": the part of an offer that names the run (runOfferQuestion adds the rest). */
export function runPhrase(reading: { distanceMeters: number; startedAt: string }, now: Date, sport = "Run"): string {
  return `Your ${formatDistance(reading.distanceMeters)} ${sportWord(sport)} ${whenPhrase(new Date(reading.startedAt), now)}`;
}

/**
 * One arrived activity in the waiting list: "Your 12.0 km ride from 08:10" today, "from yesterday 08:10", "from
 * Tuesday 08:10". The distance only when it was read (a refused activity has no reading).
 */
export function arrivedPhrase(activity: StravaActivity, now: Date): string {
  const distance = activity.reading ? `${formatDistance(activity.reading.distanceMeters)} ` : "";
  const started = activity.startedAt ?? activity.reading?.startedAt ?? null;
  const what = `Your ${distance}${sportWord(activity.sport)}`;
  if (!started) return what;
  const at = new Date(started);
  const days = differenceInCalendarDays(now, at);
  const clock = format(at, "HH:mm");
  if (days <= 0) return `${what} from ${clock}`;
  if (days === 1) return `${what} from yesterday ${clock}`;
  return `${what} from ${format(at, days < 7 ? "EEEE" : "d MMMM")} ${clock}`;
}
