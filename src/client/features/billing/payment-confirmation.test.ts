import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { PaymentConfirmed } from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";
import { type PaymentView, paymentTimings, runPaymentConfirmation } from "./payment-confirmation.ts";

const paid: PaymentConfirmed = {
  success: true,
  message: billingMessages.success,
  membership: {
    premium: true,
    planId: "premium_yearly",
    subscriptionStatus: "active",
    periodEnd: "2027-11-22T10:00:00.000Z",
    cancelAtPeriodEnd: false,
    canManage: true,
  },
};

function start(sessionId: string | null, answers: Array<"paid" | "unpaid">) {
  const views: PaymentView[] = [];
  const confirm = vi.fn(async () => {
    const answer = answers.shift();
    if (answer === "paid") return paid;
    throw new Error(billingMessages.notPaidYet);
  });
  const onConfirmed = vi.fn();
  const onRedirect = vi.fn();
  const stop = runPaymentConfirmation(sessionId, { confirm, onView: (v) => views.push(v), onConfirmed, onRedirect });
  const last = () => views.at(-1)?.kind;
  return { views, confirm, onConfirmed, onRedirect, stop, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the payment success screen's timings (SPEC.md sections 4 and 9)", () => {
  test("no session id: the invalid-session error at once, and nothing is asked", async () => {
    const flow = start(null, []);
    await vi.runAllTimersAsync();
    expect(flow.views).toEqual([
      { kind: "error", reason: "invalid-session", message: "Invalid payment session. Please try again." },
    ]);
    expect(flow.confirm).not.toHaveBeenCalled();
  });

  test("paid: processing for 2 s, one check, success, then the redirect 3 s later", async () => {
    const flow = start("cs_test_1", ["paid"]);
    expect(flow.last()).toBe("processing");

    await vi.advanceTimersByTimeAsync(paymentTimings.firstCheckMs - 1);
    expect(flow.confirm).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.confirm).toHaveBeenCalledExactlyOnceWith("cs_test_1");
    expect(flow.views.at(-1)).toEqual({ kind: "success", message: "Payment successful! Welcome to Premium." });
    expect(flow.onConfirmed).toHaveBeenCalledWith(paid);

    await vi.advanceTimersByTimeAsync(2999);
    expect(flow.onRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.onRedirect).toHaveBeenCalledTimes(1);
  });

  test("not paid at first: one recheck 5 s later; paid then, the redirect comes 2 s after", async () => {
    const flow = start("cs_test_2", ["unpaid", "paid"]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.confirm).toHaveBeenCalledTimes(1);
    expect(flow.last()).toBe("processing");

    await vi.advanceTimersByTimeAsync(4999);
    expect(flow.confirm).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.confirm).toHaveBeenCalledTimes(2);
    expect(flow.last()).toBe("success");

    await vi.advanceTimersByTimeAsync(1999);
    expect(flow.onRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.onRedirect).toHaveBeenCalledTimes(1);
  });

  test("failing twice: the slow-path error after 7 s, no third check and no redirect", async () => {
    const flow = start("cs_test_3", ["unpaid", "unpaid"]);
    await vi.advanceTimersByTimeAsync(6999);
    expect(flow.last()).toBe("processing");
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.views.at(-1)).toEqual({ kind: "error", reason: "slow", message: billingMessages.slow });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(flow.confirm).toHaveBeenCalledTimes(2);
    expect(flow.onConfirmed).not.toHaveBeenCalled();
    expect(flow.onRedirect).not.toHaveBeenCalled();
  });

  test("stopping (the screen goes away) cancels the pending check and the redirect", async () => {
    const early = start("cs_test_4", ["paid"]);
    early.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(early.confirm).not.toHaveBeenCalled();

    const late = start("cs_test_5", ["paid"]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(late.last()).toBe("success");
    late.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(late.onRedirect).not.toHaveBeenCalled();
  });

  test("an answer that arrives after stopping changes nothing", async () => {
    let settle: (value: PaymentConfirmed) => void = () => {};
    const views: PaymentView[] = [];
    const onConfirmed = vi.fn();
    const stop = runPaymentConfirmation("cs_test_6", {
      confirm: () => new Promise((resolve) => (settle = resolve)),
      onView: (v) => views.push(v),
      onConfirmed,
      onRedirect: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    settle(paid);
    await vi.runAllTimersAsync();
    expect(views.map((v) => v.kind)).toEqual(["processing"]);
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
