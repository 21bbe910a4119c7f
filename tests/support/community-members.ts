import { eq } from "drizzle-orm";
import { communityMembers, communityPosts } from "#server/db/schema.ts";
import type { TestApp, TestUser } from "./test-app.ts";

/**
 * Community fixtures for server tests: a member let in without the waitlist (admission has tests of its own), and a
 * shared run stored as the feed stores it (sharing has tests of its own).
 */
export async function admittedMember(t: TestApp, firstName: string, admittedAt = new Date()) {
  const user = await t.createUser({ firstName });
  await t.db.insert(communityMembers).values({ userId: user.id, admittedAt, admittedBy: "test" });
  return user;
}

/** Suspended as the operator's decision does it (moderation.ts): the change is told to every instance. */
export async function suspendedMember(t: TestApp, user: TestUser, at = new Date()) {
  await t.db.update(communityMembers).set({ suspendedAt: at }).where(eq(communityMembers.userId, user.id));
  await t.deps.database.changes.publish("standings");
}

export async function storedRunPost(
  t: TestApp,
  user: TestUser,
  post: { milestoneText?: string; achievedOn?: string; createdAt?: Date } = {},
) {
  const { milestoneText = "Run 5 km", achievedOn = "2026-11-20", createdAt } = post;
  const [stored] = await t.db
    .insert(communityPosts)
    .values({
      userId: user.id,
      kind: "run",
      challengeTitle: "Run longer than ever before",
      milestoneText,
      achievedOn,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return stored!;
}
