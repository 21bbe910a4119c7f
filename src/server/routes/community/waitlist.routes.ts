import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { joinWaitlist, readWaitlistSignup } from "#server/services/community/waitlist.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { normalizeEmail } from "#shared/account/rules.ts";
import { joinWaitlistSchema, waitlistAnswerSchema } from "#shared/community/contracts.ts";
import { communityMessages } from "#shared/community/rules.ts";

/** The waitlist answers a missing session with SPEC.md's own words: 'You must be logged in to join the waitlist'. */
const requireWaitlistUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.get("user")) throw new DomainError("community.loginRequired");
  await next();
});

/** His place on the waitlist, and joining it (decisions 0053, 0104). */
export const waitlistRoutes = new Hono<AuthedEnv>()
  .get(
    "/waitlist",
    documented({
      tag: "Community",
      summary: "His waitlist signup, if any.",
      description: "`{signup \\| null}`",
      ok: { 200: { description: "`{signup | null}`", body: waitlistAnswerSchema } },
      errors: ["community.loginRequired"],
      public: true,
    }),
    requireWaitlistUser,
    async (c) => {
      return c.json({ signup: await readWaitlistSignup(c.get("deps").database.db, c.get("user").id) }, 200);
    },
  )
  .post(
    "/waitlist",
    documented({
      tag: "Community",
      summary: "Join the waitlist with his account's address (decision 0104).",
      description: `Body \`{email?, name, interests}\`. 201 with the new signup and its position; a repeat → 200 with the stored one, nothing changes. Positions unique and gap-free under concurrency. The stored e-mail is the account's: \`email\` may be left out, and one that is not the account's → 400 \`${communityMessages.notAccountEmail}\` (decision 0104).`,
      ok: {
        201: { description: "`{signup}` with its position", body: waitlistAnswerSchema },
        200: { description: "`{signup}`: the stored one, nothing changed", body: waitlistAnswerSchema },
      },
      errors: ["community.loginRequired", "community.notAccountEmail"],
      public: true,
    }),
    requireWaitlistUser,
    validate("json", joinWaitlistSchema),
    async (c) => {
      const { email, ...request } = c.req.valid("json");
      const own = normalizeEmail(c.get("user").email);
      // Launch news goes to the address he confirmed, never to one he typed (issue 24 #6).
      if (email !== undefined && email !== own) throw new DomainError("community.notAccountEmail");
      const { signup, created } = await joinWaitlist(c.get("deps").database.db, c.get("user").id, {
        ...request,
        email: own,
      });
      return c.json({ signup }, created ? 201 : 200);
    },
  );
