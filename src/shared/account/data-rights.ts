import { z } from "zod";
import { answer } from "../answer.ts";
import { dataRightsMessages } from "./rules.ts";

/**
 * The user's data rights on the profile page (GDPR Art. 15, 17, 20): download everything stored about him as one
 * JSON file, and delete the account, confirmed with his password. Their words live in rules.ts (decision 0141).
 */

/** POST /api/me/delete: the password as typed (never trimmed), only checked for presence here. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: dataRightsMessages.passwordRequired })
    .min(1, dataRightsMessages.passwordRequired)
    .max(1024, dataRightsMessages.wrongPassword),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountSchema>;

/** What the deletion answers; the session cookie is cleared with it. */
export const accountDeletedSchema = answer(z.object({ deleted: z.literal(true), subscriptionCancelled: z.boolean() }));
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** One table of the export: what it is, which of its columns were left out and why, and every row that is his. */
const dataExportSectionSchema = z.object({
  description: z.string(),
  omittedColumns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type DataExportSection = z.infer<typeof dataExportSectionSchema>;

/** GET /api/me/data: the whole file. */
export const dataExportSchema = answer(
  z.object({
    format: z.literal("unscroll-data-export"),
    version: z.literal(1),
    exportedAt: z.string(),
    app: z.string(),
    user: z.object({ id: z.string(), email: z.string() }),
    notes: z.array(z.string()),
    /** By database table; every table that holds rows of a user is present, empty or not. */
    tables: z.record(z.string(), dataExportSectionSchema),
  }),
);
export type DataExport = z.infer<typeof dataExportSchema>;
