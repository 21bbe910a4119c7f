import type { PlanView } from "#shared/billing/contracts.ts";
import { type PaidPlanId, paidPlanIds } from "#shared/billing/plans.ts";
import { type YearlyFigures, yearlyFigures } from "./pricing.ts";

export function isPaidPlan(plan: PlanView): plan is PlanView & { id: PaidPlanId } {
  return paidPlanIds.some((id) => id === plan.id);
}

/** The yearly figures of a plan billed yearly, compared with the monthly plan of the same list; null otherwise. */
export function yearlyFiguresOf(plan: PlanView, plans: PlanView[]): YearlyFigures | null {
  if (plan.billingInterval !== "year") return null;
  const monthly = plans.find((p) => p.billingInterval === "month");
  return yearlyFigures(plan.price, monthly?.price ?? null);
}
