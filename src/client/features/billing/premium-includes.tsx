import { plans } from "#shared/billing/plans.ts";

const perks = [
  {
    title: `${plans.premium_monthly.maxActiveChallenges} active challenges`,
    text: "Work on up to three challenges at once instead of one.",
  },
  { title: "Unlimited tokens", text: "Turn every milestone into todos without counting tokens." },
  { title: "Unlimited quiz retakes", text: "Retake the quiz whenever life moves on, at no cost." },
] as const;

/** What Premium adds to the free plan (SPEC.md section 6). */
export function PremiumIncludes({ title }: { title: string }) {
  return (
    <section aria-labelledby="includes-heading">
      <h2 id="includes-heading" className="font-display text-2xl uppercase tracking-wide sm:text-3xl">
        {title}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {perks.map((perk) => (
          <li key={perk.title} className="rounded-2xl border border-line bg-surface-2/60 p-4">
            <p className="font-bold">
              <span aria-hidden="true" className="mr-1.5 text-volt">
                ✦
              </span>
              {perk.title}
            </p>
            <p className="mt-1 text-sm text-muted">{perk.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
