import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Spinner } from "#client/components/spinner.tsx";
import { config } from "#client/lib/config.ts";
import type { PaymentConfirmed } from "#shared/billing/contracts.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { billingQuery } from "./api/billing.ts";
import { confirmPayment } from "./api/confirm.ts";
import { initialPaymentView, type PaymentView, runPaymentConfirmation } from "./payment-confirmation.ts";

const premiumPath = dashboardSectionPath("premium");

/**
 * SPEC.md section 2's payment success screen: processing, success ('Go to Dashboard', then the plans page with the
 * history entry replaced, which a member sees as 'Your Plan': where 'Taking you to your plan...' says, decision 0118) or the error view ('Back to Premium
 * Page' and the support line). `onConfirmed` lets the screen refresh what else shows tokens and membership; `next`
 * is what the success view offers besides the dashboard (issue 35: the way to his next challenge).
 */
export function PaymentResult({
  sessionId,
  onConfirmed,
  next,
}: {
  sessionId: string | null;
  onConfirmed: (result: PaymentConfirmed) => void;
  next?: ReactNode;
}) {
  const [view, setView] = useState<PaymentView>(() => initialPaymentView(sessionId));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmedRef = useRef(onConfirmed);
  confirmedRef.current = onConfirmed;

  useEffect(
    () =>
      runPaymentConfirmation(sessionId, {
        confirm: confirmPayment,
        onView: setView,
        onConfirmed: (result) => {
          void queryClient.invalidateQueries({ queryKey: billingQuery().queryKey });
          confirmedRef.current(result);
        },
        onRedirect: () => navigate(premiumPath, { replace: true }),
      }),
    [sessionId, navigate, queryClient],
  );

  if (view.kind === "processing") {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-6 text-center">
        <Spinner className="size-10" />
        <h1 className="font-display text-3xl uppercase tracking-wide sm:text-4xl">Confirming your payment</h1>
        <p className="max-w-sm text-muted">Payment is being processed. This may take a few moments...</p>
      </div>
    );
  }

  if (view.kind === "success") {
    return (
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
          <p aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-volt text-2xl text-ink">
            ✓
          </p>
          <h1 className="font-display text-4xl uppercase tracking-wide sm:text-5xl">You're Premium</h1>
          <p className="text-lg text-text">{view.message}</p>
        </div>
        <p className="max-w-sm text-muted">Unlimited tokens, up to 3 active challenges and unlimited quiz retakes.</p>
        <p className="mt-1 inline-flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4 shrink-0" />
          <span>Taking you to your plan...</span>
        </p>
        <Link to={paths.dashboard} className="btn-primary mt-3 w-full max-w-sm px-4">
          Go to Dashboard
        </Link>
        {next}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h1 className="font-display text-4xl uppercase tracking-wide sm:text-5xl">
        {view.reason === "slow" ? "Still processing" : "Payment issue"}
      </h1>
      <p role="alert" className="max-w-md text-text">
        {view.message}
      </p>
      <Link to={premiumPath} className="btn-primary mt-2 w-full max-w-sm px-4">
        Back to Premium Page
      </Link>
      <p className="max-w-md text-sm text-muted">
        Need help with a payment? Contact support at{" "}
        <a
          href={`mailto:${config.supportEmail}`}
          className="break-words font-semibold text-volt underline decoration-volt/40 underline-offset-4 hover:decoration-volt"
        >
          {config.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
