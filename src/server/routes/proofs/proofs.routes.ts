import { Hono } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import { idParam } from "../../http/validation.ts";
import { readProofPhoto } from "../../services/proof/milestone-proof.ts";

/** A re-encoded proof photo never changes under its id (a new photo is a new proof), so his browser may keep it. */
const PHOTO_CACHE = "private, max-age=31536000, immutable";

/** His proof photos (issue 26); another user's answers the same 404 as an unknown id. */
export const proofRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/:id/photo", idParam("proof.notFound"), async (c) => {
    const { deps, user } = c.var;
    const photo = await readProofPhoto(
      { db: deps.database.db, storage: deps.proofStorage },
      user.id,
      c.req.valid("param").id,
    );
    if (!photo) return notFound(c);
    return c.body(new Uint8Array(photo.bytes), 200, {
      "Content-Type": photo.contentType,
      "Cache-Control": PHOTO_CACHE,
    });
  });
