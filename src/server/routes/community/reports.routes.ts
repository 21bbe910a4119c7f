import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { report } from "#server/services/community/reports.ts";
import { reportedSchema, reportSchema } from "#shared/community/contracts.ts";
import { reportReasonIds } from "#shared/community/rules.ts";
import { memberRouter } from "./member-router.ts";

/** Reporting a post or a comment (DSA Art. 16): hidden for him at once, queued for the operator (members only). */
export const reportRoutes = memberRouter()
  .post(
    "/posts/:id/report",
    documented({
      tag: "Community",
      summary: "Report a post (members only; DSA Art. 16): hidden for him at once, queued for the operator.",
      description: `{reason: ${reportReasonIds.map((r) => `"${r}"`).join(" \\| ")}, note?: string (≤ 500)} → 201 \`{reported: true}\`, also when he had reported it already (nothing changes). 20 reports a day (429).`,
      ok: { 201: { description: "`{reported: true}`", body: reportedSchema } },
      errors: ["community.postNotFound", "community.ownReport", "community.dailyLimit"],
    }),
    idParam("community.postNotFound"),
    validate("json", reportSchema),
    async (c) => {
      const { db } = c.get("deps").database;
      await report(db, c.get("user").id, { postId: c.req.valid("param").id }, c.req.valid("json"));
      return c.json({ reported: true as const }, 201);
    },
  )
  .post(
    "/comments/:id/report",
    documented({
      tag: "Community",
      summary: "Report a comment (members only; DSA Art. 16): hidden for him at once, queued for the operator.",
      description: "As reporting a post.",
      ok: { 201: { description: "`{reported: true}`", body: reportedSchema } },
      errors: ["community.commentNotFound", "community.ownReport", "community.dailyLimit"],
    }),
    idParam("community.commentNotFound"),
    validate("json", reportSchema),
    async (c) => {
      const { db } = c.get("deps").database;
      await report(db, c.get("user").id, { commentId: c.req.valid("param").id }, c.req.valid("json"));
      return c.json({ reported: true as const }, 201);
    },
  );
