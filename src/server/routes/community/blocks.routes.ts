import { documented } from "#server/http/openapi.ts";
import { idParam } from "#server/http/validation.ts";
import { blockAuthor, readBlocks, unblock } from "#server/services/community/blocks.ts";
import { blockedSchema, blocksAnswerSchema } from "#shared/community/contracts.ts";
import { memberRouter } from "./member-router.ts";

/** Blocking a post's author, the members he blocked, and unblocking one (members only). */
export const blockRoutes = memberRouter()
  .put(
    "/posts/:id/block-author",
    documented({
      tag: "Community",
      summary: "Block the author of a post (members only): his posts and comments are gone for the blocker.",
      ok: { 200: { description: "`{blocked: true}`", body: blockedSchema } },
      errors: ["community.postNotFound", "community.ownBlock"],
    }),
    idParam("community.postNotFound"),
    async (c) => {
      await blockAuthor(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id);
      return c.json({ blocked: true as const }, 200);
    },
  )
  .get(
    "/blocks",
    documented({
      tag: "Community",
      summary: "The members he blocked, newest first (members only).",
      description:
        "Each with `id`, the id of his block: opaque and his own (another blocker of the same member gets another), what `DELETE /api/community/blocks/:id` takes. No member's internal id is answered.",
      ok: { 200: { description: "`{blocks: [{id, firstName, since}]}`", body: blocksAnswerSchema } },
    }),
    async (c) => {
      const { database, env } = c.get("deps");
      return c.json({ blocks: await readBlocks(database.db, c.get("user").id, env.AUTH_SECRET) }, 200);
    },
  )
  .delete(
    "/blocks/:id",
    documented({
      tag: "Community",
      summary: "Unblock a member (members only); his posts and comments show again. Unknown ids change nothing.",
      description: "`:id` is the `id` his list of blocks gave. Any other id, a member's included, changes nothing.",
      ok: { 200: { description: "`{blocks}`: the ones left", body: blocksAnswerSchema } },
    }),
    async (c) => {
      const { database, env } = c.get("deps");
      await unblock(database.db, c.get("user").id, env.AUTH_SECRET, c.req.param("id"));
      return c.json({ blocks: await readBlocks(database.db, c.get("user").id, env.AUTH_SECRET) }, 200);
    },
  );
