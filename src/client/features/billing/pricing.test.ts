import { describe, expect, test } from "vitest";
import { plans } from "#shared/billing/plans.ts";
import { formatEuros, intervalLabel, yearlyFigures } from "./pricing.ts";

describe("the plans page arithmetic (SPEC.md section 9)", () => {
  test("prices are euros with two decimals and a thousands separator", () => {
    expect(formatEuros(12)).toBe("€12.00");
    expect(formatEuros(115.2)).toBe("€115.20");
    expect(formatEuros(0)).toBe("€0.00");
    expect(formatEuros(1234.5)).toBe("€1,234.50");
    expect(formatEuros(1234567.891)).toBe("€1,234,567.89");
    expect(formatEuros(-12)).toBe("-€12.00");
  });

  test("yearly: 1.2 × the price crossed out, the price / 12 a month, 20% off twelve monthly payments", () => {
    const figures = yearlyFigures(plans.premium_yearly.price, plans.premium_monthly.price);
    expect(figures).toEqual({ crossedOut: 138.24, perMonth: 9.6, percentOff: 20 });
    expect(formatEuros(figures.crossedOut)).toBe("€138.24");
    expect(formatEuros(figures.perMonth)).toBe("€9.60");
  });

  test("the monthly equivalent is rounded to the cent", () => {
    expect(yearlyFigures(100, 10).perMonth).toBe(8.33);
    expect(yearlyFigures(99.99, 10).crossedOut).toBe(119.99);
  });

  test("no discount badge without a monthly plan to compare with, or when yearly saves nothing", () => {
    expect(yearlyFigures(115.2, null).percentOff).toBeNull();
    expect(yearlyFigures(144, 12).percentOff).toBeNull();
  });

  test("the interval follows the plan's billing interval", () => {
    expect(intervalLabel(plans.premium_monthly)).toBe("/ month");
    expect(intervalLabel(plans.premium_yearly)).toBe("/ year");
    expect(intervalLabel(plans.free)).toBeNull();
  });
});
