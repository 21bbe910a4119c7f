import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { Spinner } from "#client/components/spinner.tsx";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { PlanView } from "#shared/billing/contracts.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import { LEGAL_TERMS } from "#shared/legal/terms.ts";
import { checkoutErrorMessage, useStartCheckout } from "./api/checkout.ts";
import { isPaidPlan, yearlyFiguresOf } from "./plan-facts.ts";
import { formatEuros, intervalLabel } from "./pricing.ts";

type CheckoutValues = { planId: PaidPlanId };

const resolver = lazyZodResolver<CheckoutValues>(() =>
  import("#shared/billing/contracts.ts").then((contracts) => contracts.checkoutSchema),
);

/**
 * 'Upgrade to Premium' (SPEC.md section 2): the paid plan, what is due today, and 'Continue to payment' to the hosted
 * checkout. Errors show in a red box with SPEC.md section 8's copy. While checkout opens, nothing can be changed or
 * closed: the browser is about to leave.
 */
export function PaymentModal({
  open,
  plans,
  initialPlanId,
  testMode,
  onClose,
}: {
  open: boolean;
  plans: PlanView[];
  initialPlanId: PaidPlanId;
  testMode: boolean;
  onClose: () => void;
}) {
  const checkout = useStartCheckout();
  useEffect(() => {
    if (open) resolver.preload();
  }, [open]);
  const leaving = checkout.isPending || checkout.isSuccess;
  const close = () => {
    if (leaving) return;
    checkout.reset();
    onClose();
  };
  return (
    <Modal open={open} title="Upgrade to Premium" onClose={close}>
      <CheckoutForm
        plans={plans.filter(isPaidPlan)}
        allPlans={plans}
        initialPlanId={initialPlanId}
        testMode={testMode}
        leaving={leaving}
        error={checkout.error ? checkoutErrorMessage(checkout.error) : null}
        onSubmit={(planId) => checkout.mutate(planId)}
        onCancel={close}
      />
    </Modal>
  );
}

function ChosenPlan({ plan, allPlans }: { plan: PlanView; allPlans: PlanView[] }) {
  const yearly = yearlyFiguresOf(plan, allPlans);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-volt p-3.5">
      <div className="min-w-0 flex-1">
        <h3 className="font-bold">{plan.name}</h3>
        <p className="text-sm text-muted">
          {formatEuros(plan.price)} {intervalLabel(plan)}
          {yearly ? ` · ${formatEuros(yearly.perMonth)} / month` : ""}
        </p>
      </div>
      {yearly?.percentOff ? (
        <span className="shrink-0 rounded-full bg-volt px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-ink">
          {yearly.percentOff}% off
        </span>
      ) : null}
    </div>
  );
}

function CheckoutForm({
  plans,
  allPlans,
  initialPlanId,
  testMode,
  leaving,
  error,
  onSubmit,
  onCancel,
}: {
  plans: (PlanView & { id: PaidPlanId })[];
  allPlans: PlanView[];
  initialPlanId: PaidPlanId;
  testMode: boolean;
  leaving: boolean;
  error: string | null;
  onSubmit: (planId: PaidPlanId) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutValues>({ resolver, values: { planId: initialPlanId } });
  const chosen = plans.find((plan) => plan.id === initialPlanId);
  const message = errors.planId?.message ?? error;

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.planId))} className="mt-4 space-y-4">
      {/* The plan he chose on its card, not a second choice of it (issue 53 row 14); Cancel goes back to the cards. */}
      <input type="hidden" {...register("planId")} />
      {chosen ? <ChosenPlan plan={chosen} allPlans={allPlans} /> : null}

      {chosen ? (
        <div className="rounded-xl bg-surface-2 p-4" aria-live="polite">
          <p className="flex items-baseline justify-between gap-3">
            <span className="text-muted">Due today</span>
            <span className="text-xl font-bold" data-testid="due-today">
              {formatEuros(chosen.price)}
            </span>
          </p>
          <p className="mt-2 text-sm text-muted">
            Renews every {chosen.billingInterval === "year" ? "year" : "month"} at {formatEuros(chosen.price)} until you
            cancel. Cancel any time up to {LEGAL_TERMS.cancelDaysBeforeRenewal} day before renewal;{" "}
            {LEGAL_TERMS.withdrawalDays}-day right of withdrawal.
          </p>
        </div>
      ) : null}

      {testMode ? (
        <p className="rounded-xl border border-volt/40 px-3.5 py-2 text-xs text-text">
          Test mode — no real payment. Continue opens a test checkout page.
        </p>
      ) : null}

      <ErrorBox message={message} />

      <div className="flex flex-col gap-3">
        <button type="submit" className="btn-primary px-5" disabled={leaving}>
          {leaving ? (
            <>
              <Spinner className="size-4" />
              Opening checkout...
            </>
          ) : (
            "Continue to payment"
          )}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={leaving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
