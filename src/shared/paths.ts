/**
 * Every path of the app, in SPEC.md's canonical casing (section 2, route table). Links, redirects and the server's
 * e-mail links all use these, so a path is spelled once. Matching is case-insensitive, so /Quiz and /welcome still
 * reach the same screens.
 */

export const dashboardSections = ["results", "community", "profile", "premium", "help", "settings"] as const;
export type DashboardSection = (typeof dashboardSections)[number];

export const paths = {
  landing: "/",
  challengePage: "/ChallengePage",
  challengeAccepted: "/ChallengeAccepted",
  validateChallenge: "/ValidateChallenge",
  welcome: "/Welcome",
  signup: "/auth/Signup",
  login: "/auth/Login",
  /** SPEC's 'Log In to Continue' target; it forwards to `login`. */
  loginAlias: "/login",
  resetPassword: "/reset-password",
  emailConfirmed: "/EmailConfirmed",
  cookieBanner: "/cookie-banner",
  legalNotice: "/legal-notice",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  doNotSell: "/do-not-sell",
  quiz: "/quiz",
  quizProcessing: "/quiz/ProcessingScreen",
  quizResults: "/quiz/results",
  quizSetup: "/quiz/setup",
  challengeWorkflow: "/challenge-workflow",
  communityWaitlist: "/community/waitlist",
  paymentSuccess: "/payment/success",
  dashboard: "/dashboard",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export function dashboardSectionPath(section: DashboardSection) {
  return `${paths.dashboard}/${section}` as const;
}

export function challengeWorkflowPath(challengeId: string) {
  return `${paths.challengeWorkflow}/${encodeURIComponent(challengeId)}`;
}

/** The quiz in edit mode: a retake that preloads the answers of `responseId`. */
export function quizEditPath(responseId: string) {
  return `${paths.quiz}?mode=edit&responseId=${encodeURIComponent(responseId)}`;
}

/** Where the e-mail confirmation link lands; `confirmed=1` tells the screen the server already verified it. */
export const emailConfirmedLandingPath = `${paths.emailConfirmed}?confirmed=1`;

export const legalPaths = [paths.legalNotice, paths.privacyPolicy, paths.termsOfService, paths.doNotSell] as const;

/** Public pages built to static HTML so they paint before any script runs. */
export const prerenderedPaths = [paths.landing, paths.challengePage, ...legalPaths, paths.cookieBanner] as const;

export function isLegalPath(path: string) {
  return legalPaths.some((legal) => legal === path);
}
