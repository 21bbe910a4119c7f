import { Hono } from "hono";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { toUnsubscribePage } from "#server/http/unsubscribe-page.ts";
import { validate } from "#server/http/validation.ts";
import { readDigestSetting, setDigest, turnOffDigest } from "#server/services/community/digest-settings.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { readUnsubscribeToken } from "#server/services/outbox/unsubscribe-token.ts";
import { digestSettingRequestSchema, digestSettingSchema } from "#shared/community/notifications.ts";
import { unsubscribeAnswerSchema, unsubscribeSchema } from "#shared/reminders/contracts.ts";
import { memberRouter } from "./member-router.ts";

/** Whether he gets the daily digest e-mail (decision 0137), and turning it on or off (members only). */
const setting = memberRouter()
  .get(
    "/digest",
    documented({
      tag: "Community",
      summary: "Whether he gets the daily community digest e-mail (members only).",
      ok: { 200: { description: "`{digestEmails}`", body: digestSettingSchema } },
    }),
    async (c) => {
      return c.json(await readDigestSetting(c.get("deps").database.db, c.get("user").id), 200);
    },
  )
  .put(
    "/digest",
    documented({
      tag: "Community",
      summary: "Turn the daily community digest e-mail on or off (members only).",
      description: "`{digestEmails}` → the setting as saved.",
      ok: { 200: { description: "`{digestEmails}` as saved", body: digestSettingSchema } },
    }),
    validate("json", digestSettingRequestSchema),
    async (c) => {
      const { digestEmails } = c.req.valid("json");
      return c.json(await setDigest(c.get("deps").database.db, c.get("user").id, digestEmails, new Date()), 200);
    },
  );

/** The daily digest: his setting (members only), and its one-click unsubscribe, which works without a session. */
export const digestRoutes = new Hono<AuthedEnv>()
  .route("/", setting)
  .post(
    "/digest/unsubscribe",
    documented({
      tag: "Community",
      summary: "RFC 8058 one-click unsubscribe from the community digest, posted by mail providers: no session.",
      description:
        'No session: the signed token of the digest\'s link is the key. `{list: "community"}`: the digest is off. A token the server did not sign for the digest → 400 with the message for the page.',
      ok: { 200: { description: '`{list: "community"}`: the digest is off', body: unsubscribeAnswerSchema } },
      errors: ["community.digestLinkInvalid"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const target = readUnsubscribeToken(env.AUTH_SECRET, c.req.valid("query").token, ["community"] as const);
      if (!target) throw new DomainError("community.digestLinkInvalid");
      // A deleted account's or a former member's link gets the same answer, so the link reveals nothing.
      await turnOffDigest(database.db, target.userId, new Date());
      return c.json({ list: target.list }, 200);
    },
  )
  // The one-click address opened in a browser: the reminders' unsubscribe page, which asks before it changes anything.
  .get(
    "/digest/unsubscribe",
    documented({
      tag: "Community",
      summary: "The digest's unsubscribe address opened in a browser: to the page that asks first.",
      description: "303 to `/unsubscribe?token=…`, the page that asks before it changes anything.",
      ok: { 303: "To `/unsubscribe?token=…`" },
      public: true,
    }),
    toUnsubscribePage,
  );
