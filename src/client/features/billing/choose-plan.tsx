import { useState } from "react";
import type { BillingOverview } from "#shared/billing/contracts.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import { PaymentModal } from "./payment-modal.tsx";
import { PlanCards } from "./plan-cards.tsx";

/** The plan cards of a user who is not Premium, and the payment modal their buttons open. */
export function ChoosePlan({ overview }: { overview: BillingOverview }) {
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState<PaidPlanId>("premium_yearly");
  return (
    <>
      <PlanCards
        plans={overview.plans}
        currentPlanId={overview.membership.planId}
        onChoose={(id) => {
          setPlanId(id);
          setOpen(true);
        }}
      />
      <PaymentModal
        open={open}
        plans={overview.plans}
        initialPlanId={planId}
        testMode={overview.testMode}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
