import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { readPostPhoto, sharePost } from "#server/services/community/feed.ts";
import { readFeedPage } from "#server/services/community/kept-feed.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { feedCursorSchema, feedPageSchema, postSharedSchema, sharePostSchema } from "#shared/community/contracts.ts";
import { memberRouter } from "./member-router.ts";

/**
 * A post's photo never changes under its post (a replaced proof leaves the post without one), but a removal or a
 * block should not leave it in his browser for long: a day, and only his (issue 53 row 4).
 */
const POST_PHOTO_CACHE = "private, max-age=86400";

/** The feed's pages, sharing a win to it, and a post's photo (members only). */
export const feedRoutes = memberRouter()
  .get(
    "/feed",
    documented({
      tag: "Community",
      summary: "One page of the feed, newest first (members only).",
      description:
        "`?cursor=` the `nextCursor` of the page before (none: the newest). `{posts, nextCursor}`: up to 20 posts, each with his first name, the win (challenge, milestone, day), his words, the proof he chose to show (the photo's address, or the activity's distance, moving time, pace and route shape), cheers and comments. `hidden`: on the first page, how many posts he hid (reported, or by a member he blocked), so an empty feed can say so; 0 on later pages. A cursor this server did not write reads as the first page.",
      ok: { 200: { description: "`FeedPage`: `{posts, nextCursor, hidden}`", body: feedPageSchema } },
    }),
    validate("query", feedCursorSchema),
    async (c) => {
      return c.json(await readFeedPage(c.get("deps"), c.get("user").id, c.req.valid("query").cursor), 200);
    },
  )
  .post(
    "/posts",
    documented({
      tag: "Community",
      summary: "Share a completed milestone or his validated run (members only).",
      description:
        '`{kind: "milestone", milestoneId, text?, withProof?, withScreenTime?}` or `{kind: "run", text?, withProof?, withScreenTime?}` → 201 `{post}`. `withScreenTime` shows the minutes he took back from his phone over a week, worked out from his own check-ins (`tookBackMinutes`; null when he took none back). The win is read from his own plan or run, never from the request; a milestone text or challenge title that breaks the community text rules (a link, a refused word, invisible characters, a milestone over 300 characters) is refused with a message naming what to change (400); each win is shared once (409); 10 posts a day (429).',
      ok: { 201: { description: "`{post}`", body: postSharedSchema } },
      errors: [
        "community.milestoneNotFound",
        "community.milestoneNotCompleted",
        "community.runNotValidated",
        "community.winNotShareable",
        "community.alreadyShared",
        "community.dailyLimit",
      ],
    }),
    validate("json", sharePostSchema),
    async (c) => {
      const post = await sharePost(c.get("deps").database.db, c.get("user").id, c.req.valid("json"));
      return c.json({ post }, 201);
    },
  )
  .get(
    "/posts/:id/photo",
    documented({
      tag: "Community",
      summary: "The photo a post shows as its proof (members who may see the post only).",
      description:
        "The re-encoded photo (`image/webp`) of a post shared with its photo proof, for a member who sees that post in his feed. A post he reported, whose author he blocked, that was removed, or that shows no photo → 404. Kept a day by his browser (`private`): a removal or a block reaches what it keeps by then.",
      ok: { 200: "The photo" },
      media: "image/webp",
      errors: ["community.postNotFound"],
    }),
    idParam("community.postNotFound"),
    async (c) => {
      const { database, proofStorage } = c.get("deps");
      const photo = await readPostPhoto(database.db, proofStorage, c.get("user").id, c.req.valid("param").id);
      if (!photo) throw new DomainError("community.postNotFound");
      return c.body(new Uint8Array(photo.bytes), 200, {
        "Content-Type": photo.contentType,
        "Cache-Control": POST_PHOTO_CACHE,
      });
    },
  );
