import { format } from "date-fns";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Spinner } from "#client/components/spinner.tsx";
import type { BillingOverview } from "#shared/billing/contracts.ts";
import { FREE_MONTHLY_TOKENS } from "#shared/billing/plans.ts";
import { useOpenPortal } from "./api/portal.ts";
import { formatEuros, intervalLabel } from "./pricing.ts";

function longDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMMM d, yyyy");
}

/**
 * What a Premium member sees instead of the plan cards: his plan, when it renews or ends, and 'Manage subscription'
 * (Stripe's Customer Portal: cancel at period end, switch plan, invoices).
 */
export function MembershipCard({ overview }: { overview: BillingOverview }) {
  const { membership, plans } = overview;
  const plan = plans.find((p) => p.id === membership.planId && p.billingInterval !== "none");
  const portal = useOpenPortal();
  const leaving = portal.isPending || portal.isSuccess;
  const date = membership.periodEnd ? longDate(membership.periodEnd) : null;

  return (
    <section aria-labelledby="membership-heading" className="card border-volt/50 bg-volt/5">
      <p className="eyebrow">Your plan</p>
      <h2 id="membership-heading" className="mt-2 font-display text-3xl uppercase tracking-wide sm:text-4xl">
        {plan?.name ?? "Premium"}
      </h2>
      {plan ? (
        <p className="mt-1 text-muted">
          {formatEuros(plan.price)} {intervalLabel(plan)}
        </p>
      ) : null}
      {date ? (
        <p className="mt-4 text-lg font-semibold" data-testid="membership-period">
          {membership.cancelAtPeriodEnd ? `Premium ends on ${date}` : `Renews on ${date}`}
        </p>
      ) : null}
      {membership.cancelAtPeriodEnd ? (
        <p className="mt-1 text-sm text-muted">
          After that you move to the free plan with {FREE_MONTHLY_TOKENS} tokens a month. Changed your mind? Renew in
          Manage subscription before then.
        </p>
      ) : null}
      {membership.subscriptionStatus === "past_due" ? (
        <p className="mt-3 rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          Your last payment did not go through. Update your payment method in Manage subscription to keep Premium.
        </p>
      ) : null}

      {membership.canManage ? (
        <>
          <button
            type="button"
            className="btn-primary mt-6 w-full sm:w-auto"
            disabled={leaving}
            onClick={() => portal.mutate()}
          >
            {leaving ? (
              <>
                <Spinner className="size-4" />
                Opening...
              </>
            ) : (
              "Manage subscription"
            )}
          </button>
          <p className="mt-3 text-sm text-muted">Cancel, switch plan or download your invoices.</p>
        </>
      ) : null}
      <ErrorBox message={portal.error?.message} className="mt-4" />
    </section>
  );
}
