import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, quizResponses, todos } from "#server/db/schema.ts";
import type { Todo, TodosGenerated, TodosPreview, TodoToggled } from "#shared/plan/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { withModelGeneration } from "../generation/model-generations.ts";
import { previewWrites } from "../generation/preview-writes.ts";
import { consumeToken, tokenBalance } from "../tokens/tokens.ts";
import { awardBadgesAfterWin, type WinDeps } from "../wins/badges.ts";
import { toMilestone } from "./plan-read.ts";

/**
 * Completing keeps the first completion time of a milestone or todo completed twice; reopening clears it. The time is
 * the app's clock, which the weekly summary's week and the streak are counted on (decisions 0100, 0109).
 */
function keptCompletion(
  column: typeof milestones.completedAt | typeof todos.completedAt,
  completed: boolean,
  now: Date,
) {
  return completed ? sql`coalesce(${column}, ${now}::timestamptz)` : null;
}

export function completedAtFor(completed: boolean, now: Date = new Date()) {
  return keptCompletion(milestones.completedAt, completed, now);
}

function todoCompletedAtFor(completed: boolean, now: Date = new Date()) {
  return keptCompletion(todos.completedAt, completed, now);
}

/** The database or an open transaction. */
type Executor = Pick<Db, "select" | "update" | "insert" | "execute">;

function toTodo(row: typeof todos.$inferSelect): Todo {
  return { id: row.id, todoDescription: row.todoDescription, todoCompleted: row.todoCompleted };
}

/** A milestone's todos in the order they were generated. */
export async function milestoneTodos(db: Executor, milestoneId: string): Promise<Todo[]> {
  const rows = await db
    .select()
    .from(todos)
    .where(eq(todos.milestoneId, milestoneId))
    .orderBy(asc(todos.position), asc(todos.createdAt));
  return rows.map(toTodo);
}

/**
 * Flips one todo of this user, then completes its milestone when every todo is done and un-completes it otherwise
 * (SPEC.md section 4). The milestone row is locked first — as every change to a milestone or its todos does — so
 * concurrent toggles run one after the other and the last one sees every other's result: a milestone can never
 * stay completed with an open todo.
 */
export async function toggleTodo(
  wins: WinDeps,
  userId: string,
  id: string,
  todoCompleted: boolean,
): Promise<TodoToggled> {
  // One reading of the clock, so a todo and the milestone it completes share their moment.
  const now = new Date();
  const toggled = await wins.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ milestoneId: todos.milestoneId })
      .from(todos)
      .where(and(eq(todos.id, id), eq(todos.userId, userId)));
    if (!owned) throw new DomainError("todo.notFound");
    await tx
      .select({ id: milestones.id })
      .from(milestones)
      .where(and(eq(milestones.id, owned.milestoneId), eq(milestones.userId, userId)))
      .for("update");
    const [todo] = await tx
      .update(todos)
      .set({ todoCompleted, completedAt: todoCompletedAtFor(todoCompleted, now) })
      .where(and(eq(todos.id, id), eq(todos.userId, userId)))
      .returning();
    if (!todo) throw new DomainError("todo.notFound");
    const [open] = await tx
      .select({ n: count() })
      .from(todos)
      .where(and(eq(todos.milestoneId, todo.milestoneId), eq(todos.todoCompleted, false)));
    const [milestone] = await tx
      .update(milestones)
      .set({ milestoneCompleted: (open?.n ?? 0) === 0, completedAt: completedAtFor((open?.n ?? 0) === 0, now) })
      .where(eq(milestones.id, todo.milestoneId))
      .returning();
    if (!milestone) throw new DomainError("todo.notFound");
    return { todo: toTodo(todo), milestone: toMilestone(milestone) };
  });
  // Its last todo completed the milestone: a win, awarded once the toggle is committed.
  if (toggled.milestone.milestoneCompleted) await awardBadgesAfterWin(wins, userId);
  return toggled;
}

/**
 * A claim older than this is taken to belong to a request that died (the AI call itself gives up after two
 * minutes), so another click may generate instead of waiting forever.
 */
const STALE_CLAIM_SECONDS = 180;
/** How long a second click waits for the first one's todos before it gives up. */
const WAIT_FOR_CLAIM_MS = (STALE_CLAIM_SECONDS + 10) * 1000;
const POLL_MS = 50;

/** Claims are written and aged on the app's clock, as `readContext` ages them too (decision 0100). */
function claimIsFree(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_SECONDS * 1000);
  return or(isNull(milestones.todosClaimId), lt(milestones.todosClaimedAt, staleBefore)) as SQL;
}

export type GeneratedTodos = TodosGenerated & { created: boolean };

/**
 * SPEC.md section 7's generate-todo + consume-token for one milestone of this user: the AI turns the milestone,
 * with its challenge and the mission as context, into 3–5 todos, and one token is spent as they are stored.
 *
 * No transaction stays open across the AI call (PGlite has one connection, and PostgreSQL locks would be held for
 * seconds). Instead one conditional UPDATE claims the milestone; concurrent clicks see the claim and wait for its
 * todos, which they answer without spending. After the call one transaction re-checks the claim and the milestone,
 * spends the token and inserts the todos, so a failed generation or a refused spend stores and spends nothing.
 * A milestone that already has todos answers them as they are (`created: false`).
 */
export async function generateTodos(deps: Deps, userId: string, milestoneId: string): Promise<GeneratedTodos> {
  const db = deps.database.db;
  const giveUpAt = Date.now() + WAIT_FOR_CLAIM_MS;
  let waitedOn: string | null = null;
  for (;;) {
    const context = await readContext(db, userId, milestoneId);
    if (context.todos.length > 0) {
      return { todos: context.todos, tokens: await tokenBalance(db, userId), created: false };
    }
    if (context.milestone.milestoneCompleted) throw new DomainError("milestone.completed");
    // The claim we waited on ended without todos: that generation failed, and so does this click.
    if (waitedOn && context.claimId !== waitedOn) throw new DomainError("todos.generationFailed");
    // Checked before the claim so a user without tokens never sets off a generation.
    const balance = await tokenBalance(db, userId);
    if (!balance.unlimited && balance.remaining <= 0) throw new DomainError("tokens.insufficient");

    const claimId = randomUUID();
    const now = new Date();
    const [claimed] = await db
      .update(milestones)
      .set({ todosClaimId: claimId, todosClaimedAt: now })
      .where(
        and(
          eq(milestones.id, milestoneId),
          eq(milestones.userId, userId),
          eq(milestones.milestoneCompleted, false),
          claimIsFree(now),
          sql`not exists (select 1 from ${todos} where ${todos.milestoneId} = ${milestones.id})`,
        ),
      )
      .returning({ id: milestones.id });
    if (claimed) return generateUnderClaim(deps, userId, claimId, context);

    if (Date.now() > giveUpAt) throw new DomainError("todos.generationFailed");
    waitedOn = context.claimId;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * One milestone of this user with what the AI is told about it: its challenge and his mission (todo generation, and
 * a re-plan's, issue 27). 404 for anyone else's.
 */
export async function readMilestoneForAi(db: Db, userId: string, milestoneId: string) {
  const [row] = await db
    .select({
      milestone: milestones,
      challengeTitle: challenges.title,
      challengeDescription: challenges.description,
      missionStatement: quizResponses.missionStatement,
      lifeMission: quizResponses.lifeMission,
    })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .innerJoin(quizResponses, eq(quizResponses.id, challenges.quizResponseId))
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!row) throw new DomainError("milestone.notFound");
  return {
    milestone: row.milestone,
    challenge: { title: row.challengeTitle, description: row.challengeDescription },
    mission: row.missionStatement ?? row.lifeMission ?? "",
  };
}

type Context = Awaited<ReturnType<typeof readContext>>;

async function readContext(db: Db, userId: string, milestoneId: string) {
  const context = await readMilestoneForAi(db, userId, milestoneId);
  const { todosClaimId, todosClaimedAt } = context.milestone;
  return {
    ...context,
    // A stale claim counts as none: whoever waits on it may take over.
    claimId:
      todosClaimId && todosClaimedAt && todosClaimedAt.getTime() > Date.now() - STALE_CLAIM_SECONDS * 1000
        ? todosClaimId
        : null,
    todos: await milestoneTodos(db, milestoneId),
  };
}

/**
 * The todos a running generation of his milestone has written so far, for the dashboard to show while it waits;
 * none when nothing runs (a claim older than a dead request's counts as none).
 */
export async function readTodosPreview(db: Db, userId: string, milestoneId: string): Promise<TodosPreview> {
  const [row] = await db
    .select({ preview: milestones.todosPreview, claimedAt: milestones.todosClaimedAt })
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!row) throw new DomainError("milestone.notFound");
  const live = row.claimedAt !== null && row.claimedAt.getTime() > Date.now() - STALE_CLAIM_SECONDS * 1000;
  return { todos: live ? (row.preview ?? []) : [] };
}

async function generateUnderClaim(
  deps: Deps,
  userId: string,
  claimId: string,
  context: Context,
): Promise<GeneratedTodos> {
  const db = deps.database.db;
  const milestoneId = context.milestone.id;
  // The todos written so far (issue 28), only while this generation holds the milestone's claim.
  const preview = previewWrites<string[]>(
    (items) =>
      db
        .update(milestones)
        .set({ todosPreview: items })
        .where(and(eq(milestones.id, milestoneId), eq(milestones.todosClaimId, claimId))),
    (err) => deps.logger.warn({ err, milestoneId }, "could not store the todos so far"),
  );
  let stored = false;
  try {
    let descriptions: string[];
    try {
      descriptions = await withModelGeneration(deps, userId, "todos", () =>
        deps.ai.todos(
          {
            mission: context.mission,
            challenge: context.challenge,
            milestone: { type: context.milestone.milestoneType, description: context.milestone.milestoneDescription },
          },
          preview.write,
        ),
      );
      await preview.settled();
    } catch (error) {
      if (error instanceof DomainError) throw error; // the daily cap: nothing was asked
      deps.logger.error({ err: error, provider: deps.ai.name, milestoneId }, "todo generation failed");
      throw new DomainError("todos.generationFailed");
    }
    const result = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)))
        .for("update");
      if (!current) throw new DomainError("milestone.notFound");
      // Completed while the AI was writing: no todos for a completed milestone, and nothing spent.
      if (current.milestoneCompleted) throw new DomainError("milestone.completed");
      // Taken over after this request was thought dead: the other request's todos stand.
      if (current.todosClaimId !== claimId) throw new DomainError("todos.generationFailed");
      const spent = await consumeToken(tx, userId, "magic_button");
      const rows = await tx
        .insert(todos)
        .values(descriptions.map((todoDescription, position) => ({ milestoneId, userId, position, todoDescription })))
        .returning();
      await tx
        .update(milestones)
        .set({ todosClaimId: null, todosClaimedAt: null, todosPreview: null })
        .where(eq(milestones.id, milestoneId));
      return {
        todos: rows.sort((a, b) => a.position - b.position).map(toTodo),
        tokens: { remaining: spent.tokensRemaining, unlimited: spent.unlimited },
        created: true,
      };
    });
    stored = true;
    return result;
  } finally {
    if (!stored) {
      // Release only our own claim, so the next click can try again at once.
      await preview.settled();
      await db
        .update(milestones)
        .set({ todosClaimId: null, todosClaimedAt: null, todosPreview: null })
        .where(and(eq(milestones.id, milestoneId), eq(milestones.todosClaimId, claimId)))
        .catch((err) => deps.logger.error({ err, milestoneId }, "could not release the todo claim"));
    }
  }
}
