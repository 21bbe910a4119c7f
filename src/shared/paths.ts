/**
 * Every path of the app, in SPEC.md's canonical casing (section 2, route table). Links, redirects and the server's
 * e-mail links all use these, so a path is spelled once. Matching is case-insensitive, so /Quiz and /welcome still
 * reach the same screens.
 */

const dashboardSections = ["results", "community", "profile", "premium", "help", "settings"] as const;
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
  /** Where a reminder e-mail's unsubscribe link leads: one button that turns that list off. */
  unsubscribe: "/unsubscribe",
  /** An evening nudge's one-tap link: one button that records "Phone down" for that evening (issue 55). */
  phoneDown: "/phone-down",
  /** A partner's e-mail unsubscribe link: one button that stops every e-mail of that partnership. */
  partnerUnsubscribe: "/partner/unsubscribe",
  /** A partner e-mail's cheer button: what the cheer is about, and one button that sends it (decision 0125). */
  partnerCheer: "/partner/cheer",
  /** The signed-out landing after an account deletion (decision 0071). */
  accountDeleted: "/account-deleted",
} as const;

/** The page an accountability partner opens from his invitation: no account, the secret in the path (issue 25). */
export function partnerViewPath(token: string) {
  return `/partner/view/${encodeURIComponent(token)}`;
}

/** Where every page of an accountability partner's lives (no account, no session). */
export const partnerPathPrefix = "/partner/";

/** The partner's pages (the view and its unsubscribe): no analytics there, the path carries a secret. */
export function isPartnerPath(pathname: string) {
  return pathname.toLowerCase().startsWith(partnerPathPrefix);
}

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

/** The processing screen of one run; the id in the URL lets a reload resume it. */
export function quizProcessingPath(responseId: string) {
  return `${paths.quizProcessing}?responseId=${encodeURIComponent(responseId)}`;
}

/** The results of one run (or of the latest analyzed one); step 2 is the challenge list. */
export function quizResultsPath(options: { responseId?: string; step?: 2 } = {}) {
  const search = new URLSearchParams();
  if (options.responseId) search.set("responseId", options.responseId);
  if (options.step) search.set("step", String(options.step));
  const query = search.toString();
  return query ? `${paths.quizResults}?${query}` : paths.quizResults;
}

/** The setting-up screen on its way to the workflow of `challengeId`. */
export function quizSetupPath(challengeId: string) {
  return `${paths.quizSetup}?challengeId=${encodeURIComponent(challengeId)}`;
}

/** Where the e-mail confirmation link lands; `confirmed=1` tells the screen the server already verified it. */
export const emailConfirmedLandingPath = `${paths.emailConfirmed}?confirmed=1`;

/** The landing page's flag, set by the confirmation screen's redirect: show "E-mail confirmed — log in to continue". */
export const EMAIL_CONFIRMED_PARAM = "emailConfirmed";

/** Where the confirmation screen goes once it has signed him out (SPEC section 4), with the login one tap away. */
export const landingAfterConfirmationPath = `${paths.landing}?${EMAIL_CONFIRMED_PARAM}=1`;

const legalPaths = [paths.legalNotice, paths.privacyPolicy, paths.termsOfService, paths.doNotSell] as const;

/**
 * Public pages built to static HTML so they paint before any script runs: the marketing and legal pages, and the
 * pages someone without a session opens from an e-mail or after leaving (issue 35 row 14), which would otherwise show
 * "Getting your account ready..." until the app's scripts ran.
 */
export const prerenderedPaths = [
  paths.landing,
  paths.challengePage,
  ...legalPaths,
  paths.cookieBanner,
  paths.accountDeleted,
  paths.unsubscribe,
  paths.phoneDown,
  paths.partnerUnsubscribe,
  paths.partnerCheer,
] as const;

/** One of `prerenderedPaths`, with or without a trailing slash. */
export function isPrerenderedPath(pathname: string) {
  const path = pathname.replace(/(.)\/$/, "$1");
  return prerenderedPaths.some((prerendered) => prerendered === path);
}

export function isLegalPath(path: string) {
  return legalPaths.some((legal) => legal === path);
}

/** The dashboard or one of its sections, in any casing, with or without a trailing slash. */
export function isDashboardPath(pathname: string) {
  const path = pathname.toLowerCase().replace(/\/$/, "");
  return path === paths.dashboard || path.startsWith(`${paths.dashboard}/`);
}

/** A partner's page for one link (`partnerViewPath`), in any casing, with or without a trailing slash. */
export function isPartnerViewPath(pathname: string) {
  return /^\/partner\/view\/[^/]+\/?$/i.test(pathname);
}

/**
 * The pages the server renders with their data (decision 0139): the dashboard and its sections, and a partner's page.
 * Every other page that is not pre-rendered starts from the SPA shell.
 */
export function isServerRenderedPath(pathname: string) {
  return isDashboardPath(pathname) || isPartnerViewPath(pathname);
}
