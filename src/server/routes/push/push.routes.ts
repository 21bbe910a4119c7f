import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AppEnv, Deps } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { type PushDeps, pushStatusOf, switchPushOff, switchPushOn } from "#server/services/push/device-push.ts";
import {
  pushEndpointBodySchema,
  pushStatusQuerySchema,
  pushStatusSchema,
  pushSubscriptionSchema,
} from "#shared/push/contracts.ts";
import { pushMessages } from "#shared/push/rules.ts";

function pushDeps({ env, database }: Deps): PushDeps {
  return { db: database.db, vapid: env.vapid, production: env.NODE_ENV === "production" };
}

/**
 * Web push on this device (decision 0098): the key to subscribe with and whether this device's endpoint is his; the
 * browser's subscription saved when he switches push on, deleted when he switches it off. Only endpoints of known
 * push services are accepted (the server POSTs to them). Another user's endpoint answers as an unknown one when
 * deleted, and 409 when saved: it stays his. The service decides each refusal (services/push/device-push.ts); the
 * catalog in http/errors.ts answers it.
 */
export const pushRoutes = new Hono<AppEnv>()
  .get(
    "/",
    documented({
      tag: "Reminders",
      summary: "Web push on this device: the key to subscribe with and whether this device is his (decision 0098).",
      description:
        "`{available, publicKey \\| null, subscribed, devices}`: whether this server pushes, the VAPID key to subscribe with, whether the named endpoint (this device's) is one of his, and how many devices he has push on.",
      ok: { 200: { description: "`PushStatus`", body: pushStatusSchema } },
    }),
    requireUser,
    validate("query", pushStatusQuerySchema),
    async (c) => {
      return c.json(await pushStatusOf(pushDeps(c.get("deps")), c.get("user").id, c.req.valid("query").endpoint), 200);
    },
  )
  .post(
    "/subscriptions",
    documented({
      tag: "Reminders",
      summary: "Switch push on for this browser: its subscription saved for him.",
      description:
        "Body `{endpoint, keys: {p256dh, auth}, expirationTime?}`. The browser's `PushSubscription.toJSON()`, saved for him; the same status. 400 for an invalid subscription or an endpoint outside the known push services (https only in production), 409 past 10 devices, 409 `Push notifications on this browser are on for another account. …` for an endpoint another account has (it stays his, decision 0103), 503 when the server has no VAPID keys.",
      ok: { 200: { description: "`PushStatus`", body: pushStatusSchema } },
      errors: ["push.unavailable", "push.endpointRefused", "push.endpointTaken", "push.tooManyDevices"],
    }),
    requireUser,
    validate("json", pushSubscriptionSchema),
    async (c) => {
      const status = await switchPushOn(
        pushDeps(c.get("deps")),
        c.get("user").id,
        c.req.valid("json"),
        c.req.header("user-agent"),
      );
      return c.json(status, 200);
    },
  )
  .delete(
    "/subscriptions",
    documented({
      tag: "Reminders",
      summary: "Switch push off for this browser.",
      description: `Body \`{endpoint}\`. The same status, that device off. Another user's endpoint or an unknown one → 404 \`${pushMessages.notFound}\``,
      ok: { 200: { description: "`PushStatus`", body: pushStatusSchema } },
      errors: ["push.notFound"],
    }),
    requireUser,
    validate("json", pushEndpointBodySchema),
    async (c) => {
      return c.json(await switchPushOff(pushDeps(c.get("deps")), c.get("user").id, c.req.valid("json").endpoint), 200);
    },
  );
