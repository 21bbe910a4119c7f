import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Matching is case-insensitive, so /Quiz, /welcome and /Auth/Signup reach the same screens.
export default [
  index("routes/landing.tsx"),
  route("ChallengePage", "routes/challenge-page.tsx"),
  route("cookie-banner", "routes/cookie-banner.tsx"),
  route("legal-notice", "routes/legal/legal-notice.tsx"),
  route("privacy-policy", "routes/legal/privacy-policy.tsx"),
  route("terms-of-service", "routes/legal/terms-of-service.tsx"),
  route("do-not-sell", "routes/legal/do-not-sell.tsx"),
  route("EmailConfirmed", "routes/auth/email-confirmed.tsx"),
  route("login", "routes/auth/login-alias.tsx"),
  route("account-deleted", "routes/account-deleted.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("phone-down", "routes/phone-down.tsx"),
  // An accountability partner's pages: no account, the link's secret is the key (issue 25).
  route("partner/view/:token", "routes/partner-view.tsx"),
  route("partner/unsubscribe", "routes/partner-unsubscribe.tsx"),
  route("partner/cheer", "routes/partner-cheer.tsx"),

  layout("routes/layouts/signed-out-only.tsx", [
    route("auth/Signup", "routes/auth/signup.tsx"),
    route("auth/Login", "routes/auth/login.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
  ]),

  // Public in the route table, but without a user it sends the visitor to sign up.
  layout("routes/layouts/signed-in-or-signup.tsx", [
    route("ChallengeAccepted", "routes/onboarding/challenge-accepted.tsx"),
  ]),

  layout("routes/layouts/signed-in.tsx", [
    route("ValidateChallenge", "routes/onboarding/validate-challenge.tsx"),
    route("Welcome", "routes/onboarding/welcome.tsx"),
    route("quiz", "routes/quiz/quiz.tsx"),
    route("quiz/ProcessingScreen", "routes/quiz/processing.tsx"),
    route("quiz/results", "routes/quiz/results.tsx"),
    route("quiz/setup", "routes/quiz/setup.tsx"),
    route("challenge-workflow", "routes/quiz/challenge-workflow.tsx", { id: "challenge-workflow" }),
    route("challenge-workflow/:id", "routes/quiz/challenge-workflow.tsx", { id: "challenge-workflow-id" }),
    route("community/waitlist", "routes/community-waitlist.tsx"),
    route("payment/success", "routes/payment-success.tsx"),
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/home.tsx"),
      route("results", "routes/dashboard/results.tsx"),
      route("profile", "routes/dashboard/profile.tsx"),
      route("help", "routes/dashboard/help.tsx"),
      route("settings", "routes/dashboard/settings.tsx"),
      route("community", "routes/dashboard/community.tsx"),
      route("premium", "routes/dashboard/premium.tsx"),
      // Unknown sections fall back to the dashboard.
      route(":section", "routes/dashboard/section.tsx"),
    ]),
  ]),

  // The operator's page. Outside the signed-in layout on purpose: a signed-out visitor must get what an unknown path
  // gives (the landing page), not the login screen, or the redirect alone would tell him the page exists (decision 0136).
  route("admin", "routes/admin.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
