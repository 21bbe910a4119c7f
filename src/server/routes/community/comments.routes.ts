import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { readComments, writeComment } from "#server/services/community/comments.ts";
import {
  commentsAnswerSchema,
  commentWrittenSchema,
  feedCursorSchema,
  writeCommentSchema,
} from "#shared/community/contracts.ts";
import { COMMENTS_PAGE_SIZE } from "#shared/community/rules.ts";
import { memberRouter } from "./member-router.ts";

/** The comments under a post: read a page at a time, written one by one (members only). */
export const commentRoutes = memberRouter()
  .get(
    "/posts/:id/comments",
    documented({
      tag: "Community",
      summary: "One page of the comments under a post, oldest first (members only).",
      description: `\`?cursor=\` the \`nextCursor\` of the page before (none: the oldest). \`{comments, nextCursor}\`: up to ${COMMENTS_PAGE_SIZE} comments, each with its author's first name, its words and when it was written; \`nextCursor\` asks for the newer ones after them (null: the last page). What he reported and what a member he blocked wrote are left out. A cursor this server did not write reads as the first page.`,
      ok: { 200: { description: "`{comments, nextCursor}`", body: commentsAnswerSchema } },
      errors: ["community.postNotFound"],
    }),
    idParam("community.postNotFound"),
    validate("query", feedCursorSchema),
    async (c) => {
      const { db } = c.get("deps").database;
      return c.json(
        await readComments(db, c.get("user").id, c.req.valid("param").id, c.req.valid("query").cursor),
        200,
      );
    },
  )
  .post(
    "/posts/:id/comments",
    documented({
      tag: "Community",
      summary: "Comment on a post (members only).",
      description: "`{text}` (up to 280 characters; no links, no slurs) → 201 `{comment}`. 50 comments a day (429).",
      ok: { 201: { description: "`{comment}`", body: commentWrittenSchema } },
      errors: ["community.postNotFound", "community.dailyLimit"],
    }),
    idParam("community.postNotFound"),
    validate("json", writeCommentSchema),
    async (c) => {
      const { db } = c.get("deps").database;
      const comment = await writeComment(db, c.get("user").id, c.req.valid("param").id, c.req.valid("json").text);
      return c.json({ comment }, 201);
    },
  );
