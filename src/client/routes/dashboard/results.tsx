import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { RetakeQuizDialog } from "#client/components/retake-quiz-dialog.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { insightsQuery } from "#client/features/insights/api/insights.ts";
import { InsightCards } from "#client/features/insights/insight-cards.tsx";
import { ProgressPictures } from "#client/features/insights/progress-pictures.tsx";
import { RunCard } from "#client/features/insights/run-card.tsx";
import { onboardingQuery } from "#client/features/onboarding/api/onboarding.ts";
import { latestQuizQuery } from "#client/features/quiz/api/latest-quiz.ts";
import { screenTimeQuery } from "#client/features/screen-time/api/screen-time.ts";
import { ScreenTimeChart } from "#client/features/screen-time/screen-time-chart.tsx";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { quizEditPath } from "#shared/paths.ts";

export const clientLoader = () =>
  preload(dashboardQuery(), latestQuizQuery(), onboardingQuery(), insightsQuery(), screenTimeQuery());

/** The same in the page the server renders; the dashboard itself comes with the frame's (layout.tsx). */
export const loader = () => serverPreload(latestQuizQuery(), onboardingQuery(), insightsQuery(), screenTimeQuery());

/**
 * /dashboard/results: his weeks in pictures (issue 27), the Insights of the latest plan, and the way to retake the quiz
 * that made it. The pictures come first: the page is for a glance before it is for reading.
 */
export default function Insights() {
  const dashboard = useQuery(dashboardQuery());
  const latest = useQuery(latestQuizQuery());
  const run = useQuery(onboardingQuery()).data?.runValidation;
  const [confirmRetake, setConfirmRetake] = useState(false);
  const navigate = useNavigate();
  const response = latest.data?.response;
  // Only an analyzed run has a plan to replace; a run in progress is resumed from the quiz, not retaken.
  const retakeId = response?.status === "analyzed" ? response.id : null;

  return (
    <DashboardPage
      eyebrow="Insights"
      title="Your insights"
      intro="Your weeks at a glance, then what your answers revealed: the mission you are working toward and how you will get there."
    >
      <ProgressPictures />
      <ScreenTimeChart />
      <div className="mt-10">
        <InsightCards isPending={dashboard.isPending} mission={dashboard.data?.mission ?? null} />
      </div>
      {run && <RunCard run={run} />}
      {retakeId ? (
        <section aria-labelledby="retake-heading" className="mt-10 rounded-2xl border border-line bg-surface-2/60 p-5">
          <h2 id="retake-heading" className="text-lg font-bold">
            Life moved on?
          </h2>
          <p className="mt-1 text-sm text-muted">
            Retake the quiz with your earlier answers filled in, and get a mission and challenges that fit where you are
            now.
          </p>
          <button type="button" className="btn-secondary mt-4" onClick={() => setConfirmRetake(true)}>
            RETAKE QUIZ
          </button>
        </section>
      ) : null}
      <RetakeQuizDialog
        open={confirmRetake}
        onClose={() => setConfirmRetake(false)}
        onConfirm={() => retakeId && navigate(quizEditPath(retakeId))}
      />
    </DashboardPage>
  );
}
