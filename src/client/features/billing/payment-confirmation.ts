import type { PaymentConfirmed } from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";

/** SPEC.md sections 4 and 9: first check after 2 s, one recheck 5 s after a failure, redirect after 3 s (2 s on the retry path). */
export const paymentTimings = {
  firstCheckMs: 2000,
  recheckMs: 5000,
  redirectMs: 3000,
  retryRedirectMs: 2000,
} as const;

export type PaymentView =
  | { kind: "processing" }
  | { kind: "success"; message: string }
  | { kind: "error"; reason: "invalid-session" | "slow"; message: string };

/** What the screen shows before any timer has run. */
export function initialPaymentView(sessionId: string | null): PaymentView {
  return sessionId
    ? { kind: "processing" }
    : { kind: "error", reason: "invalid-session", message: billingMessages.invalidSession };
}

type Flow = {
  confirm: (sessionId: string) => Promise<PaymentConfirmed>;
  /** Each new view, in order. */
  onView: (view: PaymentView) => void;
  /** The payment is fulfilled: refresh what shows tokens and membership. */
  onConfirmed: (result: PaymentConfirmed) => void;
  /** The success view has been read: leave for his dashboard (decision 0118). */
  onRedirect: () => void;
};

/**
 * The payment success screen's state machine on the real (or a fake) clock: processing, then success or, after one
 * failed recheck, the slow-path error. Any failure counts (not paid yet, unknown session, network): the webhook may
 * still be on its way. Returns a stop function that cancels what is pending, for when the screen goes away.
 */
export function runPaymentConfirmation(sessionId: string | null, flow: Flow): () => void {
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stop = () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };

  const view = initialPaymentView(sessionId);
  flow.onView(view);
  if (!sessionId) return stop;

  const check = async (isRetry: boolean) => {
    let result: PaymentConfirmed;
    try {
      result = await flow.confirm(sessionId);
    } catch {
      if (stopped) return;
      if (isRetry) flow.onView({ kind: "error", reason: "slow", message: billingMessages.slow });
      else after(paymentTimings.recheckMs, () => void check(true));
      return;
    }
    if (stopped) return;
    flow.onConfirmed(result);
    flow.onView({ kind: "success", message: result.message });
    after(isRetry ? paymentTimings.retryRedirectMs : paymentTimings.redirectMs, flow.onRedirect);
  };
  after(paymentTimings.firstCheckMs, () => void check(false));
  return stop;
}
