import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { partnerDeliveries, reminderDeliveries } from "#server/db/schema.ts";
import type { ClaimedDelivery } from "./send.ts";

/** The outbox's tables of claimed deliveries: a row per e-mail, its `sent_at` the mark of the one job that sends it. */
type DeliveryTable = typeof reminderDeliveries | typeof partnerDeliveries;

/**
 * A claimed delivery row as the outbox sends it: taking it sets `sent_at` where still null, so only one job gets the
 * row; releasing clears it; a delivery no longer true has its claim deleted, so a later one can be planned.
 */
export function deliveryRow<T extends DeliveryTable>(
  db: Db,
  table: T,
  deliveryId: string,
  now: Date,
): Omit<ClaimedDelivery<T["$inferSelect"]>, "compose"> {
  // One table at a time for drizzle's types: both have the same `id` and `sent_at` columns.
  const rows = table as typeof reminderDeliveries;
  return {
    take: async () => {
      const [delivery] = await db
        .update(rows)
        .set({ sentAt: now })
        .where(and(eq(rows.id, deliveryId), isNull(rows.sentAt)))
        .returning();
      return delivery as T["$inferSelect"] | undefined;
    },
    release: async () => {
      await db.update(rows).set({ sentAt: null }).where(eq(rows.id, deliveryId));
    },
    drop: async () => {
      await db.delete(rows).where(eq(rows.id, deliveryId));
    },
  };
}
