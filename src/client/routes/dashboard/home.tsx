import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { TokenDisplay } from "#client/components/token-display.tsx";
import { workflowQuery } from "#client/features/challenges/api/workflow.ts";
import { ShareWinPrompt } from "#client/features/community/feed/share-win-prompt.tsx";
import { AddChallengeCard } from "#client/features/dashboard/add-challenge.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { ChallengeOverview } from "#client/features/dashboard/challenge-overview.tsx";
import { EmptyChallenges } from "#client/features/dashboard/empty-challenges.tsx";
import { MissionBanner } from "#client/features/dashboard/mission-banner.tsx";
import { NextStep } from "#client/features/dashboard/next-step.tsx";
import { resumePath } from "#client/features/dashboard/resume-path.ts";
import { previewFromWorkflow } from "#client/features/dashboard/workflow-preview.ts";
import { streakQuery } from "#client/features/insights/api/insights.ts";
import { StreakCard } from "#client/features/insights/streak-card.tsx";
import { onboardingQuery } from "#client/features/onboarding/api/onboarding.ts";
import { partnersQuery } from "#client/features/partner/api/partners.ts";
import { PartnerCard } from "#client/features/partner/partner-card.tsx";
import { PartnerCheers } from "#client/features/partner/partner-cheers.tsx";
import { ScreenTimeCard } from "#client/features/screen-time/screen-time-card.tsx";
import { stravaQuery, useStravaConnectable } from "#client/features/strava/api/strava.ts";
import { RunOffers } from "#client/features/strava/run-offers.tsx";
import { StravaConnectOption } from "#client/features/strava/strava-connect-option.tsx";
import { useStravaResult } from "#client/features/strava/use-strava-result.ts";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { useSession } from "#client/lib/session.ts";
import { useToday } from "#client/lib/use-today.ts";

/** Everything the home view shows, so it paints once and nothing moves after (issue 37). */
export const clientLoader = () => preload(dashboardQuery(), streakQuery(), partnersQuery());

/**
 * The same in the page the server renders; the dashboard itself comes with the frame's (layout.tsx). His Strava status
 * too: asked after hydration, it re-rendered the screen when the Strava offer came in, the dashboard's Lighthouse
 * blocking time from 100 to 330–530 ms (issue 55). The browser's loader leaves it out, as his offline copy does.
 */
export const loader = () => serverPreload(streakQuery(), partnersQuery(), stravaQuery());

export default function DashboardHome() {
  const preview = useWorkflowPreview();
  const dashboard = useQuery({ ...dashboardQuery(), placeholderData: preview });
  const data = dashboard.data;
  const challenges = data?.challenges ?? [];
  const today = useToday(data?.today);
  // Only an empty dashboard asks where onboarding stands, so a user with a plan loads it in one request.
  const empty = dashboard.isSuccess && !dashboard.isPlaceholderData && challenges.length === 0;
  const onboarding = useQuery({ ...onboardingQuery(), enabled: empty });
  useStravaResult();
  // A running milestone's proof offers Strava while it is not connected (issue 56).
  const stravaConnectable = useStravaConnectable();

  if (dashboard.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (dashboard.isError) {
    // SPEC section 8: load errors are logged and the dashboard shows empty lists.
    console.error("Dashboard load failed", dashboard.error);
  }
  if (empty) {
    if (onboarding.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
    const resume = onboarding.data ? resumePath(onboarding.data) : null;
    if (resume) return <Navigate to={resume.to} state={resume.state} replace />;
  }

  const locked = dashboard.isPlaceholderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-5 pt-8 pb-16 sm:px-8 sm:pt-12">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1 className="mt-2 font-display text-4xl uppercase leading-none sm:text-5xl">
            {data?.firstName ? `Let's go, ${data.firstName}` : "Let's go"}
          </h1>
        </div>
        {data && !locked && (
          // The sidebar shows the balance from 768 px on; below it, the phone menu hides it, so it shows here.
          <p className="rounded-full border border-line bg-surface px-3.5 py-1.5 text-sm font-semibold md:hidden">
            <span aria-hidden="true" className="mr-1.5 text-volt">
              ✦
            </span>
            <TokenDisplay tokens={data.tokens} />
          </p>
        )}
      </div>
      {/* Issue 56: a run Strava sent, offered as proof of a due running milestone, asks first. */}
      {locked ? null : <RunOffers className="mt-6" />}
      {/* Issue 53 rows 3 and 7: what to do next comes first on a phone, before the mission he already knows. */}
      {data?.addChallenge && !locked ? <AddChallengeCard add={data.addChallenge} className="mt-6" /> : null}
      <NextStep challenges={challenges} today={today} locked={locked} />
      <div className="mt-6">
        <MissionBanner mission={data?.mission ?? null} />
      </div>
      {locked ? null : <PartnerCheers />}
      {locked || challenges.length === 0 ? null : <StreakCard />}
      {/* A dashboard kept offline by an earlier version has no screen time yet: the card waits for the server's. */}
      {data?.screenTime && !locked ? <ScreenTimeCard summary={data.screenTime} today={today} /> : null}
      <section aria-labelledby="challenges-heading" className="mt-10">
        <h2 id="challenges-heading" className="font-display text-2xl uppercase tracking-wide sm:text-3xl">
          Your challenges
        </h2>
        {challenges.length === 0 ? (
          <EmptyChallenges />
        ) : (
          <div className="mt-4 space-y-6">
            {challenges.map((challenge, index) => (
              <ChallengeOverview
                key={challenge.id}
                challenge={challenge}
                number={index + 1}
                today={today}
                tokens={data?.tokens ?? { remaining: 0, unlimited: false }}
                locked={locked}
                runningProofExtra={
                  stravaConnectable ? (
                    <StravaConnectOption
                      returnTo="/dashboard"
                      text="Ran it with a watch or app? Connect Strava and your runs arrive by themselves."
                    />
                  ) : null
                }
              />
            ))}
          </div>
        )}
      </section>
      {locked ? null : <PartnerCard />}
      {/* Issue 40: a member who completes a milestone is offered to share it, never made to. */}
      <ShareWinPrompt />
    </main>
  );
}

/**
 * Arriving from the workflow (navigation state `fromWorkflow`), its cached challenges show at once while the
 * dashboard loads; the state is then cleared so a reload or a return visit loads the dashboard alone.
 */
function useWorkflowPreview() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const fromWorkflow = (location.state as { fromWorkflow?: boolean } | null)?.fromWorkflow === true;
  const [preview] = useState(() => {
    const workflow = fromWorkflow ? queryClient.getQueryData(workflowQuery().queryKey) : undefined;
    return workflow ? previewFromWorkflow(workflow, user?.firstName ?? "") : undefined;
  });
  useEffect(() => {
    if (fromWorkflow) navigate(location.pathname, { replace: true, state: null });
  }, [fromWorkflow, navigate, location.pathname]);
  return preview;
}
