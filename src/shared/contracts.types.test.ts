import { describe, expectTypeOf, it } from "vitest";
import type { PlanView } from "./billing/contracts.ts";
import type { Plan } from "./billing/plans.ts";
import type { Insights } from "./insights/contracts.ts";
import type { ActivityWeek, DeadlineRecord } from "./insights/rules.ts";
import type { Streak } from "./insights/streak.ts";
import type { ReplanOffer } from "./replan/contracts.ts";
import type { ReplanProposal, ReplanWindow } from "./replan/rules.ts";

/**
 * The answers' types are their zod schemas' (z.infer), which the OpenAPI document shows. A few shapes the pure rules
 * compute keep a hand-written type beside their schema; `tsc` fails here when the two part (issue 39).
 */
describe("the answers' schemas and the rules' own types", () => {
  it("are the same shapes", () => {
    expectTypeOf<Insights["streak"]>().toEqualTypeOf<Streak>();
    expectTypeOf<Insights["activity"][number]>().toEqualTypeOf<ActivityWeek>();
    expectTypeOf<Insights["deadlines"]>().toEqualTypeOf<DeadlineRecord>();
    expectTypeOf<ReplanOffer["proposal"]>().toEqualTypeOf<ReplanProposal>();
    expectTypeOf<ReplanOffer["window"]>().toEqualTypeOf<ReplanWindow>();
    expectTypeOf<PlanView>().toEqualTypeOf<
      Pick<Plan, "id" | "name" | "price" | "billingInterval" | "tokenAllowance" | "maxActiveChallenges" | "features">
    >();
  });
});
