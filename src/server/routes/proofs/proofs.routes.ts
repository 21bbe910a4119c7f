import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { readProofPhoto } from "#server/services/proof/milestone-proof.ts";

/** A re-encoded proof photo never changes under its id (a new photo is a new proof), so his browser may keep it. */
const PHOTO_CACHE = "private, max-age=31536000, immutable";

/** His proof photos (issue 26); another user's answers the same 404 as an unknown id. */
export const proofRoutes = new Hono<AuthedEnv>().use(requireUser).get(
  "/:id/photo",
  documented({
    tag: "Challenges and milestones",
    summary: "A proof photo of his (WebP, cached for good: a new photo is a new proof).",
    description:
      "The photo (`image/webp`, `Cache-Control: private, max-age=31536000, immutable`: a new photo is a new proof). 404 for another user's or an unknown id.",
    ok: { 200: "The photo" },
    media: "image/webp",
    errors: ["proof.notFound"],
  }),
  idParam("proof.notFound"),
  async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const photo = await readProofPhoto(
      { db: deps.database.db, storage: deps.proofStorage },
      user.id,
      c.req.valid("param").id,
    );
    if (!photo) throw new DomainError("proof.notFound");
    return c.body(new Uint8Array(photo.bytes), 200, {
      "Content-Type": photo.contentType,
      "Cache-Control": PHOTO_CACHE,
    });
  },
);
