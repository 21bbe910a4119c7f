import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityCheers } from "#server/db/schema.ts";
import type { CheerAnswer } from "#shared/community/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { readPost } from "./feed.ts";
import { notifyAuthor } from "./notifications.ts";
import { unlessGone } from "./write-guards.ts";

async function cheerState(db: Db, userId: string, postId: string): Promise<CheerAnswer> {
  const post = await readPost(db, userId, postId);
  return { cheers: post.cheers, cheeredByMe: post.cheeredByMe };
}

/** One cheer per member and post: a second press changes nothing. Not his own post. */
export async function cheerPost(db: Db, userId: string, postId: string, now: Date = new Date()): Promise<CheerAnswer> {
  const post = await readPost(db, userId, postId);
  if (post.mine) throw new DomainError("community.ownCheer");
  await unlessGone("community.postNotFound", async () => {
    await db.insert(communityCheers).values({ postId, userId }).onConflictDoNothing();
    await notifyAuthor(db, { kind: "cheer", actorId: userId, postId }, now);
  });
  return cheerState(db, userId, postId);
}

export async function takeBackCheer(db: Db, userId: string, postId: string): Promise<CheerAnswer> {
  await readPost(db, userId, postId);
  await db.delete(communityCheers).where(and(eq(communityCheers.postId, postId), eq(communityCheers.userId, userId)));
  return cheerState(db, userId, postId);
}
