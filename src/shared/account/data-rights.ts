import { z } from "zod";
import { paths } from "../paths.ts";
import { dayOf } from "../time.ts";

/**
 * The user's data rights on the profile page (GDPR Art. 15, 17, 20): download everything stored about him as one
 * JSON file, and delete the account, confirmed with his password.
 */

export const dataRightsMessages = {
  passwordRequired: "Please enter your password to confirm.",
  wrongPassword: "That password is not correct. Your account was not deleted.",
  cancelFailed:
    "Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.",
  exportFailed: "Could not prepare your data. Please try again.",
  deleteFailed: "Could not delete your account. Please try again.",
} as const;

/** POST /api/me/delete: the password as typed (never trimmed), only checked for presence here. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: dataRightsMessages.passwordRequired })
    .min(1, dataRightsMessages.passwordRequired)
    .max(1024, dataRightsMessages.wrongPassword),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountSchema>;

/** What the deletion answers; the session cookie is cleared with it. */
export type AccountDeleted = { deleted: true; subscriptionCancelled: boolean };

/** Where the browser lands after the deletion: a signed-out page that says what happened. */
export const accountDeletedPath = paths.accountDeleted;

/** One table of the export: what it is, which of its columns were left out and why, and every row that is his. */
export type DataExportSection = {
  description: string;
  omittedColumns: string[];
  rows: Record<string, unknown>[];
};

/** GET /api/me/data: the whole file. */
export type DataExport = {
  format: "unscroll-data-export";
  version: 1;
  exportedAt: string;
  app: string;
  user: { id: string; email: string };
  notes: string[];
  /** By database table; every table that holds rows of a user is present, empty or not. */
  tables: Record<string, DataExportSection>;
};

/** unscroll-data-YYYY-MM-DD.json, the day (UTC) the file was made. */
export function dataExportFileName(at: Date) {
  return `unscroll-data-${dayOf(at)}.json`;
}
