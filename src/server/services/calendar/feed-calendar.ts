import ical, { ICalCalendarMethod } from "ical-generator";
import { paths } from "../../../shared/paths.ts";
import type { Challenge } from "../../../shared/plan/contracts.ts";
import { milestoneLabels, sortMilestones } from "../../../shared/plan/rules.ts";
import type { Db } from "../../db/client.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { readPlanChallenges } from "../plan/plan-read.ts";

/** What the feed lists: the dashboard's challenges (accepted, of his current plan) with their dated milestones. */
export async function readCalendarChallenges(db: Db, userId: string): Promise<Challenge[]> {
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
export function feedCalendar(challenges: Challenge[], ctx: FeedContext): string {
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
        summary: `${done ? "✓ " : ""}${challenge.title}: ${label}`,
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
