import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderDeliveries } from "#server/db/schema.ts";
import type { ClaimedDelivery } from "../outbox/send.ts";

type Delivery = typeof reminderDeliveries.$inferSelect;

/**
 * A claimed row of reminder_deliveries, as the outbox sends it: his reminders and the evening's nudges (decision
 * 0161) share the table. Taking it sets `sent_at` where still null, so only one job gets the row; releasing clears
 * it; a reminder no longer true has its claim deleted, so a later one can be planned.
 */
export function reminderDeliveryRow(db: Db, deliveryId: string, now: Date): Omit<ClaimedDelivery<Delivery>, "compose"> {
  return {
    take: async () => {
      const [delivery] = await db
        .update(reminderDeliveries)
        .set({ sentAt: now })
        .where(and(eq(reminderDeliveries.id, deliveryId), isNull(reminderDeliveries.sentAt)))
        .returning();
      return delivery;
    },
    release: async () => {
      await db.update(reminderDeliveries).set({ sentAt: null }).where(eq(reminderDeliveries.id, deliveryId));
    },
    drop: async () => {
      await db.delete(reminderDeliveries).where(eq(reminderDeliveries.id, deliveryId));
    },
  };
}
