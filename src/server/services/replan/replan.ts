import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { milestoneReplans, milestones, todos } from "#server/db/schema.ts";
import { normalizeDeadline } from "#shared/plan/rules.ts";
import type { acceptReplanSchema, ReplanAccepted, ReplanOffer, replanRequestSchema } from "#shared/replan/contracts.ts";
import {
  clampToWindow,
  FREE_REPLANS_PER_MILESTONE,
  inWindow,
  isMissed,
  REPLAN_TODOS,
  type ReplanProposal,
  replanMessages,
  replanReasonLabels,
} from "#shared/replan/rules.ts";
import { addDays, dayOf, daysBetween } from "#shared/time.ts";
import { DomainError } from "../domain-error.ts";
import { withModelGeneration } from "../generation/model-generations.ts";
import { toMilestone } from "../plan/plan-read.ts";
import { milestoneTodos } from "../plan/todos.ts";
import { consumeToken, tokenBalance } from "../tokens/tokens.ts";
import { readReplanContext, todayFor, windowFor } from "./replan-context.ts";

type ReplanRequest = z.output<typeof replanRequestSchema>;
type AcceptChanges = z.output<typeof acceptReplanSchema>;
type ReplanRow = typeof milestoneReplans.$inferSelect;
type Tokens = { remaining: number; unlimited: boolean };

/**
 * A proposal still `generating` after this long belongs to a request that died (the AI call gives up after two
 * minutes), so the next click may write a new one instead of waiting for it forever.
 */
const STALE_GENERATION_SECONDS = 180;
const WAIT_FOR_GENERATION_MS = (STALE_GENERATION_SECONDS + 10) * 1000;
const POLL_MS = 50;

/** Proposals of this milestone that were written (whatever he did with them): the free one is the first. */
const writtenStatuses = ["proposed", "accepted", "dismissed"] as const;

async function offerOf(db: Db, userId: string, row: ReplanRow, today: string): Promise<ReplanOffer> {
  const [milestone] = await db
    .select({ challengeId: milestones.challengeId })
    .from(milestones)
    .where(eq(milestones.id, row.milestoneId));
  const window = await windowFor(db, userId, row.milestoneId, milestone?.challengeId ?? "", today);
  const proposal = row.proposal as ReplanProposal;
  // Proposed on an earlier day: its date moves into today's window rather than offer a day already past.
  return {
    id: row.id,
    reason: row.reason,
    note: row.reasonNote,
    proposal: { ...proposal, deadline: clampToWindow(proposal.deadline, window) },
    window,
    tokenSpent: row.tokenSpent,
  };
}

async function openReplan(db: Db, userId: string, milestoneId: string) {
  const [row] = await db
    .select()
    .from(milestoneReplans)
    .where(
      and(
        eq(milestoneReplans.milestoneId, milestoneId),
        eq(milestoneReplans.userId, userId),
        inArray(milestoneReplans.status, ["generating", "proposed"]),
      ),
    );
  return row;
}

export type ProposedReplan = { replan: ReplanOffer; tokens: Tokens; created: boolean };

/**
 * POST /api/milestones/:id/replan: the AI's smaller next step for a missed milestone, with a date in his window and
 * three todos. A free account's first re-plan of a milestone costs nothing, later ones a token; premium is unlimited.
 *
 * The proposal row is the claim: the partial unique index allows one `generating` or `proposed` re-plan per
 * milestone, so of ten clicks one inserts it and writes, and the others wait for its proposal and answer it (without
 * spending). No transaction stays open across the AI call; after it, one transaction re-checks the milestone, spends
 * the token if one is due and stores the proposal, so a failure stores and spends nothing.
 */
export async function proposeReplan(
  deps: Deps,
  userId: string,
  milestoneId: string,
  request: ReplanRequest,
  now: Date = new Date(),
): Promise<ProposedReplan> {
  const db = deps.database.db;
  const giveUpAt = Date.now() + WAIT_FOR_GENERATION_MS;
  let waitedOn: string | null = null;
  for (;;) {
    const context = await readReplanContext(db, userId, milestoneId);
    const today = await todayFor(db, userId, now);
    const open = await openReplan(db, userId, milestoneId);
    if (open?.status === "proposed") {
      return {
        replan: await offerOf(db, userId, open, today),
        tokens: await tokenBalance(db, userId, now),
        created: false,
      };
    }
    // The generation we waited on ended without a proposal: it failed, and so does this click.
    if (waitedOn && open?.id !== waitedOn) throw new DomainError("replan.failed");
    if (!open) {
      if (context.milestone.milestoneCompleted) throw new DomainError("milestone.completed");
      const deadline = context.milestone.milestoneDeadline?.toISOString() ?? null;
      if (!isMissed({ milestoneDeadline: deadline, milestoneCompleted: false }, today, now)) {
        throw new DomainError("replan.notOverdue");
      }
      const costsToken = (await writtenCount(db, milestoneId)) >= FREE_REPLANS_PER_MILESTONE;
      // Checked before the claim so a user without tokens never sets off a generation.
      if (costsToken) {
        const balance = await tokenBalance(db, userId, now);
        if (!balance.unlimited && balance.remaining <= 0) throw new DomainError("tokens.insufficient");
      }
      const [claimed] = await db
        .insert(milestoneReplans)
        .values({
          milestoneId,
          userId,
          status: "generating",
          reason: request.reason,
          reasonNote: request.note ?? null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (claimed) return writeUnderClaim(deps, userId, claimed, context, today, now);
    } else if (open.createdAt.getTime() < now.getTime() - STALE_GENERATION_SECONDS * 1000) {
      await db
        .delete(milestoneReplans)
        .where(and(eq(milestoneReplans.id, open.id), eq(milestoneReplans.status, "generating")));
      continue;
    }
    if (Date.now() > giveUpAt) throw new DomainError("replan.failed");
    waitedOn = open?.id ?? null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function writtenCount(db: Pick<Db, "select">, milestoneId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(milestoneReplans)
    .where(and(eq(milestoneReplans.milestoneId, milestoneId), inArray(milestoneReplans.status, [...writtenStatuses])));
  return row?.n ?? 0;
}

async function writeUnderClaim(
  deps: Deps,
  userId: string,
  claim: ReplanRow,
  context: Awaited<ReturnType<typeof readReplanContext>>,
  today: string,
  now: Date,
): Promise<ProposedReplan> {
  const db = deps.database.db;
  let stored = false;
  try {
    const window = await windowFor(db, userId, claim.milestoneId, context.milestone.challengeId, today);
    let written: Awaited<ReturnType<Deps["ai"]["replan"]>>;
    try {
      written = await withModelGeneration(deps, userId, "replan", () =>
        deps.ai.replan({
          mission: context.mission,
          challenge: context.challenge,
          milestone: { type: context.milestone.milestoneType, description: context.milestone.milestoneDescription },
          reason: { key: claim.reason, label: replanReasonLabels[claim.reason], note: claim.reasonNote },
          doneTodos: context.doneTodos,
          window: { minDays: daysBetween(today, window.earliest), maxDays: daysBetween(today, window.latest) },
        }),
      );
    } catch (error) {
      if (error instanceof DomainError) throw error; // the daily cap: nothing was asked
      deps.logger.error({ err: error, provider: deps.ai.name, milestoneId: claim.milestoneId }, "re-plan failed");
      throw new DomainError("replan.failed");
    }
    const proposal: ReplanProposal = {
      milestoneDescription: written.nextStep,
      // A model may still answer a day outside the window it was given: the window wins.
      deadline: clampToWindow(addDays(today, written.daysFromToday), window),
      todos: written.todos.slice(0, REPLAN_TODOS),
    };
    const result = await db.transaction(async (tx) => {
      const [milestone] = await tx
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, claim.milestoneId), eq(milestones.userId, userId)))
        .for("update");
      if (!milestone) throw new DomainError("milestone.notFound");
      // Completed while the AI was writing: nothing to re-plan, and nothing spent.
      if (milestone.milestoneCompleted) throw new DomainError("milestone.completed");
      const costsToken = (await writtenCount(tx, claim.milestoneId)) >= FREE_REPLANS_PER_MILESTONE;
      const spent = costsToken ? await consumeToken(tx, userId, "replan", now) : null;
      const [row] = await tx
        .update(milestoneReplans)
        .set({ status: "proposed", proposal, tokenSpent: spent !== null && !spent.unlimited })
        .where(and(eq(milestoneReplans.id, claim.id), eq(milestoneReplans.status, "generating")))
        .returning();
      // Taken over after this request was thought dead: the other request's proposal stands.
      if (!row) throw new DomainError("replan.failed");
      return { row, spent };
    });
    stored = true;
    const tokens = result.spent
      ? { remaining: result.spent.tokensRemaining, unlimited: result.spent.unlimited }
      : await tokenBalance(db, userId, now);
    return { replan: await offerOf(db, userId, result.row, today), tokens, created: true };
  } finally {
    if (!stored) {
      // Remove only our own claim, so the next click can try again at once.
      await db
        .delete(milestoneReplans)
        .where(and(eq(milestoneReplans.id, claim.id), eq(milestoneReplans.status, "generating")))
        .catch((err) => deps.logger.error({ err, milestoneId: claim.milestoneId }, "could not release the re-plan"));
    }
  }
}

/**
 * POST /api/milestones/:id/replan/accept: the proposal, as he edited it, becomes the milestone in ONE transaction:
 * its text and date, and three todos in place of the open ones (the ones he ticked off stay). What it replaced is
 * kept on the re-plan row. The milestone's row lock orders this with todo toggles and other edits; a second accept
 * finds no open proposal and changes nothing.
 */
export async function acceptReplan(
  db: Db,
  userId: string,
  milestoneId: string,
  changes: AcceptChanges,
  now: Date = new Date(),
): Promise<ReplanAccepted> {
  const today = await todayFor(db, userId, now);
  return db.transaction(async (tx) => {
    const [milestone] = await tx
      .select()
      .from(milestones)
      .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)))
      .for("update");
    if (!milestone) throw new DomainError("milestone.notFound");
    const [replan] = await tx
      .select()
      .from(milestoneReplans)
      .where(
        and(
          eq(milestoneReplans.milestoneId, milestoneId),
          eq(milestoneReplans.userId, userId),
          eq(milestoneReplans.status, "proposed"),
        ),
      )
      .for("update");
    if (!replan?.proposal) throw new DomainError("replan.noProposal");
    if (milestone.milestoneCompleted) throw new DomainError("milestone.completed");

    const window = await windowFor(tx, userId, milestoneId, milestone.challengeId, today);
    let deadline = clampToWindow(replan.proposal.deadline, window);
    if (changes.deadline !== undefined) {
      if (!normalizeDeadline(changes.deadline) || !inWindow(changes.deadline, window)) {
        throw new DomainError("replan.outsideWindow", { message: replanMessages.deadlineOutside(window) });
      }
      deadline = changes.deadline;
    }
    const accepted: ReplanProposal = {
      milestoneDescription: changes.milestoneDescription ?? replan.proposal.milestoneDescription,
      deadline,
      todos: changes.todos ?? replan.proposal.todos,
    };

    const open = await tx
      .select({ id: todos.id, text: todos.todoDescription })
      .from(todos)
      .where(and(eq(todos.milestoneId, milestoneId), eq(todos.todoCompleted, false)));
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${todos.position}), -1)` })
      .from(todos)
      .where(eq(todos.milestoneId, milestoneId));
    if (open.length > 0) {
      await tx.delete(todos).where(
        inArray(
          todos.id,
          open.map((t) => t.id),
        ),
      );
    }
    const first = Number(last?.position ?? -1) + 1;
    await tx
      .insert(todos)
      .values(
        accepted.todos.map((todoDescription, i) => ({ milestoneId, userId, position: first + i, todoDescription })),
      );
    const [row] = await tx
      .update(milestones)
      .set({
        milestoneDescription: accepted.milestoneDescription,
        milestoneDeadline: new Date(normalizeDeadline(accepted.deadline) ?? `${accepted.deadline}T23:59:59.000Z`),
      })
      .where(eq(milestones.id, milestoneId))
      .returning();
    if (!row) throw new DomainError("milestone.notFound");
    await tx
      .update(milestoneReplans)
      .set({
        status: "accepted",
        proposal: accepted,
        replaced: {
          milestoneDescription: milestone.milestoneDescription,
          deadline: milestone.milestoneDeadline ? dayOf(milestone.milestoneDeadline) : null,
          openTodos: open.map((t) => t.text),
        },
        decidedAt: now,
      })
      .where(eq(milestoneReplans.id, replan.id));
    return { milestone: toMilestone(row), todos: await milestoneTodos(tx, milestoneId) };
  });
}

/** DELETE /api/milestones/:id/replan: the proposal is set aside and the milestone stays as it was. */
export async function dismissReplan(db: Db, userId: string, milestoneId: string, now: Date = new Date()) {
  const [owned] = await db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!owned) throw new DomainError("milestone.notFound");
  await db
    .update(milestoneReplans)
    .set({ status: "dismissed", decidedAt: now })
    .where(and(eq(milestoneReplans.milestoneId, milestoneId), eq(milestoneReplans.status, "proposed")));
}
