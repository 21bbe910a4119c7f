import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { PaymentResult } from "../features/billing/payment-result.tsx";
import { AddChallengeLink } from "../features/dashboard/add-challenge.tsx";
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
  // Once Premium is his, the dashboard says whether he can add a challenge (issue 35).
  const [confirmed, setConfirmed] = useState(false);
  const dashboard = useQuery({ ...dashboardQuery(), enabled: confirmed });
  const add = confirmed ? dashboard.data?.addChallenge : null;
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
          onConfirmed={() => {
            void queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
            setConfirmed(true);
          }}
          next={add ? <AddChallengeLink add={add} /> : null}
        />
      </div>
    </main>
  );
}
