import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useSearchParams } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { createQueryClient } from "#client/lib/query-client.ts";
import { advance, runOnFakeClock, type StubbedAnswer, setupUser, stubApi } from "#client/testing.ts";
import { billingMessages } from "#shared/billing/rules.ts";
import { billingQuery } from "./api/billing.ts";
import { PaymentResult } from "./payment-result.tsx";

vi.mock("#client/lib/config.ts", () => ({ config: { appName: "Unscroll", supportEmail: "help@unscroll.test" } }));

const membership = {
  premium: true,
  planId: "premium_monthly",
  subscriptionStatus: "active",
  periodEnd: "2026-12-22T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  canManage: true,
};
const paid: StubbedAnswer = { body: { success: true, message: billingMessages.success, membership } };
const unpaid: StubbedAnswer = { status: 409, body: { error: billingMessages.notPaidYet } };

/** The server's answers to POST /api/billing/confirm, one per call. */
const fakeConfirm = (...answers: StubbedAnswer[]) => stubApi({ "POST /api/billing/confirm": answers });

/** What the route does: the session id from the query. */
function Screen({ onConfirmed }: { onConfirmed: () => void }) {
  const [search] = useSearchParams();
  return <PaymentResult sessionId={search.get("session_id")} onConfirmed={onConfirmed} />;
}

/** The success screen at `url`, in a router that also knows the pages it leads to. */
function visit(url: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(billingQuery().queryKey, {
    plans: [],
    membership: { ...membership, premium: false, planId: "free" },
    testMode: true,
  });
  const onConfirmed = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/payment/success", element: <Screen onConfirmed={onConfirmed} /> },
      { path: "/dashboard/premium", element: <p>Plans page</p> },
      { path: "/dashboard", element: <p>Dashboard home</p> },
    ],
    { initialEntries: ["/dashboard/premium", url], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const billingStale = () => queryClient.getQueryState(billingQuery().queryKey)?.isInvalidated;
  return { router, onConfirmed, billingStale };
}

const text = (t: string) => screen.queryByText(t);
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null;
const link = (name: string) =>
  [...document.querySelectorAll("a")].find((a) => a.textContent === name)?.getAttribute("href") ?? null;

runOnFakeClock();

describe("the payment success screen", { timeout: 20_000 }, () => {
  test("without a session id: the invalid-session error, the way back and support, and no request", async () => {
    const fetch = fakeConfirm();
    visit("/payment/success");
    expect(alertText()).toBe("Invalid payment session. Please try again.");
    expect(link("Back to Premium Page")).toBe("/dashboard/premium");
    expect(link("help@unscroll.test")).toBe("mailto:help@unscroll.test");
    await advance(20_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("paid: processing, the check after 2 s, success with 'Go to Dashboard', then his plan's page in place of this entry (issue 35 row 12)", async () => {
    const fetch = fakeConfirm(paid);
    const { router, onConfirmed, billingStale } = visit("/payment/success?session_id=cs_test_a1");
    expect(text(billingMessages.processing)).not.toBeNull();

    await advance(1999);
    expect(fetch).not.toHaveBeenCalled();
    await advance(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.requests).toEqual([
      { method: "POST", path: "/api/billing/confirm", body: { sessionId: "cs_test_a1" } },
    ]);

    expect(text(billingMessages.success)).not.toBeNull();
    expect(text(billingMessages.processing)).toBeNull();
    expect(link("Go to Dashboard")).toBe("/dashboard");
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    expect(billingStale()).toBe(true);

    await advance(2999);
    expect(router.state.location.pathname).toBe("/payment/success");
    await advance(1);
    expect(router.state.location.pathname).toBe("/dashboard/premium");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(text("Plans page")).not.toBeNull();
  });

  test("not paid yet: the recheck 5 s later succeeds, and the redirect comes 2 s after it", async () => {
    const fetch = fakeConfirm(unpaid, paid);
    const { router } = visit("/payment/success?session_id=cs_test_a2");
    await advance(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The first failure is not shown: the payment is still being processed.
    expect(text(billingMessages.processing)).not.toBeNull();
    expect(alertText()).toBeNull();

    await advance(4999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(text(billingMessages.success)).not.toBeNull();

    await advance(1999);
    expect(router.state.location.pathname).toBe("/payment/success");
    await advance(1);
    expect(router.state.location.pathname).toBe("/dashboard/premium");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  test("failing twice: the slow-path message with 'Back to Premium Page' and support, and it stays", async () => {
    const fetch = fakeConfirm(unpaid, { status: 404, body: { error: billingMessages.sessionNotFound } });
    const { router, onConfirmed } = visit("/payment/success?session_id=cs_test_a3");
    await advance(6999);
    expect(alertText()).toBeNull();
    await advance(1);
    expect(alertText()).toBe(billingMessages.slow);
    expect(link("Back to Premium Page")).toBe("/dashboard/premium");
    expect(link("help@unscroll.test")).toBe("mailto:help@unscroll.test");

    await advance(30_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/payment/success");
  });

  test("'Go to Dashboard' leaves at once, and the pending redirect does not follow", async () => {
    fakeConfirm(paid);
    const { router } = visit("/payment/success?session_id=cs_test_a4");
    const user = setupUser();
    await advance(2000);
    const goToDashboard = [...document.querySelectorAll("a")].find((a) => a.textContent === "Go to Dashboard");
    if (!goToDashboard) throw new Error("no 'Go to Dashboard' link");
    await user.click(goToDashboard);
    expect(router.state.location.pathname).toBe("/dashboard");
    await advance(5000);
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(text("Dashboard home")).not.toBeNull();
  });
});
