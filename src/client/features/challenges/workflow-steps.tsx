import { useState } from "react";
import { Link } from "react-router";
import { useToday } from "#client/lib/use-today.ts";
import { quizResultsPath } from "#shared/paths.ts";
import type { Challenge } from "#shared/plan/contracts.ts";
import { sortMilestones, suggestedDeadline } from "#shared/plan/rules.ts";
import { ChallengeSetupCard } from "./challenge-setup-card.tsx";
import { MilestoneDeadline } from "./milestone-deadline.tsx";
import { missionStatementLabel } from "./mission-step.tsx";
import { SuggestedDates } from "./suggested-dates.tsx";

/**
 * The two workflow steps: 1 makes every text the user's own, 2 gives every milestone a due date. NEXT waits for
 * every description (as typed, before its autosave lands) on step 1 and for every date on step 2.
 */
export function WorkflowSteps({
  step,
  challenges,
  missionStatement,
  onBack,
  onNext,
}: {
  step: 1 | 2;
  challenges: Challenge[];
  missionStatement: string | null;
  onBack: () => void;
  onNext: () => void;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const milestones = challenges.flatMap((c) => c.milestones);
  const allDescribed = milestones.every((m) => (drafts[m.id] ?? m.milestoneDescription).trim() !== "");
  const allScheduled = milestones.every((m) => m.milestoneDeadline);
  // His calendar's today: the workflow loads in his browser, never in the server's render (no loader).
  const today = useToday(undefined);
  const suggested = new Map(milestones.map((m) => [m.id, suggestedDeadline(m.milestoneType, today)]));
  const unscheduled = milestones.flatMap((m) =>
    m.milestoneDeadline ? [] : [{ id: m.id, milestoneDeadline: suggested.get(m.id) ?? today }],
  );

  return (
    <main className="mx-auto max-w-3xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Step {step} of 2</p>
      <h1 className="mt-2 font-display text-4xl uppercase leading-[0.95] sm:text-5xl">
        {step === 1 ? "Make it yours" : "Commit to dates"}
      </h1>
      <p className="mt-3 text-muted">
        {step === 1
          ? "Rewrite anything that does not sound like you. Changes save as you type."
          : "A goal without a date is a wish. Pick a due date for every milestone."}
      </p>
      {step === 2 && <SuggestedDates pending={unscheduled} />}
      {missionStatement && step === 1 && (
        <p className="mt-5 rounded-xl border border-volt/30 bg-volt/5 p-4 text-sm">
          <span className="font-semibold text-volt">{missionStatementLabel}: </span>
          {missionStatement}
        </p>
      )}

      <div className="mt-8 space-y-6">
        {challenges.map((challenge, index) =>
          step === 1 ? (
            <ChallengeSetupCard
              key={challenge.id}
              challenge={challenge}
              number={index + 1}
              onDraftChange={(milestoneId, text) => setDrafts((d) => ({ ...d, [milestoneId]: text }))}
            />
          ) : (
            <section key={challenge.id} className="card" aria-labelledby={`deadlines-${challenge.id}`}>
              <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Challenge {index + 1}</p>
              <h2 id={`deadlines-${challenge.id}`} className="mt-1 text-xl font-bold">
                {challenge.title}
              </h2>
              <ol className="mt-4 space-y-3">
                {sortMilestones(challenge.milestones).map((milestone) => (
                  <MilestoneDeadline
                    key={milestone.id}
                    milestone={milestone}
                    suggested={suggested.get(milestone.id) ?? today}
                    challenge={{ number: index + 1, title: challenge.title }}
                  />
                ))}
              </ol>
            </section>
          ),
        )}
      </div>

      <div className="mt-8 flex flex-col gap-2">
        {step === 1 && !allDescribed && (
          <p className="text-center text-sm text-muted sm:text-right">Every milestone needs a description.</p>
        )}
        {step === 2 && !allScheduled && (
          <p className="text-center text-sm text-muted sm:text-right">
            Every milestone needs a due date: confirm the suggested ones above, or choose your own.
          </p>
        )}
        <div className="flex gap-3 sm:justify-end">
          <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={onBack}>
            BACK
          </button>
          <button
            type="button"
            className="btn-primary flex-[2] sm:flex-none"
            disabled={step === 1 ? !allDescribed : !allScheduled}
            onClick={onNext}
          >
            NEXT
          </button>
        </div>
      </div>
    </main>
  );
}

export function NoAcceptedChallenges() {
  return (
    <main className="mx-auto max-w-xl px-5 py-16 text-center">
      <h1 className="font-display text-4xl uppercase">No accepted challenges found</h1>
      <p className="mt-3 text-muted">Accept at least one challenge on your results to set it up.</p>
      <Link to={quizResultsPath({ step: 2 })} className="btn-primary mt-8">
        Back to results
      </Link>
    </main>
  );
}
