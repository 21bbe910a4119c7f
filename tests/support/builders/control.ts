import { eq } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import { users } from "#server/db/schema.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import type { Account } from "../personas.ts";
import { buildAccount, buildSession } from "./accounts.ts";
import { buildPremium } from "./billing.ts";
import { buildValidatedRun } from "./onboarding.ts";
import { buildAcceptedPlan, buildAnalyzedPlan, buildMilestoneDeadline } from "./plans.ts";
import { buildSpentTokens } from "./tokens.ts";

/**
 * The builders the browser tests call on their server's control address (tests/support/e2e-server.ts,
 * `POST /build/<name>`), run in the server's own process with its services: the embedded database allows no other.
 * Each names its man by e-mail, as the browser test knows him.
 */
export function controlBuilders(deps: Deps) {
  const db = deps.database.db;
  async function member(email: string) {
    const [found] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (!found) throw new Error(`no account ${email}`);
    return found;
  }
  return {
    account: (body: Partial<Account>) => buildAccount(deps.auth, body),
    session: async ({ email }: { email: string }) => buildSession(deps.auth, (await member(email)).id),
    validatedRun: async ({ email }: { email: string }) => buildValidatedRun(db, (await member(email)).id),
    analyzedPlan: async ({ email, ...options }: { email: string; answers?: readonly string[]; responseId?: string }) =>
      buildAnalyzedPlan(deps, await member(email), options),
    acceptedPlan: async ({ email, answers }: { email: string; answers?: readonly string[] }) =>
      buildAcceptedPlan(deps, await member(email), { answers }),
    milestoneDeadline: async ({
      email,
      milestoneId,
      deadline,
    }: {
      email: string;
      milestoneId: string;
      deadline: string;
    }) => buildMilestoneDeadline(deps, (await member(email)).id, milestoneId, deadline),
    premium: async ({ email, planId }: { email: string; planId?: PaidPlanId }) =>
      buildPremium(deps, await member(email), planId),
    spentTokens: async ({ email, left }: { email: string; left?: number }) =>
      buildSpentTokens(db, (await member(email)).id, left),
  };
}

export type ControlBuilders = ReturnType<typeof controlBuilders>;
export type BuilderName = keyof ControlBuilders;
