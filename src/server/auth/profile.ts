import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";

/**
 * Every account has a profile (5 tokens, free). better-auth creates the user and its
 * credentials in one transaction but runs after-create hooks only once that commits, so
 * the profile is made there and, as a guarantee, again (idempotently) whenever a session
 * is created: nobody can be signed in without a profile, even if the first insert failed.
 */
export async function ensureProfile(db: Db, userId: string) {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing({ target: profiles.id });
}
