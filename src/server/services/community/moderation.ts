import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import {
  communityComments,
  communityMembers,
  communityPosts,
  communityReports,
  moderationDecisionsLog,
  users,
} from "#server/db/schema.ts";
import {
  DECISION_LOG_SIZE,
  type DecisionRequest,
  type LoggedDecision,
  type QueueItem,
} from "#shared/admin/contracts.ts";
import { dayOf } from "#shared/time.ts";
import { DomainError } from "../domain-error.ts";
import { emailContext } from "../mail/email-layout.ts";
import { statementOfReasonsEmail } from "../mail/moderation-emails.ts";

/**
 * The operator's side of moderation (EU Digital Services Act Art. 16 and 17, decision 0136): the queue of reported
 * items, his decision on one, the statement of reasons the author is e-mailed, and the log of every decision.
 */

type ItemKind = QueueItem["itemKind"];

const openReportColumns = {
  reason: communityReports.reason,
  note: communityReports.note,
  reportedAt: communityReports.createdAt,
};

/** Open reports about posts, each with the post as it stands. */
function openPostReports(db: Db) {
  return db
    .select({
      ...openReportColumns,
      itemId: communityPosts.id,
      firstName: users.firstName,
      text: communityPosts.text,
      postKind: communityPosts.kind,
      challengeTitle: communityPosts.challengeTitle,
      milestoneText: communityPosts.milestoneText,
      createdAt: communityPosts.createdAt,
    })
    .from(communityReports)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReports.postId))
    .innerJoin(users, eq(users.id, communityPosts.userId))
    .where(eq(communityReports.status, "open"));
}

/** Open reports about comments, each with the comment and the win of the post it is under. */
function openCommentReports(db: Db) {
  return db
    .select({
      ...openReportColumns,
      itemId: communityComments.id,
      firstName: users.firstName,
      text: communityComments.text,
      postKind: communityPosts.kind,
      challengeTitle: communityPosts.challengeTitle,
      milestoneText: communityPosts.milestoneText,
      createdAt: communityComments.createdAt,
    })
    .from(communityReports)
    .innerJoin(communityComments, eq(communityComments.id, communityReports.commentId))
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .innerJoin(users, eq(users.id, communityComments.userId))
    .where(eq(communityReports.status, "open"));
}

/**
 * The queue: one entry per reported post or comment with all its open reports, the longest waiting first. A
 * reporter is never named: what was reported and why is all a decision needs, and the author never learns who.
 */
export async function readQueue(db: Db): Promise<QueueItem[]> {
  const [posts, comments] = await Promise.all([openPostReports(db), openCommentReports(db)]);
  const rows = [
    ...posts.map((row) => ({ ...row, itemKind: "post" as const })),
    ...comments.map((row) => ({ ...row, itemKind: "comment" as const })),
  ].sort((a, b) => a.reportedAt.getTime() - b.reportedAt.getTime());
  const items = new Map<string, QueueItem>();
  for (const row of rows) {
    const key = `${row.itemKind}:${row.itemId}`;
    const item = items.get(key) ?? {
      itemKind: row.itemKind,
      itemId: row.itemId,
      author: { firstName: row.firstName },
      text: row.text,
      postKind: row.postKind,
      challengeTitle: row.challengeTitle,
      milestoneText: row.milestoneText,
      createdAt: row.createdAt.toISOString(),
      firstReportedAt: row.reportedAt.toISOString(),
      reports: [],
    };
    item.reports.push({ reason: row.reason, note: row.note, createdAt: row.reportedAt.toISOString() });
    items.set(key, item);
  }
  // Rows are sorted oldest first, so the map keeps the order of each item's first report.
  return [...items.values()];
}

/** The item as it stood when decided, locked until the decision commits. */
async function lockItem(tx: Db, itemKind: ItemKind, itemId: string) {
  if (itemKind === "post") {
    const [post] = await tx
      .select({
        authorId: communityPosts.userId,
        text: communityPosts.text,
        challengeTitle: communityPosts.challengeTitle,
        milestoneText: communityPosts.milestoneText,
        createdAt: communityPosts.createdAt,
      })
      .from(communityPosts)
      .where(eq(communityPosts.id, itemId))
      .for("update");
    return post;
  }
  const [comment] = await tx
    .select({
      authorId: communityComments.userId,
      text: communityComments.text,
      challengeTitle: communityPosts.challengeTitle,
      milestoneText: communityPosts.milestoneText,
      createdAt: communityComments.createdAt,
    })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(eq(communityComments.id, itemId))
    .for("update", { of: communityComments });
  return comment;
}

const reportsOf = (itemKind: ItemKind, itemId: string) =>
  itemKind === "post" ? eq(communityReports.postId, itemId) : eq(communityReports.commentId, itemId);

/**
 * Decides a reported item in one transaction: its open reports are closed, the item is taken down (remove, suspend),
 * its author suspended (suspend), and the decision logged. The item's row is locked first, so when two operators
 * decide it at once the second waits, then finds no open report left and is told it was decided (409): one decision
 * wins, never two. A suspension is told to every instance after the commit; the statement of reasons goes out after
 * it; a failed send leaves `statementSentAt` empty and is logged, and the decision stands.
 */
export async function decide(
  deps: Pick<Deps, "database" | "env" | "mailer" | "logger">,
  operatorId: string,
  request: DecisionRequest,
  now: Date = new Date(),
): Promise<LoggedDecision> {
  const { db } = deps.database;
  const { itemKind, itemId, decision } = request;
  const decided = await db.transaction(async (tx) => {
    const item = await lockItem(tx, itemKind, itemId);
    if (!item) throw new DomainError("admin.itemNotFound");
    const closed = await tx
      .update(communityReports)
      .set({ status: decision === "keep" ? "kept" : "removed", decidedAt: now })
      .where(and(reportsOf(itemKind, itemId), eq(communityReports.status, "open")))
      .returning({ id: communityReports.id });
    if (closed.length === 0) throw new DomainError("admin.alreadyDecided");
    if (decision !== "keep") {
      const table = itemKind === "post" ? communityPosts : communityComments;
      await tx
        .update(table)
        .set({ removedAt: now })
        .where(and(eq(table.id, itemId), isNull(table.removedAt)));
    }
    if (decision === "suspend") {
      await tx
        .update(communityMembers)
        .set({ suspendedAt: now })
        .where(and(eq(communityMembers.userId, item.authorId), isNull(communityMembers.suspendedAt)));
    }
    const [logged] = await tx
      .insert(moderationDecisionsLog)
      .values({
        itemKind,
        itemId,
        authorId: item.authorId,
        decidedBy: operatorId,
        decision,
        ground: request.ground,
        explanation: request.explanation,
        reports: closed.length,
        decidedAt: now,
      })
      .returning({ id: moderationDecisionsLog.id });
    return { id: logged!.id, item, reports: closed.length };
  });
  if (decision === "suspend") {
    // Every instance drops the members it kept (kept-members.ts): his next request, wherever it lands, is refused.
    await deps.database.changes
      .publish("standings")
      .catch((err: unknown) => deps.logger.error({ err }, "could not tell the other instances about a suspension"));
  }
  if (decision !== "keep") {
    await sendStatement(deps, decided.id, decided.item.authorId, {
      decision,
      itemKind,
      text: decided.item.text,
      challengeTitle: decided.item.challengeTitle,
      milestoneText: decided.item.milestoneText,
      postedOn: dayOf(decided.item.createdAt),
      ground: request.ground,
      explanation: request.explanation,
      reports: decided.reports,
      decidedAt: now,
    });
  }
  const [logged] = await readDecisions(db, decided.id);
  return logged!;
}

/** E-mails the author his statement of reasons and notes when it went; a failure is logged, the decision stands. */
async function sendStatement(
  deps: Pick<Deps, "database" | "env" | "mailer" | "logger">,
  decisionId: string,
  authorId: string,
  statement: Parameters<typeof statementOfReasonsEmail>[2],
) {
  const { db } = deps.database;
  const { env } = deps;
  try {
    const [author] = await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, authorId));
    if (!author) return;
    const ctx = emailContext(env);
    await deps.mailer.send({ ...statementOfReasonsEmail(ctx, author, statement), to: author.email });
    await db
      .update(moderationDecisionsLog)
      .set({ statementSentAt: new Date() })
      .where(eq(moderationDecisionsLog.id, decisionId));
  } catch (err) {
    deps.logger.error({ err, decisionId }, "could not send the statement of reasons");
  }
}

/** The log, newest first: the last `DECISION_LOG_SIZE` decisions, or the one named. */
export async function readDecisions(db: Db, id?: string): Promise<LoggedDecision[]> {
  const author = alias(users, "author");
  const operator = alias(users, "operator");
  const rows = await db
    .select({
      row: moderationDecisionsLog,
      authorName: author.firstName,
      operatorName: operator.firstName,
    })
    .from(moderationDecisionsLog)
    .innerJoin(author, eq(author.id, moderationDecisionsLog.authorId))
    .leftJoin(operator, eq(operator.id, moderationDecisionsLog.decidedBy))
    .where(id ? eq(moderationDecisionsLog.id, id) : undefined)
    .orderBy(desc(moderationDecisionsLog.decidedAt), desc(moderationDecisionsLog.id))
    .limit(DECISION_LOG_SIZE);
  return rows.map(({ row, authorName, operatorName }) => ({
    id: row.id,
    itemKind: row.itemKind,
    itemId: row.itemId,
    author: { firstName: authorName },
    decidedBy: operatorName ?? "a former operator",
    decision: row.decision,
    ground: row.ground,
    explanation: row.explanation,
    reports: row.reports,
    decidedAt: row.decidedAt.toISOString(),
    statementSentAt: row.statementSentAt?.toISOString() ?? null,
  }));
}

/** How many reports wait in the queue. */
export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(communityReports)
    .where(eq(communityReports.status, "open"));
  return Number(row?.n ?? 0);
}
