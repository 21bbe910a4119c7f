import { useQuery } from "@tanstack/react-query";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { dashboardQuery } from "../../features/dashboard/api/dashboard.ts";
import { ChallengeOverview } from "../../features/dashboard/challenge-overview.tsx";
import { EmptyChallenges } from "../../features/dashboard/empty-challenges.tsx";
import { MissionBanner } from "../../features/dashboard/mission-banner.tsx";

export default function DashboardHome() {
  const dashboard = useQuery(dashboardQuery());
  if (dashboard.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (dashboard.isError) {
    // SPEC section 8: load errors are logged and the dashboard shows empty lists.
    console.error("Dashboard load failed", dashboard.error);
  }
  const data = dashboard.data;
  const challenges = data?.challenges ?? [];
  return (
    <main className="mx-auto max-w-4xl px-5 pt-8 pb-16 sm:pt-12">
      <h1 className="font-display text-4xl uppercase leading-none sm:text-5xl">
        {data?.firstName ? `Let's go, ${data.firstName}` : "Dashboard"}
      </h1>
      <div className="mt-6">
        <MissionBanner mission={data?.mission ?? null} />
      </div>
      <section aria-labelledby="challenges-heading" className="mt-10">
        <h2 id="challenges-heading" className="font-display text-2xl uppercase tracking-wide">
          Your challenges
        </h2>
        {challenges.length === 0 ? (
          <EmptyChallenges />
        ) : (
          <div className="mt-4 space-y-5">
            {challenges.map((challenge, index) => (
              <ChallengeOverview key={challenge.id} challenge={challenge} number={index + 1} />
            ))}
          </div>
        )}
      </section>
    </main>
  );
}
