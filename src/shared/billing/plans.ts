/**
 * The plans of PRODUCT.md "Tokens and plans" and SPEC.md section 9, defined once: the seed writes them into
 * `subscription_plans`, the server enforces their limits, the client shows them.
 */

export const planIds = ["free", "premium_monthly", "premium_yearly"] as const;
export type PlanId = (typeof planIds)[number];

export const billingIntervals = ["month", "year", "none"] as const;
type BillingInterval = (typeof billingIntervals)[number];

/** A token allowance of -1 means unlimited (SPEC.md section 3). */
export const UNLIMITED_TOKENS = -1;

export type Plan = {
  id: PlanId;
  name: string;
  /** Euros per billing interval. */
  price: number;
  billingInterval: BillingInterval;
  isDefault: boolean;
  /** Tokens per calendar month, or UNLIMITED_TOKENS. */
  tokenAllowance: number;
  maxActiveChallenges: number;
  /** Accountability partners at once (issue 25). */
  maxPartners: number;
  features: string[];
};

const FREE_TOKENS_PER_MONTH = 5;
const FREE_MAX_ACTIVE = 1;
const PREMIUM_MAX_ACTIVE = 3;
const FREE_MAX_PARTNERS = 1;
const PREMIUM_MAX_PARTNERS = 3;

export const plans: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    price: 0,
    billingInterval: "none",
    isDefault: true,
    tokenAllowance: FREE_TOKENS_PER_MONTH,
    maxActiveChallenges: FREE_MAX_ACTIVE,
    maxPartners: FREE_MAX_PARTNERS,
    features: ["1 active challenge", "5 tokens per month", "Progress tracking", "Community feed preview"],
  },
  premium_monthly: {
    id: "premium_monthly",
    name: "Premium Monthly",
    price: 12,
    billingInterval: "month",
    isDefault: false,
    tokenAllowance: UNLIMITED_TOKENS,
    maxActiveChallenges: PREMIUM_MAX_ACTIVE,
    maxPartners: PREMIUM_MAX_PARTNERS,
    features: [
      "Up to 3 active challenges",
      "Unlimited tokens",
      "Unlimited quiz retakes",
      "Early access to new features",
    ],
  },
  premium_yearly: {
    id: "premium_yearly",
    name: "Premium Yearly",
    price: 115.2,
    billingInterval: "year",
    isDefault: false,
    tokenAllowance: UNLIMITED_TOKENS,
    maxActiveChallenges: PREMIUM_MAX_ACTIVE,
    maxPartners: PREMIUM_MAX_PARTNERS,
    features: [
      "Everything in Premium Monthly",
      "20% off the monthly price",
      "Unlimited quiz retakes",
      "Early access to new features",
    ],
  },
};

/** The free balance each calendar month. */
export const FREE_MONTHLY_TOKENS = plans.free.tokenAllowance;
const FREE_ACTIVE_CHALLENGES = plans.free.maxActiveChallenges;
const PREMIUM_ACTIVE_CHALLENGES = plans.premium_monthly.maxActiveChallenges;

export const planLimitMessages = {
  freeChallengeLimit: `Free plan includes ${FREE_ACTIVE_CHALLENGES} active challenge. Upgrade to Premium for up to ${PREMIUM_ACTIVE_CHALLENGES}.`,
  premiumChallengeLimit: `You already have ${PREMIUM_ACTIVE_CHALLENGES} active challenges.`,
} as const;

/** The plans he can buy. */
export const paidPlanIds = ["premium_monthly", "premium_yearly"] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];
