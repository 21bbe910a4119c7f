import { CHALLENGE_RULES } from "#client/lib/run-rules.ts";

const advice = [
  "Start slower than feels right: the clock is the goal, not the pace.",
  "Plan a loop close to home so stopping early is never the easy option.",
  "Drink water beforehand and eat something light an hour before.",
  "When your head says stop, keep moving for one more minute. Then another.",
];

export function RunRules() {
  return (
    <section aria-labelledby="rules-heading" className="card">
      <h2 id="rules-heading" className="font-display text-2xl uppercase tracking-wide">
        The rules
      </h2>
      <ol className="mt-4 space-y-3">
        {CHALLENGE_RULES.map((rule, index) => (
          <li key={rule.title} className="flex gap-3">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-volt font-bold text-ink text-sm">
              {index + 1}
            </span>
            <p>
              <span className="font-semibold">{rule.title}.</span> <span className="text-muted">{rule.detail}</span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RunAdvice() {
  return (
    <section aria-labelledby="advice-heading" className="card">
      <h2 id="advice-heading" className="font-display text-2xl uppercase tracking-wide">
        How to make it
      </h2>
      <ul className="mt-4 space-y-2 text-muted">
        {advice.map((line) => (
          <li key={line} className="flex gap-3">
            <span aria-hidden="true" className="text-volt">
              →
            </span>
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
