import { useId } from "react";
import type { PlanView } from "#shared/billing/contracts.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import { isPaidPlan, yearlyFiguresOf } from "./plan-facts.ts";
import { formatEuros, intervalLabel } from "./pricing.ts";

/** One card per plan, in the server's order (by price); paid cards open the payment modal on their plan. */
export function PlanCards({
  plans,
  currentPlanId,
  onChoose,
}: {
  plans: PlanView[];
  currentPlanId: string;
  onChoose: (planId: PaidPlanId) => void;
}) {
  return (
    <ul className="grid gap-4 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id} className="flex">
          <PlanCard plan={plan} plans={plans} current={plan.id === currentPlanId} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  plans,
  current,
  onChoose,
}: {
  plan: PlanView;
  plans: PlanView[];
  current: boolean;
  onChoose: (planId: PaidPlanId) => void;
}) {
  const nameId = useId();
  const yearly = yearlyFiguresOf(plan, plans);
  const interval = intervalLabel(plan);
  const highlighted = yearly !== null;
  return (
    <article
      aria-labelledby={nameId}
      data-testid={`plan-${plan.id}`}
      className={`card flex w-full flex-col ${highlighted ? "border-volt/60 bg-volt/5" : ""}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={nameId} className="text-lg font-bold">
          {plan.name}
        </h2>
        {yearly?.percentOff ? (
          <span className="rounded-full bg-volt px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-ink">
            {yearly.percentOff}% off
          </span>
        ) : null}
        {current ? (
          <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-muted">
            Current plan
          </span>
        ) : null}
      </div>

      <div className="mt-4">
        {yearly ? (
          <p className="text-muted">
            <span className="sr-only">Instead of </span>
            <s>{formatEuros(yearly.crossedOut)}</s>
          </p>
        ) : null}
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="font-display text-4xl tracking-wide sm:text-5xl lg:text-4xl">{formatEuros(plan.price)}</span>
          <span className="text-sm text-muted">{interval ?? "forever"}</span>
        </p>
        {yearly ? (
          <p className="mt-1 text-sm font-semibold text-volt">
            <span>{formatEuros(yearly.perMonth)} / month</span>, billed yearly
          </p>
        ) : null}
      </div>

      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-volt">
              ✓
            </span>
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      {isPaidPlan(plan) ? (
        <button
          type="button"
          className={`${highlighted ? "btn-primary" : "btn-secondary"} mt-6 w-full px-4 lg:px-2 lg:text-sm lg:tracking-wide`}
          aria-describedby={nameId}
          onClick={() => onChoose(plan.id)}
        >
          Upgrade to Premium
        </button>
      ) : null}
    </article>
  );
}
