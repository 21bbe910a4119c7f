import { asc, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { waitlistSignups } from "#server/db/schema.ts";
import { interestLabel } from "#shared/community/rules.ts";

const WAITLIST_CSV_HEADER = ["position", "name", "email", "interests", "joined_at"] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or LF, with quotes doubled. A text that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or CR that some strip first) gets a leading
 * single quote, so an e-mail or name typed by a member can never execute on the operator's machine.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(fields: readonly (string | number)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * The waitlist as CSV lines (header first, then one member per line in position order), read in pages of `batchSize`
 * so a long list never sits in memory at once. Interests are their labels, separated by "; ".
 */
export async function* waitlistCsv(db: Db, batchSize = 500): AsyncGenerator<string> {
  yield csvRow(WAITLIST_CSV_HEADER);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(waitlistSignups)
      .where(gt(waitlistSignups.waitlistPosition, after))
      .orderBy(asc(waitlistSignups.waitlistPosition))
      .limit(batchSize);
    for (const row of rows) {
      yield csvRow([
        row.waitlistPosition,
        row.name,
        row.email,
        row.interests.map(interestLabel).join("; "),
        row.createdAt.toISOString(),
      ]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.waitlistPosition;
  }
}
