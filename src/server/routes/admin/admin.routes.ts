import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AuthedEnv } from "#server/context.ts";
import { documented, type RouteDoc } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { adminOverview } from "#server/services/community/admin-overview.ts";
import { admitNext, announceAdmission } from "#server/services/community/admission.ts";
import { decide, readDecisions, readQueue } from "#server/services/community/moderation.ts";
import { isOperator } from "#server/services/community/operators.ts";
import { DomainError } from "#server/services/domain-error.ts";
import {
  adminOverviewSchema,
  admitSchema,
  admittedSchema,
  decidedSchema,
  decisionLogSchema,
  decisionSchema,
  moderationQueueSchema,
} from "#shared/admin/contracts.ts";
import { parseModelPrices } from "#shared/admin/model-prices.ts";

/**
 * Only a marked operator gets past; everyone else, signed out or signed in, gets the answer of a path that does not
 * exist (404 "Not found"), so nobody learns that the page exists or who runs it (decision 0136). Checked before any
 * body is read, so a stranger's bad request is told nothing more either.
 */
const requireOperator = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user || !(await isOperator(c.get("deps").database.db, user.id))) throw new DomainError("admin.notFound");
  await next();
});

/**
 * "public" in the document's sense only: without a session the answer is 404 like everyone else's, never the 401 a
 * signed-in route gives, which would say the path exists.
 */
const operatorDoc = (doc: Omit<RouteDoc, "tag" | "public">): RouteDoc => ({
  ...doc,
  tag: "Operations",
  description: `${doc.description ? `${doc.description} ` : ""}Operators only: anyone else gets 404 "Not found", as for an unknown path.`,
  errors: ["admin.notFound", ...(doc.errors ?? [])],
  public: true,
});

/** The operator's page (/admin): counts, the moderation queue and its decisions, admission from the waitlist. */
export const adminRoutes = new Hono<AuthedEnv>()
  .use(requireOperator)
  .get(
    "/overview",
    documented(
      operatorDoc({
        summary: "The counts an operator looks at: sign-ups, plans, premium, model generations, the community.",
        ok: { 200: { description: "`AdminOverview`", body: adminOverviewSchema } },
      }),
    ),
    async (c) => {
      const read = parseModelPrices(c.get("deps").env.AI_PRICES);
      const prices = "prices" in read ? read.prices : new Map();
      return c.json(await adminOverview(c.get("deps").database.db, prices), 200);
    },
  )
  .get(
    "/queue",
    documented(
      operatorDoc({
        summary: "The moderation queue: reported posts and comments with their open reports, oldest first.",
        ok: { 200: { description: "`{items}`", body: moderationQueueSchema } },
      }),
    ),
    async (c) => c.json({ items: await readQueue(c.get("deps").database.db) }, 200),
  )
  .post(
    "/decisions",
    documented(
      operatorDoc({
        summary: "Decide a reported item (DSA Art. 17): keep it, remove it, or remove it and suspend its author.",
        description:
          "`{itemKind, itemId, decision, ground, explanation}` → 201 `{decision}`, logged. Remove and suspend e-mail the author a statement of reasons; an explanation is required for them. An item without open reports (decided already, perhaps by another operator at the same moment) → 409.",
        ok: { 201: { description: "`{decision}`: the logged decision", body: decidedSchema } },
        errors: ["admin.itemNotFound", "admin.alreadyDecided"],
      }),
    ),
    validate("json", decisionSchema),
    async (c) => {
      const decision = await decide(c.get("deps"), c.get("user").id, c.req.valid("json"));
      return c.json({ decision }, 201);
    },
  )
  .get(
    "/decisions",
    documented(
      operatorDoc({
        summary: "The log of moderation decisions, newest first (the last 100).",
        ok: { 200: { description: "`{decisions}`", body: decisionLogSchema } },
      }),
    ),
    async (c) => c.json({ decisions: await readDecisions(c.get("deps").database.db) }, 200),
  )
  .post(
    "/admissions",
    documented(
      operatorDoc({
        summary: "Let the next people of the waitlist in, in the order of their positions (as community:admit).",
        description:
          "`{count}` (1 to 500) → 200 `{admitted, positions, emailsFailed}`; nobody waiting → `admitted: 0`.",
        ok: { 200: { description: "`{admitted, positions, emailsFailed}`", body: admittedSchema } },
      }),
    ),
    validate("json", admitSchema),
    async (c) => {
      const deps = c.get("deps");
      const admitted = await admitNext(deps.database.db, c.req.valid("json").count, c.get("user").id);
      const { failed } = await announceAdmission(deps, admitted);
      const first = admitted[0];
      const last = admitted.at(-1);
      return c.json(
        {
          admitted: admitted.length,
          positions: first && last ? { first: first.position, last: last.position } : null,
          emailsFailed: failed.length,
        },
        200,
      );
    },
  );
