import type { QuizResult } from "#shared/plan/contracts.ts";

/** The mission the plan states: the life mission, else the mission statement. */
export function lifeMissionText(result: QuizResult) {
  return result.lifeMission ?? result.missionStatement ?? "";
}

/**
 * The first-person sentence he says out loud (mission_statement), named the same on every screen that shows it, so it
 * never reads as a second version of his life mission ("To build…" beside "I build…", issue 35; decision 0123).
 */
export const missionStatementLabel = "My Mission Statement";

/** Results step 1: 'This is your path.' with the proposed life mission. */
export function MissionStep({ result, onNext }: { result: QuizResult; onNext: () => void }) {
  const mission = lifeMissionText(result);
  return (
    <main className="mx-auto flex max-w-2xl flex-col px-5 pt-10 pb-16 sm:pt-16">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Your mission</p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95] sm:text-6xl">This is your path.</h1>
      <blockquote className="mt-8 border-l-4 border-volt pl-5 text-2xl font-semibold leading-snug sm:text-3xl">
        {mission}
      </blockquote>
      {result.missionStatement && result.missionStatement !== mission && (
        <div className="mt-6">
          <p className="text-xs font-semibold uppercase tracking-wider text-volt">{missionStatementLabel}</p>
          <p className="mt-1 text-lg text-muted">{result.missionStatement}</p>
        </div>
      )}
      {result.vision && (
        <div className="card mt-8">
          <p className="text-xs font-semibold uppercase tracking-wider text-volt">Vision</p>
          <p className="mt-2">{result.vision}</p>
        </div>
      )}
      <button type="button" className="btn-primary mt-10 w-full sm:w-auto sm:self-end" onClick={onNext}>
        NEXT
      </button>
    </main>
  );
}
