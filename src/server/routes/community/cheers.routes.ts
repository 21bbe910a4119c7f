import { documented } from "#server/http/openapi.ts";
import { idParam } from "#server/http/validation.ts";
import { cheerPost, takeBackCheer } from "#server/services/community/post-cheers.ts";
import { cheerAnswerSchema } from "#shared/community/contracts.ts";
import { memberRouter } from "./member-router.ts";

const cheerDoc = {
  tag: "Community",
  ok: { 200: { description: "`{cheers, cheeredByMe}`", body: cheerAnswerSchema } },
} as const;

/** A member's cheer on a post: given once, taken back (members only). */
export const cheerRoutes = memberRouter()
  .put(
    "/posts/:id/cheer",
    documented({
      ...cheerDoc,
      summary: "Cheer a post, once (members only; not his own).",
      errors: ["community.postNotFound", "community.ownCheer"],
    }),
    idParam("community.postNotFound"),
    async (c) => {
      return c.json(await cheerPost(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id), 200);
    },
  )
  .delete(
    "/posts/:id/cheer",
    documented({
      ...cheerDoc,
      summary: "Take his cheer back (members only).",
      errors: ["community.postNotFound"],
    }),
    idParam("community.postNotFound"),
    async (c) => {
      return c.json(await takeBackCheer(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id), 200);
    },
  );
