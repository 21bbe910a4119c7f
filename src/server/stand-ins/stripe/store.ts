import { randomBytes } from "node:crypto";
import { addMonths } from "date-fns/addMonths";
import { addYears } from "date-fns/addYears";
import { keptState } from "../kept-state.ts";

/**
 * The state of the local Stripe stand-in: Stripe's own object shapes (the subset this app reads), kept in memory and,
 * in development, in a JSON file so a restart does not forget a test subscription.
 */

export type LocalPrice = { id: string; unitAmount: number; interval: "month" | "year"; productName: string };

type Metadata = Record<string, string>;

type LocalCustomer = {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Metadata;
};

export type LocalSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "canceled" | "past_due" | "trialing";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  metadata: Metadata;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: "price"; unit_amount: number; currency: "eur"; recurring: { interval: string } };
    }[];
  };
};

export type LocalCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription_metadata: Metadata;
  subscription: string | null;
  price: string;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
};

type LocalPortalSession = {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string;
  url: string;
};

type State = {
  customers: Record<string, LocalCustomer>;
  sessions: Record<string, LocalCheckoutSession>;
  subscriptions: Record<string, LocalSubscription>;
  portals: Record<string, LocalPortalSession>;
  /** Idempotency-Key → the id of what that request created, as Stripe replays the first answer. */
  idempotency: Record<string, string>;
};

const emptyState = (): State => ({ customers: {}, sessions: {}, subscriptions: {}, portals: {}, idempotency: {} });

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const unixNow = (now = new Date()) => Math.floor(now.getTime() / 1000);

export function periodEnd(start: number, interval: string) {
  const from = new Date(start * 1000);
  return unixNow(interval === "year" ? addYears(from, 1) : addMonths(from, 1));
}

export const createStore = (file?: string) => keptState(emptyState, file);
