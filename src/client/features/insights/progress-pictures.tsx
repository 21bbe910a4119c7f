import { useQuery } from "@tanstack/react-query";
import { ErrorBox } from "#client/components/error-box.tsx";
import { ActivityGrid } from "./activity-grid.tsx";
import { insightsQuery } from "./api/insights.ts";
import { DeadlineChart } from "./deadline-chart.tsx";
import { ProgressChart } from "./progress-chart.tsx";
import { StreakDots, StreakLegend, StreakSummary } from "./streak-card.tsx";

/**
 * The insights page's pictures (issue 27): the streak with its twelve weeks, the activity grid, progress per challenge
 * and the deadlines kept, all dated on his clock. Only the insights route imports this, so the chart library loads
 * with that page and nowhere else (decision 0109).
 */
export function ProgressPictures() {
  const insights = useQuery(insightsQuery());
  if (insights.isPending) {
    return (
      <p className="card text-muted" role="status">
        Loading your progress...
      </p>
    );
  }
  const data = insights.data;
  if (!data) {
    return (
      <div className="card">
        <ErrorBox message={insights.error?.message} />
        <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" onClick={() => insights.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <section aria-labelledby="insights-streak-heading" className="card" data-testid="insights-streak">
        <StreakSummary streak={data.streak} headingId="insights-streak-heading" />
        <div className="mt-4 space-y-3">
          <StreakDots weeks={data.streak.recent} size="lg" />
          <StreakLegend />
        </div>
      </section>
      <ActivityGrid weeks={data.activity} />
      <ProgressChart progress={data.progress} />
      <DeadlineChart record={data.deadlines} />
      <p className="text-xs text-muted">Days and weeks follow your time zone ({data.timeZone}).</p>
    </div>
  );
}
