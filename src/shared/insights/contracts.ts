import type { ActivityWeek, DeadlineRecord } from "./rules.ts";
import type { Streak } from "./streak.ts";

/** One line of the progress chart: an accepted challenge's progress (0–100) at the end of each of the weeks. */
export type ChallengeProgressLine = { id: string; title: string; points: number[] };

/**
 * GET /api/insights: what the insights page draws, dated on his clock (`timeZone`: his reminder time zone, UTC until
 * his browser has told it). `progress.weeks` are the Mondays the points belong to: `activity`'s weeks from the one he
 * signed up in (issue 35 row 9).
 */
export type Insights = {
  timeZone: string;
  today: string;
  streak: Streak;
  activity: ActivityWeek[];
  progress: { weeks: string[]; challenges: ChallengeProgressLine[] };
  deadlines: DeadlineRecord;
};

export const insightsMessages = {
  loadFailed: "Could not load your insights. Please try again.",
} as const;
