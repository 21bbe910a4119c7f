import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { PaymentResult } from "../features/billing/payment-result.tsx";
import { dashboardQuery } from "../features/dashboard/api/dashboard.ts";
import { config } from "../lib/config.ts";

export function meta() {
  return [{ title: `Payment — ${config.appName}` }];
}

/** /payment/success?session_id=…: where Checkout returns after paying. */
export default function PaymentSuccess() {
  const [search] = useSearchParams();
  const sessionId = search.get("session_id")?.trim() || null;
  const queryClient = useQueryClient();
  return (
    <main className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-5 py-12">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_22rem_at_50%_0%,rgb(200_255_46/0.12),transparent_65%)]"
      />
      <div className="card w-full max-w-lg p-6 sm:p-10">
        <PaymentResult
          sessionId={sessionId}
          // The balance in the dashboard's menus becomes ∞: the dashboard query holds it.
          onConfirmed={() => void queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey })}
        />
      </div>
    </main>
  );
}
