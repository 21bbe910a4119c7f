import { type SQL, sql } from "drizzle-orm";
import type { proofs } from "#server/db/schema.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";

type ProofRow = typeof proofs.$inferSelect;

/** Where his own proof photos are served from (GET /api/proofs/:id/photo). */
const ownPhotoUrl = (proofId: string) => `/api/proofs/${proofId}/photo`;

/** A proof row as the screens show it; `photoUrl` says from where its photo is served to this reader. */
export function proofSummary(row: ProofRow, photoUrl: (proofId: string) => string = ownPhotoUrl): ProofSummary {
  const createdAt = row.createdAt.toISOString();
  if (row.kind === "photo") {
    return {
      id: row.id,
      kind: "photo",
      photo: { width: row.photoWidth ?? 0, height: row.photoHeight ?? 0, url: photoUrl(row.id) },
      createdAt,
    };
  }
  if (!row.activity) throw new Error(`activity proof ${row.id} without its reading`);
  return { id: row.id, kind: "activity", activity: row.activity, createdAt };
}

/**
 * The same summary built by PostgreSQL, for the dashboard's one-statement read: `alias` names the proofs row (a
 * milestone's, or null). Kept beside proofSummary so the two read alike.
 */
export function proofSummaryJson(alias: SQL, isoTime: (column: SQL) => SQL): SQL {
  return sql`case when ${alias}.id is null then null when ${alias}.kind = 'photo' then json_build_object(
      'id', ${alias}.id, 'kind', 'photo',
      'photo', json_build_object('width', ${alias}.photo_width, 'height', ${alias}.photo_height,
        'url', '/api/proofs/' || ${alias}.id || '/photo'),
      'createdAt', ${isoTime(sql`${alias}.created_at`)})
    else json_build_object('id', ${alias}.id, 'kind', 'activity', 'activity', ${alias}.activity,
      'createdAt', ${isoTime(sql`${alias}.created_at`)}) end`;
}
