import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import { answerFirstThenDo } from "./answer-first-then-do.ts";
import { askBetterAuth } from "./ask-better-auth.ts";
import { checkInput } from "./check-input.ts";
import { countAttempts } from "./count-attempts.ts";
import type { GuardEnv } from "./guard-env.ts";
import { landLinks } from "./land-links.ts";
import { openOnlyKnownEndpoints } from "./open-only-known-endpoints.ts";
import { passClientIp } from "./pass-client-ip.ts";
import { readBody } from "./read-body.ts";
import { rememberDevice } from "./remember-device.ts";
import { tellOtherInstances } from "./tell-other-instances.ts";
import { untagOfflineCopy } from "./untag-offline-copy.ts";

/** The account forms send a few hundred bytes; the app applies this limit before any body is read. */
export const AUTH_MAX_BYTES = 16 * 1024;

/**
 * Waits for the sign-ups and reset requests this app has answered but not yet done: shutdown must not close the
 * database under them. The work is the auth instance's (`answeredWork`, one per app).
 */
export async function settleAnsweredAuthWork(auth: Auth) {
  await auth.answeredWork.settleAll();
}

/**
 * /api/auth/*: better-auth behind our own guard (decisions 0010, 0063, 0064, 0065, 0101, 0114), one step per concern.
 * Which endpoints are open and what each step does for each is one table, `authEndpoints` (endpoints.ts); refusals
 * are domain error codes the catalog answers (http/errors.ts).
 */
export const authRoutes = new Hono<GuardEnv>().on(
  ["GET", "POST"],
  "/*",
  openOnlyKnownEndpoints,
  passClientIp,
  readBody,
  checkInput,
  countAttempts,
  landLinks,
  answerFirstThenDo,
  rememberDevice,
  tellOtherInstances,
  untagOfflineCopy,
  askBetterAuth,
);
