import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { PushStatus, PushSubscriptionJson } from "#shared/push/contracts.ts";
import { MAX_PUSH_DEVICES } from "#shared/push/rules.ts";
import { DomainError } from "../domain-error.ts";
import { deviceLabel } from "./device-label.ts";
import { isAllowedPushEndpoint } from "./endpoint-policy.ts";
import { readPushDevices, removePushSubscription, savePushSubscription } from "./subscriptions.ts";

/** What /api/push needs: the database, this server's VAPID keys (null: push is off) and whether it is production. */
export type PushDeps = { db: Db; vapid: Env["vapid"]; production: boolean };

/** Whether this server pushes, the key to subscribe with, and whether `endpoint` (this device's) is his. */
export async function pushStatusOf(deps: PushDeps, userId: string, endpoint: string | undefined): Promise<PushStatus> {
  const { devices, subscribed } = await readPushDevices(deps.db, userId, endpoint);
  return { available: deps.vapid !== null, publicKey: deps.vapid?.publicKey ?? null, subscribed, devices };
}

/**
 * Switches push on for this device (decision 0098). Refused: a server without VAPID keys, an endpoint of a push
 * service we do not POST to (the server would send requests wherever it points), an endpoint another account has (it
 * stays his, decision 0103), and a device beyond MAX_PUSH_DEVICES.
 */
export async function switchPushOn(
  deps: PushDeps,
  userId: string,
  subscription: PushSubscriptionJson,
  userAgent: string | undefined,
): Promise<PushStatus> {
  if (!deps.vapid) throw new DomainError("push.unavailable");
  if (!isAllowedPushEndpoint(subscription.endpoint, { production: deps.production })) {
    throw new DomainError("push.endpointRefused");
  }
  const outcome = await savePushSubscription(deps.db, userId, subscription, deviceLabel(userAgent));
  if (!outcome.saved) {
    throw outcome.reason === "endpoint-taken"
      ? new DomainError("push.endpointTaken")
      : new DomainError("push.tooManyDevices", { count: MAX_PUSH_DEVICES });
  }
  return { available: true, publicKey: deps.vapid.publicKey, subscribed: true, devices: outcome.devices };
}

/** Switches push off for this device; an endpoint that is not his (unknown, or another user's) is not found. */
export async function switchPushOff(deps: PushDeps, userId: string, endpoint: string): Promise<PushStatus> {
  if (!(await removePushSubscription(deps.db, userId, endpoint))) throw new DomainError("push.notFound");
  const { devices } = await readPushDevices(deps.db, userId, undefined);
  return { available: deps.vapid !== null, publicKey: deps.vapid?.publicKey ?? null, subscribed: false, devices };
}
