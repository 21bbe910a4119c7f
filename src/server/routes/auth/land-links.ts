import { createMiddleware } from "hono/factory";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 6: where the links of our e-mails land. Each link carries exactly this callbackURL, as its last parameter, so
 * a link copied with a few words too many out of a terminal or a mail carries it damaged, and better-auth would answer
 * a raw {"message":"Invalid callbackURL"} although the token is fine. The landing is the endpoint's `landing` instead
 * of the link's: the token decides, and the link can point nowhere else (decision 0059).
 */
export const landLinks = createMiddleware<GuardEnv>(async (c, next) => {
  const { landing } = c.get("endpoint");
  if (landing) c.get("forward").url.searchParams.set("callbackURL", landing);
  await next();
});
