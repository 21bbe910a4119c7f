/** Public pages built to static HTML so they paint before any script runs. */
export const prerenderedPaths = [
  "/",
  "/ChallengePage",
  "/legal-notice",
  "/privacy-policy",
  "/terms-of-service",
  "/do-not-sell",
  "/cookie-banner",
] as const;
