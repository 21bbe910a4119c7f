/**
 * What the premium page and the server say about billing (SPEC.md sections 2, 4, 7, 8), without zod: the premium
 * page shows these words on every visit, and the schemas they used to share a module with are needed only when he
 * pays (decision 0141).
 */
export const billingMessages = {
  notAuthenticated: "User not authenticated. Please log in again.",
  checkoutFailed: "Failed to create checkout session",
  plansFailed: "Failed to fetch subscription plans",
  paymentFailed: "Failed to process payment completion",
  verificationFailed: "Payment verification failed",
  processing: "Payment is being processed. This may take a few moments...",
  slow: "Payment processing is taking longer than expected. Please check your subscription status in a few minutes or contact support.",
  invalidSession: "Invalid payment session. Please try again.",
  choosePlan: "Please choose a plan",
  alreadyPremium: "You already have Premium. Manage your subscription on the premium page.",
  notPaidYet: "Your payment has not been completed yet.",
  sessionNotFound: "This payment session was not found.",
  noSubscription: "You have no subscription to manage yet.",
  portalFailed: "Could not open subscription management. Please try again.",
  success: "Payment successful! Welcome to Premium.",
  invalidSignature: "Invalid signature",
} as const;
