import { useQuery } from "@tanstack/react-query";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { Spinner } from "#client/components/spinner.tsx";
import { billingQuery } from "#client/features/billing/api/billing.ts";
import { BillingFaq } from "#client/features/billing/billing-faq.tsx";
import { ChoosePlan } from "#client/features/billing/choose-plan.tsx";
import { MembershipCard } from "#client/features/billing/membership-card.tsx";
import { PremiumIncludes } from "#client/features/billing/premium-includes.tsx";
import { AddChallengeCard } from "#client/features/dashboard/add-challenge.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { config } from "#client/lib/config.ts";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { billingMessages } from "#shared/billing/rules.ts";

export function meta() {
  return [{ title: `Premium — ${config.appName}` }];
}

export const clientLoader = () => preload(billingQuery());

/** The same in the page the server renders (issue 37, decision 0139). */
export const loader = () => serverPreload(billingQuery());

/**
 * /dashboard/premium: 'Choose Your Plan' for a free user; 'Your Plan', his plan and 'Manage subscription' for a member,
 * who has nothing left to choose (issue 35 row 12: the payment success screen says it takes him to his plan).
 */
export default function Premium() {
  const billing = useQuery(billingQuery());
  const overview = billing.data;
  const premium = overview?.membership.premium ?? false;
  // Issue 53 row 3: the payment screen's redirect lands here; the challenge he paid for is the next step. The frame
  // has the dashboard loaded already (layout.tsx), so this costs no request.
  const add = useQuery(dashboardQuery()).data?.addChallenge;

  return (
    <DashboardPage
      eyebrow="Premium"
      title={premium ? "Your Plan" : "Choose Your Plan"}
      intro={
        premium
          ? "Unlimited tokens, up to 3 active challenges and unlimited quiz retakes: everything is unlocked."
          : "More challenges at once, no token counting, and quiz retakes whenever life moves on. Cancel any time."
      }
    >
      {billing.isPending ? (
        <p role="status" className="card flex items-center gap-3 text-muted">
          <Spinner className="size-5" />
          Loading plans...
        </p>
      ) : !overview ? (
        <div role="alert" className="rounded-2xl border border-danger/50 bg-danger/10 p-5">
          <p className="font-semibold text-danger">{billingMessages.plansFailed}</p>
          <button
            type="button"
            className="btn-secondary mt-4"
            disabled={billing.isFetching}
            onClick={() => void billing.refetch()}
          >
            {billing.isFetching ? "Trying again..." : "Try again"}
          </button>
        </div>
      ) : (
        <div className="space-y-12">
          <div>
            {premium && add ? <AddChallengeCard add={add} className="mb-6" /> : null}
            {overview.testMode ? (
              <p className="mb-4 inline-flex rounded-full border border-volt/40 bg-volt/5 px-3.5 py-1.5 text-sm">
                Test mode: payments go to a test checkout, and no real money is charged.
              </p>
            ) : null}
            {premium ? <MembershipCard overview={overview} /> : <ChoosePlan overview={overview} />}
          </div>
          <PremiumIncludes title={premium ? "What your plan includes" : "What Premium includes"} />
          <BillingFaq />
        </div>
      )}
    </DashboardPage>
  );
}
