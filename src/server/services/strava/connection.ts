import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { stravaActivities, stravaConnections, stravaConnectStates } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { STRAVA_SCOPE, type StravaResult, type StravaReturnPath } from "#shared/strava/rules.ts";
import { type StravaApi, StravaError, type StravaUsage } from "./strava-api.ts";
import type { ActiveStravaConfig } from "./strava-config.ts";
import type { TokenCipher } from "./token-crypto.ts";

/** What the Strava services need: the database, the API (real or local) and the cipher of the tokens. */
export type StravaDeps = {
  db: Db;
  logger: Pick<Logger, "info" | "warn" | "error">;
  config: ActiveStravaConfig;
  api: StravaApi;
  cipher: TokenCipher;
  /** Where Strava sends him back: APP_URL/api/strava/callback. */
  callbackUrl: string;
  /**
   * Strava's latest word on the app's usage (its rate-limit headers). Strava counts per application, so the last
   * answer to any instance says what all of them used.
   */
  usage?: { latest: StravaUsage | null };
};

/** A connect must come back within this: Strava's page is one tap, a forgotten tab is not a way in. */
const STATE_TTL_MS = 10 * 60 * 1000;
/** A token with less than this left is refreshed first: Strava's last six hours are not cut fine. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;

const hash = (state: string) => createHash("sha256").update(state).digest("hex");

/** Starts a connect: the address of Strava's authorize page, with a state bound to him (one use, ten minutes). */
export async function startConnect(deps: StravaDeps, userId: string, returnTo: StravaReturnPath, now = new Date()) {
  const state = randomBytes(32).toString("base64url");
  await deps.db.delete(stravaConnectStates).where(lt(stravaConnectStates.expiresAt, now));
  await deps.db.insert(stravaConnectStates).values({
    stateHash: hash(state),
    userId,
    returnTo,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return deps.api.authorizeUrl({ redirectUri: deps.callbackUrl, state, scope: STRAVA_SCOPE, approvalPrompt: "auto" });
}

export type CallbackQuery = { state?: string; code?: string; scope?: string; error?: string };

/**
 * Strava's answer (GET /api/strava/callback): the state must be one he started, in this session, unused and fresh;
 * then the code becomes his tokens. A state that is not his (a forged or forwarded link) connects nothing, and says
 * so on his own screen. Answers where he goes back to and what to tell him there.
 */
export async function finishConnect(
  deps: StravaDeps,
  sessionUserId: string | null,
  query: CallbackQuery,
  now = new Date(),
): Promise<{ returnTo: string; result: StravaResult }> {
  const fallback = "/dashboard/settings";
  if (!query.state || !sessionUserId) return { returnTo: fallback, result: "expired" };
  const [started] = await deps.db
    .delete(stravaConnectStates)
    .where(eq(stravaConnectStates.stateHash, hash(query.state)))
    .returning();
  if (!started) return { returnTo: fallback, result: "expired" };
  if (started.userId !== sessionUserId) {
    deps.logger.warn({ userId: sessionUserId }, "a Strava callback came back with another man's state");
    return { returnTo: fallback, result: "failed" };
  }
  const returnTo = started.returnTo;
  if (started.expiresAt < now) return { returnTo, result: "expired" };
  if (query.error || !query.code) return { returnTo, result: "denied" };

  let tokens: Awaited<ReturnType<StravaApi["exchangeCode"]>>;
  try {
    tokens = await deps.api.exchangeCode(query.code);
  } catch (err) {
    deps.logger.warn({ err: describeError(err) }, "Strava refused a code exchange");
    return { returnTo, result: "failed" };
  }
  const granted = (query.scope ?? "").split(",");
  if (!granted.includes("activity:read") && !granted.includes("activity:read_all")) {
    // He unticked the activities: a token that reads nothing of use is handed back rather than kept.
    await deps.api.deauthorize(tokens.access_token).catch(() => undefined);
    return { returnTo, result: "noActivityScope" };
  }
  const athlete = tokens.athlete;
  const athleteName = [athlete?.firstname, athlete?.lastname].filter(Boolean).join(" ").trim() || "Strava athlete";
  const values = {
    athleteId: athlete.id,
    athleteName,
    scope: granted.join(","),
    accessToken: deps.cipher.seal(tokens.access_token),
    refreshToken: deps.cipher.seal(tokens.refresh_token),
    expiresAt: new Date(tokens.expires_at * 1000),
    busyUntil: null,
  };
  await deps.db.transaction(async (tx) => {
    // One Strava account follows one man: connecting it here takes it from an account that had it (he just proved
    // it is his at Strava).
    await tx
      .delete(stravaConnections)
      .where(and(eq(stravaConnections.athleteId, athlete.id), sql`${stravaConnections.userId} <> ${sessionUserId}`));
    await tx
      .insert(stravaConnections)
      .values({ userId: sessionUserId, connectedAt: now, ...values })
      .onConflictDoUpdate({ target: stravaConnections.userId, set: { ...values, connectedAt: now } });
  });
  deps.logger.info({ userId: sessionUserId }, "Strava connected");
  return { returnTo, result: "connected" };
}

/** An error for the log: never a token, which the API's messages do not carry either. */
function describeError(err: unknown) {
  return err instanceof StravaError ? { kind: err.kind, status: err.status } : String(err);
}

type Connection = typeof stravaConnections.$inferSelect;

/**
 * A valid access token of his, refreshed first when it is about to expire, or null when he is not connected (or
 * Strava no longer knows the grant: the connection is then removed). Strava rotates the refresh token and the old one
 * stops working, so the refresh holds his row: another instance refreshing at the same moment waits, then finds the
 * new pair and uses it rather than spending the old one (decision 0165).
 */
export async function accessTokenFor(deps: StravaDeps, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await deps.db.select().from(stravaConnections).where(eq(stravaConnections.userId, userId));
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return openOrForget(deps, row, row.accessToken);
  const refreshed = await deps.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select * from strava_connections where user_id = ${userId} for update`);
    const current = locked.rows[0] as
      | { access_token: string; refresh_token: string; expires_at: string | Date }
      | undefined;
    if (!current) return { token: null };
    if (new Date(current.expires_at).getTime() - now.getTime() > REFRESH_MARGIN_MS) {
      return { token: deps.cipher.open(current.access_token) };
    }
    const refreshToken = deps.cipher.open(current.refresh_token);
    if (!refreshToken) return { token: null, forget: true };
    try {
      const fresh = await deps.api.refresh(refreshToken);
      await tx
        .update(stravaConnections)
        .set({
          accessToken: deps.cipher.seal(fresh.access_token),
          refreshToken: deps.cipher.seal(fresh.refresh_token),
          expiresAt: new Date(fresh.expires_at * 1000),
        })
        .where(eq(stravaConnections.userId, userId));
      return { token: fresh.access_token };
    } catch (err) {
      // Revoked at Strava (he removed us in its settings): the grant is gone, and so is the connection.
      if (err instanceof StravaError && (err.kind === "badRequest" || err.kind === "unauthorized")) {
        return { token: null, forget: true };
      }
      throw err;
    }
  });
  if (refreshed.forget) await forgetConnection(deps.db, userId);
  return refreshed.token;
}

async function openOrForget(deps: StravaDeps, row: Connection, sealed: string) {
  const token = deps.cipher.open(sealed);
  if (token === null) await forgetConnection(deps.db, row.userId);
  return token;
}

/** Removes his connection and the activities waiting or offered from it; proofs already made stay his. */
export async function forgetConnection(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(stravaConnections).where(eq(stravaConnections.userId, userId));
    await tx
      .delete(stravaActivities)
      .where(and(eq(stravaActivities.userId, userId), sql`${stravaActivities.outcome} not in ('firstRun', 'used')`));
  });
}

/**
 * Disconnect (and the first step of deleting his account): access is revoked at Strava, then the tokens are
 * deleted. Strava unreachable does not keep the tokens here: the grant left at Strava reads nothing without them, and
 * he can remove it in Strava's settings; the operator's log says so.
 */
export async function disconnect(deps: StravaDeps, userId: string, now = new Date()) {
  const token = await accessTokenFor(deps, userId, now).catch(() => null);
  if (token) {
    await deps.api.deauthorize(token).catch((err: unknown) => {
      deps.logger.error(
        { userId, err: describeError(err) },
        "could not revoke a Strava grant; its tokens are deleted anyway",
      );
    });
  }
  await forgetConnection(deps.db, userId);
}
