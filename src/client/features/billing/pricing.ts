import type { PlanView } from "#shared/billing/contracts.ts";
import { thousands } from "#shared/numbers.ts";

/** Euros to whole cents, so 1.2 × 115.20 is 138.24 rather than 138.23999999999998. */
function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * SPEC.md section 9: prices in euros, shown as €12.00, €115.20, €1,234.50. Written out rather than with
 * Intl.NumberFormat, whose first use loads the locale data as the premium page starts (`thousands`, decision 0141).
 */
export function formatEuros(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && cents > 0 ? "-" : "";
  return `${sign}€${thousands(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** What the yearly card shows beside its price. */
export type YearlyFigures = {
  /** SPEC.md section 9: the crossed-out price is 1.2 times the yearly price. */
  crossedOut: number;
  /** The yearly price divided by 12, to 2 decimals. */
  perMonth: number;
  /** The saving against twelve monthly payments, in whole percent (20 for €115.20 against €12). */
  percentOff: number | null;
};

export function yearlyFigures(yearlyPrice: number, monthlyPrice: number | null): YearlyFigures {
  const percentOff =
    monthlyPrice && monthlyPrice > 0 ? Math.round((1 - yearlyPrice / (monthlyPrice * 12)) * 100) : null;
  return {
    crossedOut: toCents(yearlyPrice * 1.2),
    perMonth: toCents(yearlyPrice / 12),
    percentOff: percentOff !== null && percentOff > 0 ? percentOff : null,
  };
}

/** '/ month', '/ year', or nothing for the free plan. */
export function intervalLabel(plan: Pick<PlanView, "billingInterval">): string | null {
  if (plan.billingInterval === "month") return "/ month";
  if (plan.billingInterval === "year") return "/ year";
  return null;
}
