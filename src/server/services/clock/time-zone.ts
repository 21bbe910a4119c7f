import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderSettings } from "#server/db/schema.ts";
import { FALLBACK_TIME_ZONE } from "#shared/time.ts";

/**
 * His clock: the time zone his browser sent (stored beside his reminder switches), UTC until it has. His streak, his
 * insights, re-plan dates, screen-time weeks and the evening read it: a folder of its own below them all, so none of
 * them imports the reminders for it (decision 0172).
 */
export async function readTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: reminderSettings.timeZone })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  return row?.timeZone ?? FALLBACK_TIME_ZONE;
}
