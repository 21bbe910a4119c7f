import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.ts";

// Shared build assets (issue 36, decision 0122).

/**
 * Every content-hashed file under /assets/ of every build that ran on this database in the last weeks, its .br/.gz
 * copies as rows of their own: during a rolling deploy a page of one build asks an instance of the other for a chunk
 * it does not have. A path names one content for ever (the hash is in the name), so a row is never updated but for
 * `last_seen_at`, which start-up refreshes and prunes by.
 */
export const staticAssets = pgTable("static_assets", {
  path: text("path").primaryKey(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});
