/** The reminder e-mails the product sends (issue 14), one delivery row per kind and subject. */
export const reminderKinds = ["due_tomorrow", "overdue", "weekly_summary"] as const;
export type ReminderKind = (typeof reminderKinds)[number];
