import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { normalizeEmail } from "../../../shared/account/rules.ts";
import { communityMessages, joinWaitlistSchema } from "../../../shared/community/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { validate } from "../../http/validation.ts";
import {
  communityOverview,
  joinWaitlist,
  readWaitlistSignup,
  requestCommunityNotice,
} from "../../services/community/waitlist.ts";
import { DomainError } from "../../services/domain-error.ts";

/** The waitlist answers a missing session with SPEC.md's own words: 'You must be logged in to join the waitlist'. */
const requireWaitlistUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user) throw new DomainError("community.loginRequired");
  await next();
});

/** The community before it opens: the feed preview's numbers, 'Notify Me When Ready', and the waitlist. */
export const communityRoutes = new Hono<AuthedEnv>()
  .get("/", requireUser, async (c) => {
    return c.json(await communityOverview(c.var.deps.database.db, c.var.user.id), 200);
  })
  .post("/notify", requireUser, async (c) => {
    const { created } = await requestCommunityNotice(c.var.deps.database.db, c.var.user.id);
    return c.json({ notifyRequested: true as const }, created ? 201 : 200);
  })
  .get("/waitlist", requireWaitlistUser, async (c) => {
    return c.json({ signup: await readWaitlistSignup(c.var.deps.database.db, c.var.user.id) }, 200);
  })
  .post("/waitlist", requireWaitlistUser, validate("json", joinWaitlistSchema), async (c) => {
    const { email, ...request } = c.req.valid("json");
    const own = normalizeEmail(c.var.user.email);
    // Launch news goes to the address he confirmed, never to one he typed (issue 24 #6).
    if (email !== undefined && email !== own)
      throw new HTTPException(400, { message: communityMessages.notAccountEmail });
    const { signup, created } = await joinWaitlist(c.var.deps.database.db, c.var.user.id, { ...request, email: own });
    return c.json({ signup }, created ? 201 : 200);
  });
