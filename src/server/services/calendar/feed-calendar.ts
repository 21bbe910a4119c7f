import ical, { ICalCalendarMethod } from "ical-generator";
import type { RateLimiter } from "#server/auth/rate-limit.ts";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { paths } from "#shared/paths.ts";
import type { Challenge } from "#shared/plan/contracts.ts";
import { milestoneLabels, sortMilestones } from "#shared/plan/rules.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { readPlanChallenges } from "../plan/plan-read.ts";
import { feedOwner } from "./feed-tokens.ts";

/** What the feed lists: the dashboard's challenges (accepted, of his current plan) with their dated milestones. */
async function readCalendarChallenges(db: Db, userId: string): Promise<Challenge[]> {
  const response = await latestAnalyzedResponse(db, userId);
  if (!response) return [];
  const accepted = await readPlanChallenges(db, userId, response.id, { acceptedOnly: true });
  return accepted
    .map((challenge) => ({
      ...challenge,
      milestones: sortMilestones(challenge.milestones.filter((m) => m.milestoneDeadline)),
    }))
    .filter((challenge) => challenge.milestones.length > 0);
}

type FeedContext = { appName: string; appUrl: string };

/**
 * The iCalendar text: one all-day event per dated milestone, on its due day (a deadline is the end of a UTC day,
 * SPEC.md section 9). The event id is the milestone's, so a moved deadline moves the event instead of adding one,
 * and a completed milestone stays in the calendar marked done.
 */
function feedCalendar(challenges: Challenge[], ctx: FeedContext): string {
  const dashboardUrl = new URL(paths.dashboard, ctx.appUrl).toString();
  const host = new URL(ctx.appUrl).hostname;
  const calendar = ical({
    name: `${ctx.appName}: your milestones`,
    description: `The due dates of your ${ctx.appName} milestones. Change them on your dashboard: ${dashboardUrl}`,
    prodId: { company: ctx.appName, product: "milestones", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    // Asks calendar apps to look for changed deadlines every hour; most choose their own interval anyway.
    ttl: 60 * 60,
  });
  for (const challenge of challenges) {
    for (const milestone of challenge.milestones) {
      if (!milestone.milestoneDeadline) continue;
      const label = milestoneLabels[milestone.milestoneType];
      const done = milestone.milestoneCompleted;
      calendar.createEvent({
        id: `${milestone.id}@${host}`,
        start: new Date(milestone.milestoneDeadline),
        allDay: true,
        // The step itself is what a calendar shows: "Build Furniture…: Short-term Milestone" told him nothing he had
        // to do that day (issue 53 row 14). Its type and challenge go in the notes.
        summary: `${done ? "✓ " : ""}${milestone.milestoneDescription}`,
        description: [
          done ? `${label} (completed)` : `${label}, due today`,
          milestone.milestoneDescription,
          `Challenge: ${challenge.title}`,
          challenge.description,
          `Open your dashboard: ${dashboardUrl}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
        url: dashboardUrl,
      });
    }
  }
  return calendar.toString();
}

type FeedFileDeps = {
  db: Db;
  limiter: Pick<RateLimiter, "consume">;
  appName: string;
  appUrl: string;
};

/**
 * GET /api/calendar/<token>.ics for calendar apps: no session, the token is the key. Unknown tokens count per IP
 * (guessing); known ones per feed, since calendar services share their IPs. Over the limit, or a token that opens
 * nothing, is a refusal of the catalog.
 */
export async function calendarFileOfToken(deps: FeedFileDeps, token: string, ip: string | null): Promise<string> {
  const owner = await feedOwner(deps.db, token);
  const verdict = owner
    ? await deps.limiter.consume("calendarFeed", { email: `calendar-feed:${owner}` })
    : await deps.limiter.consume("calendarFeed", { ip });
  if (!verdict.allowed)
    throw new DomainError("limit.tooManyRequests", { retryAfterSeconds: verdict.retryAfterSeconds });
  if (!owner) throw new DomainError("calendar.feedNotFound");
  return feedCalendar(await readCalendarChallenges(deps.db, owner), { appName: deps.appName, appUrl: deps.appUrl });
}
