import { createMiddleware } from "hono/factory";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 9: a request that ended sessions (a sign-out, a password reset) tells every instance, so a session another
 * instance keeps is refused there within a second (decision 0121). Only those: a sign-in or a sign-up ends nothing
 * another instance keeps, and telling them anyway would empty every instance's cache at each login.
 */
export const tellOtherInstances = createMiddleware<GuardEnv>(async (c, next) => {
  await next();
  if (!c.get("endpoint").endsSessions || !c.res.ok) return;
  await c
    .get("deps")
    .database.changes.publish("sessions")
    .catch((err: unknown) => c.get("log").error({ err }, "could not tell the other instances about a session change"));
});
