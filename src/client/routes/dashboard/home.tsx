import { Link } from "react-router";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { ChallengeOverview } from "../../features/dashboard/challenge-overview.tsx";
import { useDashboard } from "../../features/dashboard/dashboard-api.ts";
import { MissionBanner } from "../../features/dashboard/mission-banner.tsx";

export default function DashboardHome() {
  const dashboard = useDashboard();
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

function EmptyChallenges() {
  return (
    <div className="card mt-4 text-center">
      <h3 className="text-xl font-bold">No Challenges Found</h3>
      <ol className="mx-auto mt-3 max-w-md list-decimal space-y-1 pl-5 text-left text-muted">
        <li>Accept at least one challenge in your results screen.</li>
        <li>Complete the challenge workflow.</li>
        <li>Set a deadline for each milestone.</li>
      </ol>
      <Link to="/quiz/results" className="btn-primary mt-6">
        Go to my results
      </Link>
    </div>
  );
}
