import type { QuizResult } from "#shared/plan/contracts.ts";

/** The mission the plan states: the life mission, else the mission statement. */
export function lifeMissionText(result: QuizResult) {
  return result.lifeMission ?? result.missionStatement ?? "";
}

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
        <p className="mt-6 text-lg text-muted">{result.missionStatement}</p>
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
