import { z } from "zod";
import { isStorableMoment } from "#shared/time.ts";

/** The feed's cursor, also the comments': the last item's (created_at, id), opaque to the client. */
type Cursor = { at: string; id: string };

export function encodeCursor(post: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify({ at: post.createdAt.toISOString(), id: post.id })).toString("base64url");
}

/**
 * A cursor this server wrote, or null for anything else (which reads as the first page, as the API document
 * promises). Only what `encodeCursor` writes passes: a moment as `toISOString()` gives it, in the years both databases
 * read alike, and a UUID. Anything looser reached PostgreSQL as a value it refused, a 500 (issue 52 row 4).
 */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Cursor> | null;
    const at = parsed?.at;
    const id = parsed?.id;
    if (typeof at !== "string" || !isStorableMoment(new Date(at)) || new Date(at).toISOString() !== at) return null;
    if (typeof id !== "string" || !z.uuid().safeParse(id).success) return null;
    return { at, id };
  } catch {
    return null;
  }
}
