/**
 * Every table of the app, one file per area under schema/ (issue 57 row 8): a newcomer finds an area's tables beside
 * its name. This file re-exports them all: the app, drizzle-kit (drizzle.config.ts) and the data export and deletion
 * (decision 0069) read the schema from here.
 */

export * from "./schema/account.ts";
export * from "./schema/auth.ts";
export * from "./schema/billing.ts";
export * from "./schema/community.ts";
export * from "./schema/onboarding.ts";
export * from "./schema/partners.ts";
export * from "./schema/plan.ts";
export * from "./schema/proof.ts";
export * from "./schema/quiz.ts";
export * from "./schema/reminders.ts";
export * from "./schema/screen-time.ts";
export * from "./schema/shared-assets.ts";
export * from "./schema/strava.ts";
