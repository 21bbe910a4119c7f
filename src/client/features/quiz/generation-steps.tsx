import { Spinner } from "#client/components/spinner.tsx";
import type { GenerationStage } from "#shared/quiz/rules.ts";
import { generationStages } from "#shared/quiz/rules.ts";

const steps: { stage: Exclude<GenerationStage, "done">; label: string }[] = [
  { stage: "analyzing", label: "Reading your answers" },
  { stage: "mission", label: "Writing your life mission" },
  { stage: "challenges", label: "Designing your three challenges" },
  { stage: "milestones", label: "Setting your milestones" },
];

/**
 * The server's stages as a checklist: done ones ticked, the running one spinning. A stage names the step last
 * completed ("mission": the mission is written), except "analyzing", which the run starts in while the mission is
 * being written: his answers are read by then.
 */
export function GenerationSteps({ stage, done }: { stage: GenerationStage | null; done: boolean }) {
  const reached = done ? generationStages.length : stage ? Math.max(1, generationStages.indexOf(stage) + 1) : -1;
  return (
    <ol className="space-y-3" aria-label="Progress">
      {steps.map((step, index) => {
        const state = index < reached ? "done" : index === reached ? "active" : "waiting";
        return (
          <li key={step.stage} className="flex items-center gap-3" data-state={state}>
            <span className="grid size-6 place-items-center" aria-hidden="true">
              {state === "done" ? (
                <span className="grid size-6 place-items-center rounded-full bg-volt text-sm font-bold text-ink">
                  ✓
                </span>
              ) : state === "active" ? (
                <Spinner />
              ) : (
                <span className="size-2 rounded-full bg-line" />
              )}
            </span>
            <span className={state === "waiting" ? "text-muted" : "text-text"}>
              {step.label}
              <span className="sr-only">
                {" "}
                — {state === "done" ? "done" : state === "active" ? "in progress" : "waiting"}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
