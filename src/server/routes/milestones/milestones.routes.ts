import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { acceptProofUpload, proofUploadRefusals } from "#server/http/proof-upload.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { updateMilestone, updateMilestones } from "#server/services/plan/milestones.ts";
import { generateTodos, readTodosPreview } from "#server/services/plan/todos.ts";
import { activityFileRefusals } from "#server/services/proof/activity/read-activity.ts";
import { attachMilestoneProof, removeMilestoneProof } from "#server/services/proof/milestone-proof.ts";
import { acceptReplan, dismissReplan, proposeReplan } from "#server/services/replan/replan.ts";
import {
  bulkUpdateMilestonesSchema,
  type MilestoneSaved,
  milestoneSavedSchema,
  milestonesAnswerSchema,
  type TodosGenerated,
  type TodosPreview,
  todosGeneratedSchema,
  todosPreviewSchema,
  updateMilestoneSchema,
} from "#shared/plan/contracts.ts";
import { planMessages, todoMessages } from "#shared/plan/rules.ts";
import { milestoneProofFormSchema, proofAddedSchema } from "#shared/proof/contracts.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import { quizMessages } from "#shared/quiz/rules.ts";
import {
  acceptReplanSchema,
  type ReplanAccepted,
  type ReplanProposed,
  replanAcceptedSchema,
  replanProposedSchema,
  replanRequestSchema,
} from "#shared/replan/contracts.ts";
import { replanMessages } from "#shared/replan/rules.ts";

/** Milestone texts, deadlines and completion, and its AI todos; every row is checked to belong to the user. */
export const milestoneRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch(
    "/",
    documented({
      tag: "Challenges and milestones",
      summary: "Save several milestones' texts and dates at once: all or nothing.",
      description:
        "Body `{milestones: [{id, milestoneDescription?, milestoneDeadline?}]}`. `{milestones}`; all or nothing (one foreign id → 404, nothing written).",
      ok: { 200: { description: "`{milestones}`", body: milestonesAnswerSchema } },
      errors: ["milestone.notFound"],
    }),
    validate("json", bulkUpdateMilestonesSchema),
    async (c) => {
      const { milestones } = c.req.valid("json");
      const saved = await updateMilestones(c.get("deps").database.db, c.get("user").id, milestones);
      return c.json({ milestones: saved }, 200);
    },
  )
  .patch(
    "/:id",
    documented({
      tag: "Challenges and milestones",
      summary: "Change a milestone's text, date or completion.",
      description: `Body \`{milestoneDescription?, milestoneDeadline?: 'YYYY-MM-DD' \\| ISO \\| null, milestoneCompleted?}\`. \`MilestoneSaved\`: \`{milestone, todos}\`. Date-only → that day \`T23:59:59.000Z\`; a past day → 400 \`${planMessages.deadlineInPast}\`. An empty or blank description → 400 \`${planMessages.milestoneDescriptionRequired}\` (nothing changes). Completing with open todos → 400 \`Please complete all N remaining todo(s) before marking this milestone as complete.\` (nothing changes); un-completing resets the todos, so \`todos\` is the list as it now is. A milestone without todos toggles freely.`,
      ok: { 200: { description: "`MilestoneSaved`: `{milestone, todos}`", body: milestoneSavedSchema } },
      errors: ["milestone.notFound", "milestone.openTodos"],
    }),
    idParam("milestone.notFound"),
    validate("json", updateMilestoneSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const wins = { db: c.get("deps").database.db, log: c.get("log") };
      const saved: MilestoneSaved = await updateMilestone(wins, c.get("user").id, id, c.req.valid("json"));
      return c.json(saved, 200);
    },
  )
  // A milestone that already has todos answers them with 200 and spends nothing; new ones answer 201.
  .post(
    "/:id/todos",
    documented({
      tag: "Challenges and milestones",
      summary: "Break a milestone into 3-5 AI todos for one token (premium: none).",
      description: `201 \`TodosGenerated\`: \`{todos: [{id, todoDescription, todoCompleted}], tokens: {remaining, unlimited}}\` — 3–5 AI todos from the milestone, its challenge and the mission, and the balance after spending one token (premium: \`{remaining: -1, unlimited: true}\`, nothing spent, the use logged as \`magic_button\`). The token is spent and the todos stored in one transaction. A milestone that already has todos → 200 with them, nothing spent; concurrent clicks wait for the one running generation and get its todos the same way (one generation, one token). 402 \`Insufficient tokens\` (checked before the AI runs), 400 \`${todoMessages.milestoneCompleted}\`, 502 \`${todoMessages.generateFailed}\` (nothing stored or spent; the next click may retry), 429 \`${quizMessages.dailyLimit}\` (AI_DAILY_GENERATIONS_PER_USER; nothing asked or spent), 404 for another user's milestone.`,
      ok: {
        201: { description: "`TodosGenerated`: `{todos, tokens}`, one token spent", body: todosGeneratedSchema },
        200: { description: "`TodosGenerated`: the todos it already had, nothing spent", body: todosGeneratedSchema },
      },
      errors: [
        "milestone.notFound",
        "milestone.completed",
        "tokens.insufficient",
        "ai.dailyLimit",
        "todos.generationFailed",
      ],
    }),
    idParam("milestone.notFound"),
    async (c) => {
      const { id } = c.req.valid("param");
      const { created, ...generated } = await generateTodos(c.get("deps"), c.get("user").id, id);
      const body: TodosGenerated = generated;
      return created ? c.json(body, 201) : c.json(body, 200);
    },
  )
  // While the todos are written (issue 28): the ones complete so far, for the dashboard to show as they arrive.
  .get(
    "/:id/todos/preview",
    documented({
      tag: "Challenges and milestones",
      summary: "The todos the model has finished so far while they are written (decision 0110).",
      description:
        "`{todos: string[]}`: while a generation of this milestone's todos runs, the ones the model has finished so far (decision 0110); `[]` otherwise. 404 another user's milestone.",
      ok: { 200: { description: "`TodosPreview`: `{todos: string[]}`", body: todosPreviewSchema } },
      errors: ["milestone.notFound"],
    }),
    idParam("milestone.notFound"),
    async (c) => {
      const preview: TodosPreview = await readTodosPreview(
        c.get("deps").database.db,
        c.get("user").id,
        c.req.valid("param").id,
      );
      return c.json(preview, 200);
    },
  )
  // Back on track (issue 27): a smaller next step for a missed milestone. The one already waiting answers 200.
  .post(
    "/:id/replan",
    documented({
      tag: "Challenges and milestones",
      summary: "Ask the AI for a smaller next step for a missed milestone (decision 0108).",
      description: `\`{reason: "no_time"\\|"too_big"\\|"motivation"\\|"health"\\|"other", note?: string (≤ 200)}\` → 201 \`ReplanProposed\`: \`{replan: {id, reason, note, proposal: {milestoneDescription, deadline: "YYYY-MM-DD", todos: [3]}, window: {earliest, latest}, tokenSpent}, tokens}\`: the AI's smaller next step for a missed milestone (overdue, or its day behind him on his calendar). The proposal already waiting → 200 with it; ten concurrent clicks make one proposal. A free account's first re-plan of a milestone is free, later ones spend a token (\`replan\`); premium spends nothing. 400 \`${replanMessages.notOverdue}\` / \`${todoMessages.milestoneCompleted}\` / the reason's message, 402 \`Insufficient tokens\` (checked before the AI runs), 502 \`${replanMessages.failed}\` (nothing stored or spent), 404 another user's milestone. Decision 0108.`,
      ok: {
        201: { description: "`ReplanProposed`: `{replan, tokens}`", body: replanProposedSchema },
        200: { description: "`ReplanProposed`: the proposal already waiting", body: replanProposedSchema },
      },
      errors: [
        "milestone.notFound",
        "replan.notOverdue",
        "milestone.completed",
        "tokens.insufficient",
        "ai.dailyLimit",
        "replan.failed",
      ],
    }),
    idParam("milestone.notFound"),
    validate("json", replanRequestSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { created, ...proposed } = await proposeReplan(c.get("deps"), c.get("user").id, id, c.req.valid("json"));
      const body: ReplanProposed = proposed;
      return created ? c.json(body, 201) : c.json(body, 200);
    },
  )
  .post(
    "/:id/replan/accept",
    documented({
      tag: "Challenges and milestones",
      summary: "Accept the waiting re-plan, as proposed or edited.",
      description: `\`{milestoneDescription?, deadline?: "YYYY-MM-DD", todos?: [3 strings]}\` (what is left out stays as proposed) → 200 \`{milestone, todos}\`: in one change the milestone takes the step and date, and the three todos replace its open ones (done ones stay); what it replaced is kept with the re-plan. 400 \`Choose a date between … within your challenge's remaining time.\` for a date outside the window, 409 \`${replanMessages.noProposal}\` (already accepted or dismissed), 404 another user's milestone.`,
      ok: { 200: { description: "`ReplanAccepted`: `{milestone, todos}`", body: replanAcceptedSchema } },
      errors: ["milestone.notFound", "replan.outsideWindow", "replan.noProposal"],
    }),
    idParam("milestone.notFound"),
    validate("json", acceptReplanSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const accepted: ReplanAccepted = await acceptReplan(
        c.get("deps").database.db,
        c.get("user").id,
        id,
        c.req.valid("json"),
      );
      return c.json(accepted, 200);
    },
  )
  .delete(
    "/:id/replan",
    documented({
      tag: "Challenges and milestones",
      summary: "Dismiss the waiting re-plan; the milestone stays as it was.",
      description:
        "204: the waiting proposal is dismissed and the milestone stays as it was. 404 another user's milestone.",
      ok: { 204: "Dismissed" },
      errors: ["milestone.notFound"],
    }),
    idParam("milestone.notFound"),
    async (c) => {
      await dismissReplan(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  // Proof of a milestone (issue 26): an activity file or a photo; a new one replaces the one it had.
  .post(
    "/:id/proof",
    documented({
      tag: "Challenges and milestones",
      summary: "Attach proof to a milestone: an activity file or a photo (replaces the one it had).",
      description: `Body multipart \`file\`. 201 \`{proof: ProofSummary}\`: \`{id, kind: "activity", activity, createdAt}\` for an activity file (checked as above; when the milestone's or its challenge's words are about running, the run's rules: a file that says it is another sport refused by name, a fast and a slow pace limit otherwise, a multi-sport file read for its running legs; any other milestone takes any activity; started in the 7 days before the upload, decision 0128) or \`{id, kind: "photo", photo: {width, height, url}, createdAt}\` for a JPEG, PNG, WebP or HEIC photo (re-encoded to WebP, at most 1600 px, no metadata). Replaces the proof the milestone had (uploads at once end with one). 400 with its own message (\`${proofMessages.notProof}\`, \`This photo could not be read. …\`, the activity messages), 413 over 10 MB, 404 for another user's milestone, 502 \`${proofMessages.uploadFailed}\` when the photo storage fails (nothing kept). An activity file for a milestone whose words (its own or its challenge's title) are not about running or another sport answers 409 with the question (\`This is an activity of 8.7 km; … doesn't look like one. Use it as proof anyway?\`) and \`code: PROOF_MISMATCH\` and keeps nothing, until it is sent again with the field \`confirmMismatch\` = \`true\` (decision 0149); a photo fits any milestone.`,
      ok: { 201: { description: "`{proof: ProofSummary}`", body: proofAddedSchema } },
      errors: [
        "milestone.notFound",
        "proof.notProof",
        "proof.photoUnreadable",
        ...activityFileRefusals,
        ...proofUploadRefusals,
        "proof.uploadFailed",
        "proof.mismatch",
      ],
    }),
    idParam("milestone.notFound"),
    acceptProofUpload,
    validate("form", milestoneProofFormSchema),
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const { id } = c.req.valid("param");
      const proofDeps = { db: deps.database.db, storage: deps.proofStorage, logger: c.get("log") };
      const { file, confirmMismatch } = c.req.valid("form");
      const proof = await attachMilestoneProof(proofDeps, user.id, id, file, {
        mismatchConfirmed: confirmMismatch === "true",
      });
      return c.json({ proof }, 201);
    },
  )
  .delete(
    "/:id/proof",
    documented({
      tag: "Challenges and milestones",
      summary: "Remove a milestone's proof and its photo.",
      description: "204; the proof and its photo are gone (none: 204 too). 404 for another user's milestone.",
      ok: { 204: "Removed (or there was none)" },
      errors: ["milestone.notFound"],
    }),
    idParam("milestone.notFound"),
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const proofDeps = { db: deps.database.db, storage: deps.proofStorage, logger: c.get("log") };
      await removeMilestoneProof(proofDeps, user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
