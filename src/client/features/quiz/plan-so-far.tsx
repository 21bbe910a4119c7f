import type { PlanPreview } from "#shared/quiz/contracts.ts";
import { PLAN_CHALLENGES } from "#shared/quiz/rules.ts";

/**
 * The plan as it is written (issue 28): the life mission once it is whole, then each challenge as it completes, the
 * ones still being written as quiet placeholders. Parts arrive whole, so nothing on screen changes once shown.
 */
export function PlanSoFar({ preview }: { preview: PlanPreview | null }) {
  if (!preview?.mission) return null;
  const waiting = Math.max(0, PLAN_CHALLENGES - preview.challenges.length);
  return (
    <section aria-labelledby="plan-so-far-heading" className="mt-8" data-testid="plan-so-far">
      <h2 id="plan-so-far-heading" className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">
        Your plan so far
      </h2>
      <article className="card mt-3 border-volt/40 motion-safe:animate-fade-up" data-testid="preview-mission">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Your life mission</p>
        <p className="mt-2 text-lg font-semibold leading-snug">{preview.mission.lifeMission}</p>
      </article>
      <ol className="mt-3 space-y-3" aria-label="Your challenges so far">
        {preview.challenges.map((challenge, index) => (
          // A challenge once shown never changes or moves: its place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
          <li key={index} className="card motion-safe:animate-fade-up" data-testid="preview-challenge">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Challenge {index + 1}</p>
            <h3 className="mt-1 font-semibold">{challenge.title}</h3>
            <p className="mt-1 text-sm text-muted">{challenge.description}</p>
          </li>
        ))}
        {Array.from({ length: waiting }, (_, i) => (
          // Placeholders keep the page from jumping when a challenge lands; screen readers hear the progress line.
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            key={i}
            aria-hidden="true"
            className="card h-24 motion-safe:animate-pulse bg-surface-2/40"
          />
        ))}
      </ol>
    </section>
  );
}

/** One calm line on where the writing stands, read out politely as it changes. */
export function progressLine(preview: PlanPreview | null, done: boolean): string {
  if (done) return "Your life mission, three challenges and their milestones are waiting.";
  if (!preview?.mission) return "Processing takes under a minute.";
  const written = preview.challenges.length;
  if (written < PLAN_CHALLENGES)
    return `Your life mission is written. Writing challenge ${written + 1} of ${PLAN_CHALLENGES}…`;
  return "Your three challenges are written. Setting their milestones…";
}
