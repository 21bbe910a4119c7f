import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { staticAssets } from "./schema.ts";

/** Rows of a build not started for this long are removed at start-up, unless they are the previous build's. */
const KEPT_DAYS = 30;

/** Bytes per insert: a build's assets go in a few statements rather than one of many megabytes. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * The hashed assets of every recent build, in the database all instances share (issue 36, decision 0122): each
 * instance publishes its own at start-up, and answers from here a chunk its build lacks.
 */
export type SharedAssets = {
  /** Adds this build's files (URL path -> bytes) and marks them seen now; then removes what no recent build has. */
  publish(files: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /** The stored ones among `paths`. */
  find(paths: readonly string[]): Promise<Map<string, Uint8Array>>;
};

export function sharedAssets(db: Db): SharedAssets {
  return {
    async publish(files) {
      const paths = [...files.keys()];
      if (paths.length === 0) return;
      // A path names one content for ever (its hash is in the name), so only the missing ones are sent.
      const stored = new Set(
        (await db.select({ path: staticAssets.path }).from(staticAssets).where(inArray(staticAssets.path, paths))).map(
          (row) => row.path,
        ),
      );
      let batch: { path: string; content: Uint8Array }[] = [];
      let bytes = 0;
      const flush = async () => {
        if (batch.length > 0) await db.insert(staticAssets).values(batch).onConflictDoNothing();
        batch = [];
        bytes = 0;
      };
      for (const [path, content] of files) {
        if (stored.has(path)) continue;
        batch.push({ path, content });
        bytes += content.byteLength;
        if (bytes >= BATCH_BYTES) await flush();
      }
      await flush();
      await db.update(staticAssets).set({ lastSeenAt: sql`now()` }).where(inArray(staticAssets.path, paths));
      // The build this one replaces stays however long it ran: its pages are still open while the deploy rolls on.
      // It is the one whose instances started last before this one, so its rows were seen last.
      await db.execute(sql`
        delete from ${staticAssets}
        where ${staticAssets.lastSeenAt} < now() - make_interval(days => ${KEPT_DAYS})
          and ${staticAssets.lastSeenAt} < (
            select max(${staticAssets.lastSeenAt}) from ${staticAssets}
            where ${staticAssets.path} <> all(${sql.param(paths)}::text[])
          )`);
    },
    async find(paths) {
      if (paths.length === 0) return new Map();
      const rows = await db
        .select({ path: staticAssets.path, content: staticAssets.content })
        .from(staticAssets)
        .where(inArray(staticAssets.path, [...paths]));
      return new Map(rows.map((row) => [row.path, row.content]));
    },
  };
}
