import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reminderSettings, users } from "#server/db/schema.ts";
import type { ReminderSettings, ReminderSettingsPatch } from "#shared/reminders/contracts.ts";
import type { ReminderList } from "#shared/reminders/rules.ts";

const DEFAULTS: ReminderSettings = {
  deadlineEmails: true,
  weeklySummary: true,
  timeZone: null,
  screenTimeCheckIn: true,
  phoneDownAt: null,
  partnerSeesScreenTime: false,
};

function toSettings(row: typeof reminderSettings.$inferSelect | undefined): ReminderSettings {
  if (!row) return DEFAULTS;
  return {
    deadlineEmails: row.deadlineEmails,
    weeklySummary: row.weeklySummary,
    timeZone: row.timeZone,
    screenTimeCheckIn: row.screenTimeCheckIn,
    phoneDownAt: row.phoneDownAt,
    partnerSeesScreenTime: row.partnerSeesScreenTime,
  };
}

/** Whether the list a reminder belongs to is on: what an unsubscribe link turns off. */
export function listIsOn(settings: ReminderSettings, list: ReminderList): boolean {
  return {
    deadlines: settings.deadlineEmails,
    weekly: settings.weeklySummary,
    check_in: settings.screenTimeCheckIn,
    evening: settings.phoneDownAt !== null,
  }[list];
}

const turnedOff: Record<ReminderList, ReminderSettingsPatch> = {
  deadlines: { deadlineEmails: false },
  weekly: { weeklySummary: false },
  check_in: { screenTimeCheckIn: false },
  evening: { phoneDownAt: null },
};

/**
 * His row, made with his account (decision 0186); the defaults stand in should a row be missing all the same (every
 * reminder on: they are on by default for deadlines he set).
 */
export async function readReminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return toSettings(row);
}

/** Changes only what the patch names, in one statement, so two tabs saving different switches both keep theirs. */
export async function updateReminderSettings(
  db: Db,
  userId: string,
  patch: ReminderSettingsPatch,
): Promise<ReminderSettings> {
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return toSettings(row);
}

/**
 * A list turned off with an e-mail's unsubscribe link. The signed token may name an account deleted since: it gets no
 * e-mail anyway, and nothing is stored for it (its settings row would refer to no one).
 */
export async function turnOffList(db: Db, userId: string, list: ReminderList): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await updateReminderSettings(db, userId, turnedOff[list]);
}
