import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { Challenge } from "../../../shared/plan/contracts.ts";
import { sortMilestones } from "../../../shared/plan/rules.ts";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { ChallengeSetupCard } from "../../features/challenges/challenge-setup-card.tsx";
import { useWorkflow } from "../../features/challenges/challenges-api.ts";
import { MilestoneDeadline } from "../../features/challenges/milestone-deadline.tsx";
import { ApiError } from "../../lib/api.ts";

/** Everything comes from GET /api/workflow, so a reload at any step loses nothing. */
export default function ChallengeWorkflow() {
  const { id } = useParams();
  const workflow = useWorkflow();

  if (workflow.isPending) return <FullScreenMessage>Loading challenge...</FullScreenMessage>;
  if (workflow.isError) {
    if (workflow.error instanceof ApiError && workflow.error.status === 404) {
      return <FullScreenMessage>No data found.</FullScreenMessage>;
    }
    return <FullScreenMessage>Error: {workflow.error.message}</FullScreenMessage>;
  }
  if (!workflow.data.quizResponseId) return <FullScreenMessage>No data found.</FullScreenMessage>;
  if (workflow.data.challenges.length === 0) {
    return (
      <main className="mx-auto max-w-xl px-5 py-16 text-center">
        <h1 className="font-display text-4xl uppercase">No accepted challenges found</h1>
        <p className="mt-3 text-muted">Accept at least one challenge on your results to set it up.</p>
        <Link to="/quiz/results?step=2" className="btn-primary mt-8">
          Back to results
        </Link>
      </main>
    );
  }
  // The challenge picked on the results screen comes first; the others the user accepted follow.
  const challenges = [...workflow.data.challenges].sort((a, b) => Number(b.id === id) - Number(a.id === id));
  return <Steps challenges={challenges} missionStatement={workflow.data.missionStatement} />;
}

function Steps({ challenges, missionStatement }: { challenges: Challenge[]; missionStatement: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const step = params.get("step") === "2" ? 2 : 1;
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const milestones = challenges.flatMap((c) => c.milestones);
  const allDescribed = milestones.every((m) => (drafts[m.id] ?? m.milestoneDescription).trim() !== "");
  const allScheduled = milestones.every((m) => m.milestoneDeadline);

  function goToStep(next: 1 | 2) {
    setParams(
      (p) => {
        if (next === 2) p.set("step", "2");
        else p.delete("step");
        return p;
      },
      { replace: false },
    );
    window.scrollTo(0, 0);
  }

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
      {missionStatement && step === 1 && (
        <p className="mt-5 rounded-xl border border-volt/30 bg-volt/5 p-4 text-sm">
          <span className="font-semibold text-volt">Mission: </span>
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
                  <MilestoneDeadline key={milestone.id} milestone={milestone} />
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
          <p className="text-center text-sm text-muted sm:text-right">Every milestone needs a due date.</p>
        )}
        <div className="flex gap-3 sm:justify-end">
          <button
            type="button"
            className="btn-secondary flex-1 sm:flex-none"
            onClick={() => (step === 1 ? navigate("/quiz/setup", { state: { back: true } }) : goToStep(1))}
          >
            BACK
          </button>
          <button
            type="button"
            className="btn-primary flex-[2] sm:flex-none"
            disabled={step === 1 ? !allDescribed : !allScheduled}
            onClick={() => {
              if (step === 1) goToStep(2);
              else {
                queryClient.invalidateQueries({ queryKey: ["dashboard"] });
                navigate("/dashboard", { state: { fromWorkflow: true } });
              }
            }}
          >
            NEXT
          </button>
        </div>
      </div>
    </main>
  );
}
