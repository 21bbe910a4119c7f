import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import {
  MAX_PUSH_DEVICES,
  type PushStatus,
  pushEndpointBodySchema,
  pushMessages,
  pushStatusQuerySchema,
  pushSubscriptionSchema,
} from "../../../shared/push/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import { validate } from "../../http/validation.ts";
import { deviceLabel } from "../../services/push/device-label.ts";
import { isAllowedPushEndpoint } from "../../services/push/endpoint-policy.ts";
import { readPushDevices, removePushSubscription, savePushSubscription } from "../../services/push/subscriptions.ts";

const refuse = (status: 400 | 404 | 409 | 503, message: string) => new HTTPException(status, { message });

/**
 * Web push on this device (decision 0098): the key to subscribe with and whether this device's endpoint is his; the
 * browser's subscription saved when he switches push on, deleted when he switches it off. Only endpoints of known
 * push services are accepted (the server POSTs to them). Another user's endpoint answers as an unknown one when
 * deleted, and 409 when saved: it stays his.
 */
export const pushRoutes = new Hono<AppEnv>()
  .get("/", requireUser, validate("query", pushStatusQuerySchema), async (c) => {
    const { env, database } = c.var.deps;
    const { devices, subscribed } = await readPushDevices(database.db, c.var.user.id, c.req.valid("query").endpoint);
    return c.json<PushStatus>(
      { available: env.vapid !== null, publicKey: env.vapid?.publicKey ?? null, subscribed, devices },
      200,
    );
  })
  .post("/subscriptions", requireUser, validate("json", pushSubscriptionSchema), async (c) => {
    const { env, database } = c.var.deps;
    if (!env.vapid) throw refuse(503, pushMessages.unavailable);
    const subscription = c.req.valid("json");
    if (!isAllowedPushEndpoint(subscription.endpoint, { production: env.NODE_ENV === "production" })) {
      throw refuse(400, pushMessages.endpointRefused);
    }
    const outcome = await savePushSubscription(
      database.db,
      c.var.user.id,
      subscription,
      deviceLabel(c.req.header("user-agent")),
    );
    if (!outcome.saved) {
      throw refuse(
        409,
        outcome.reason === "endpoint-taken"
          ? pushMessages.endpointTaken
          : pushMessages.tooManyDevices(MAX_PUSH_DEVICES),
      );
    }
    return c.json<PushStatus>(
      { available: true, publicKey: env.vapid.publicKey, subscribed: true, devices: outcome.devices },
      200,
    );
  })
  .delete("/subscriptions", requireUser, validate("json", pushEndpointBodySchema), async (c) => {
    const { env, database } = c.var.deps;
    const userId = c.var.user.id;
    if (!(await removePushSubscription(database.db, userId, c.req.valid("json").endpoint))) {
      throw refuse(404, pushMessages.notFound);
    }
    const { devices } = await readPushDevices(database.db, userId, undefined);
    return c.json<PushStatus>(
      { available: env.vapid !== null, publicKey: env.vapid?.publicKey ?? null, subscribed: false, devices },
      200,
    );
  });
