import { and, count, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { pushSubscriptions, users } from "#server/db/schema.ts";
import type { PushSubscriptionJson } from "#shared/push/contracts.ts";
import { MAX_PUSH_DEVICES } from "#shared/push/rules.ts";

export type SaveOutcome =
  | { saved: true; devices: number }
  | { saved: false; reason: "too-many-devices" | "endpoint-taken" };

async function devicesOf(db: Pick<Db, "select">, userId: string) {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/**
 * Keeps this device's subscription for him. The endpoint is the key: saving it again refreshes its keys. An endpoint
 * another user has stays his (`endpoint-taken`): moving it would switch off his device and send the caller's
 * reminders to it, and only its owner may end his subscription (issue 24 #5, decision 0103). A browser that another
 * account used gets a fresh endpoint by subscribing anew. At most MAX_PUSH_DEVICES per user; his row is locked so two
 * devices switching on together cannot pass the cap.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscriptionJson,
  deviceLabel: string,
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, subscription.endpoint)));
    if ((others?.n ?? 0) >= MAX_PUSH_DEVICES) return { saved: false, reason: "too-many-devices" } as const;
    const fields = {
      userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      deviceLabel,
    };
    // One statement decides, so two accounts saving the same endpoint at once cannot both get it.
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...fields })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...fields, createdAt: new Date(), lastSuccessAt: null },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) return { saved: false, reason: "endpoint-taken" } as const;
    return { saved: true, devices: await devicesOf(tx, userId) } as const;
  });
}

/** Deletes his subscription of this endpoint; false when he has none there (unknown, or another user's). */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** How many devices he has push on, and whether `endpoint` (this device's, if it has one) is among them. */
export async function readPushDevices(db: Db, userId: string, endpoint: string | undefined) {
  const devices = await devicesOf(db, userId);
  if (!endpoint || devices === 0) return { devices, subscribed: false };
  const [mine] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { devices, subscribed: Boolean(mine) };
}
