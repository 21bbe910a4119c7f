import { Hono } from "hono";
import {
  bulkUpdateMilestonesSchema,
  type MilestoneSaved,
  type TodosGenerated,
  type TodosPreview,
  updateMilestoneSchema,
} from "../../../shared/plan/contracts.ts";
import { milestoneProofFormSchema } from "../../../shared/proof/contracts.ts";
import {
  acceptReplanSchema,
  type ReplanAccepted,
  type ReplanProposed,
  replanRequestSchema,
} from "../../../shared/replan/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { uploadLimit } from "../../http/body-limit.ts";
import { limitProofUploads } from "../../http/proof-upload-limit.ts";
import { idParam, validate } from "../../http/validation.ts";
import { updateMilestone, updateMilestones } from "../../services/plan/milestones.ts";
import { generateTodos, readTodosPreview } from "../../services/plan/todos.ts";
import { attachMilestoneProof, removeMilestoneProof } from "../../services/proof/milestone-proof.ts";
import { acceptReplan, dismissReplan, proposeReplan } from "../../services/replan/replan.ts";

/** Milestone texts, deadlines and completion, and its AI todos; every row is checked to belong to the user. */
export const milestoneRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/", validate("json", bulkUpdateMilestonesSchema), async (c) => {
    const { milestones } = c.req.valid("json");
    const saved = await updateMilestones(c.var.deps.database.db, c.var.user.id, milestones);
    return c.json({ milestones: saved }, 200);
  })
  .patch("/:id", idParam("milestone.notFound"), validate("json", updateMilestoneSchema), async (c) => {
    const { id } = c.req.valid("param");
    const saved: MilestoneSaved = await updateMilestone(c.var.deps.database.db, c.var.user.id, id, c.req.valid("json"));
    return c.json(saved, 200);
  })
  // A milestone that already has todos answers them with 200 and spends nothing; new ones answer 201.
  .post("/:id/todos", idParam("milestone.notFound"), async (c) => {
    const { id } = c.req.valid("param");
    const { created, ...generated } = await generateTodos(c.var.deps, c.var.user.id, id);
    const body: TodosGenerated = generated;
    return created ? c.json(body, 201) : c.json(body, 200);
  })
  // While the todos are written (issue 28): the ones complete so far, for the dashboard to show as they arrive.
  .get("/:id/todos/preview", idParam("milestone.notFound"), async (c) => {
    const preview: TodosPreview = await readTodosPreview(
      c.var.deps.database.db,
      c.var.user.id,
      c.req.valid("param").id,
    );
    return c.json(preview, 200);
  })
  // Back on track (issue 27): a smaller next step for a missed milestone. The one already waiting answers 200.
  .post("/:id/replan", idParam("milestone.notFound"), validate("json", replanRequestSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { created, ...proposed } = await proposeReplan(c.var.deps, c.var.user.id, id, c.req.valid("json"));
    const body: ReplanProposed = proposed;
    return created ? c.json(body, 201) : c.json(body, 200);
  })
  .post("/:id/replan/accept", idParam("milestone.notFound"), validate("json", acceptReplanSchema), async (c) => {
    const { id } = c.req.valid("param");
    const accepted: ReplanAccepted = await acceptReplan(c.var.deps.database.db, c.var.user.id, id, c.req.valid("json"));
    return c.json(accepted, 200);
  })
  .delete("/:id/replan", idParam("milestone.notFound"), async (c) => {
    await dismissReplan(c.var.deps.database.db, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  // Proof of a milestone (issue 26): an activity file or a photo; a new one replaces the one it had.
  .use("/:id/proof", uploadLimit())
  .post(
    "/:id/proof",
    idParam("milestone.notFound"),
    limitProofUploads,
    validate("form", milestoneProofFormSchema),
    async (c) => {
      const { deps, user } = c.var;
      const { id } = c.req.valid("param");
      const proofDeps = { db: deps.database.db, storage: deps.proofStorage, logger: c.var.log };
      const proof = await attachMilestoneProof(proofDeps, user.id, id, c.req.valid("form").file);
      return c.json({ proof }, 201);
    },
  )
  .delete("/:id/proof", idParam("milestone.notFound"), async (c) => {
    const { deps, user } = c.var;
    const proofDeps = { db: deps.database.db, storage: deps.proofStorage, logger: c.var.log };
    await removeMilestoneProof(proofDeps, user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
