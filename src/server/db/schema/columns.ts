import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { customType, timestamp } from "drizzle-orm/pg-core";

// Column helpers every area's tables share.

/** `column in ('a', 'b')` from one of the shared enums, so the database check and the code list the same values. */
export function oneOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in ${sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`)}`;
}

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres sends a Buffer as bytes; another Uint8Array view it would send as text.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
