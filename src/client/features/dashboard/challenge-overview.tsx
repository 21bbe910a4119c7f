import type { ReactNode } from "react";
import { ProgressBar } from "#client/components/progress-bar.tsx";
import type { Dashboard, DashboardChallenge } from "#shared/dashboard/contracts.ts";
import { challengeProgress, sortMilestones } from "#shared/plan/rules.ts";
import { MilestoneItem } from "./milestone-item.tsx";

/**
 * A challenge card: numbered from 1, its progress (SPEC.md section 9) and its three milestones in order.
 * `locked` while the cards shown come from the workflow and the dashboard itself is still loading.
 */
export function ChallengeOverview({
  challenge,
  number,
  today,
  tokens,
  locked = false,
  runningProofExtra,
}: {
  challenge: DashboardChallenge;
  number: number;
  /** His calendar day (useToday), for what is overdue. */
  today: string;
  tokens: Dashboard["tokens"];
  locked?: boolean;
  /** Shown in the proof area of a running milestone not done yet (the route's "Connect with Strava", issue 56). */
  runningProofExtra?: ReactNode;
}) {
  const progress = challengeProgress(sortMilestones(challenge.milestones));
  const complete = progress === 100;
  return (
    <article
      className={`card p-4 sm:p-6 ${complete ? "border-success/40" : ""}`}
      aria-labelledby={`dash-challenge-${challenge.id}`}
      data-testid="dashboard-challenge"
    >
      <div className="flex items-start gap-4">
        <span
          className={`grid size-11 shrink-0 place-items-center rounded-full font-display text-xl ${
            complete ? "bg-success text-ink" : "bg-volt text-ink"
          }`}
          aria-hidden="true"
        >
          {complete ? "✓" : number}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Challenge {number}</p>
          <h3 id={`dash-challenge-${challenge.id}`} className="mt-0.5 text-xl font-bold leading-snug sm:text-2xl">
            {challenge.title}
          </h3>
          <p className="mt-1.5 text-muted">{challenge.description}</p>
        </div>
      </div>
      <div className="mt-5">
        <ProgressBar value={progress} label={`Progress of challenge ${number}`} />
      </div>
      <ol className="mt-5 space-y-3" aria-label={`Milestones of challenge ${number}`}>
        {sortMilestones(challenge.milestones).map((milestone) => (
          <MilestoneItem
            key={milestone.id}
            milestone={milestone}
            challengeNumber={number}
            today={today}
            tokens={tokens}
            locked={locked}
            runningProofExtra={runningProofExtra}
          />
        ))}
      </ol>
    </article>
  );
}
