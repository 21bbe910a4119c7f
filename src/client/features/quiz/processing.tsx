import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { generationProgress, quizMessages } from "#shared/quiz/rules.ts";
import { generationQuery, startGeneration } from "./api/generation.ts";
import { GenerationSteps } from "./generation-steps.tsx";
import { PlanSoFar, progressLine } from "./plan-so-far.tsx";
import { dotsIntervalMs, quoteIntervalMs, quotes } from "./quotes.ts";
import { useTicker } from "./use-ticker.ts";

/** Analysis in progress: the server's stages, rotating quotes, and SHOW RESULT once the plan is ready. */
export function Processing({ responseId, onShowResult }: { responseId: string; onShowResult: () => void }) {
  const generation = useQuery(generationQuery(responseId));
  const restarted = useRef(false);
  const status = generation.data?.status;

  // A run that never started (the start request was lost) is started now; generation is idempotent,
  // so this can never run twice or spend twice.
  useEffect(() => {
    if (status === "idle" && !restarted.current) {
      restarted.current = true;
      startGeneration(responseId).catch((error) => console.error("Failed to start generation", error));
    }
  }, [status, responseId]);

  const failed = status === "failed" || generation.isError;
  if (failed) return <ProcessingError />;

  const done = status === "done";
  const progress = generation.data ? generationProgress(generation.data) : 0;
  const preview = generation.data?.preview ?? null;

  return (
    <main className="mx-auto flex max-w-xl flex-col px-5 pt-10 pb-16 sm:pt-16">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">
        {done ? "Analysis complete" : "Analyzing"}
      </p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95]">
        {done ? "Your plan is ready" : <BuildingTitle />}
      </h1>
      <p className="mt-3 text-muted" aria-live="polite" data-testid="progress-line">
        {progressLine(preview, done)}
      </p>

      <div
        className="mt-8 h-2 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div
          className="h-full rounded-full bg-volt transition-all duration-700"
          style={{ width: `${Math.max(4, progress)}%` }}
        />
      </div>
      <PlanSoFar preview={preview} />
      <div className="card mt-6">
        <GenerationSteps stage={generation.data?.stage ?? null} done={done} />
      </div>
      {/* Quotes fill the wait while there is nothing of his to read; once his plan appears, it is the thing to read. */}
      {preview?.mission ? null : <RotatingQuote />}
      <button type="button" className="btn-primary mt-8 w-full" disabled={!done} onClick={onShowResult}>
        {done ? "SHOW RESULT" : "PREPARING YOUR RESULTS..."}
      </button>
    </main>
  );
}

function BuildingTitle() {
  const tick = useTicker(dotsIntervalMs);
  const dots = ".".repeat((tick % 3) + 1);
  return (
    <>
      Building your plan
      <span aria-hidden="true" className="inline-block w-[1.5ch] text-left">
        {dots}
      </span>
    </>
  );
}

// Tall enough for the longest quote and its credit (four lines on a phone), so the button below never jumps.
function RotatingQuote() {
  const tick = useTicker(quoteIntervalMs);
  const quote = quotes[tick % quotes.length] ?? quotes[0];
  return (
    <figure className="mt-8 min-h-36 border-l-2 border-volt pl-4 sm:min-h-28" data-testid="quote">
      <blockquote className="text-lg italic leading-snug">“{quote.text}”</blockquote>
      <figcaption className="mt-2 text-sm text-muted">— {quote.author}</figcaption>
    </figure>
  );
}

function ProcessingError() {
  return (
    <main className="mx-auto max-w-xl px-5 pt-16 pb-16 text-center" role="alert">
      <p
        className="mx-auto grid size-14 place-items-center rounded-full bg-danger/15 text-2xl text-danger"
        aria-hidden="true"
      >
        !
      </p>
      <h1 className="mt-5 font-display text-4xl uppercase">Something went wrong</h1>
      <p className="mt-3 text-muted">{quizMessages.generationFailed}</p>
      <Link to={paths.quiz} className="btn-primary mt-8">
        Try Again
      </Link>
    </main>
  );
}
