import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { tooManyAttemptsMessage } from "#server/auth/rate-limit.ts";
import { authMessages, dataRightsMessages } from "#shared/account/rules.ts";
import { adminMessages } from "#shared/admin/contracts.ts";
import { planLimitMessages } from "#shared/billing/plans.ts";
import { billingMessages } from "#shared/billing/rules.ts";
import { communityMessages, feedMessages, notificationMessages } from "#shared/community/rules.ts";
import { eveningMessages } from "#shared/evening/rules.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { planMessages, todoMessages } from "#shared/plan/rules.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import { MAX_PUSH_DEVICES, pushMessages } from "#shared/push/rules.ts";
import { quizMessages } from "#shared/quiz/rules.ts";
import { reminderMessages } from "#shared/reminders/rules.ts";
import { replanMessages } from "#shared/replan/rules.ts";
import { runWindowMessages } from "#shared/run-challenge/contracts.ts";
import { screenTimeMessages } from "#shared/screen-time/rules.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { unstorableTextMessage } from "#shared/text-rules.ts";
import { tokenMessages } from "#shared/tokens/rules.ts";
import type { AppEnv } from "../context.ts";
import type { Logger } from "../logger.ts";
import { isWriteForDeletedUser, userIsGone } from "../services/account/user-tables.ts";
import { DomainError, type DomainErrorCode, type DomainErrorDetails } from "../services/domain-error.ts";

/** Answers of the request plumbing itself, not of any domain. */
export const httpMessages = {
  unexpected: "Something went wrong. Please try again.",
  notFound: "Not found",
  failed: "Request failed",
  invalid: "Invalid request",
  tooLarge: "This request is too large.",
  unreadable: "The request could not be read.",
} as const;

type Answer = { status: ContentfulStatusCode; message: string; code?: string };
type Entry = [
  ContentfulStatusCode,
  string | ((details: DomainErrorDetails) => string),
  /** better-auth's own code for the same refusal, answered beside the message: /api/auth's clients branch on it. */
  { code: string }?,
];

/** A limit's message names the wait; the answer's `Retry-After` header (see errorHandler) carries it exactly. */
const waitMessage = ({ retryAfterSeconds }: DomainErrorDetails) => tooManyAttemptsMessage(retryAfterSeconds ?? 60);

/** The one place a domain refusal becomes an HTTP status and the SPEC.md message. */
const catalog: Record<DomainErrorCode, Entry> = {
  // Stripe could not cancel the subscription: nothing was deleted, the user may try again.
  "account.cancelFailed": [502, dataRightsMessages.cancelFailed],
  // Deleting the account is counted like a login, per IP and per account: nobody guesses his password there.
  "account.tooManyAttempts": [429, waitMessage],
  "account.wrongPassword": [400, dataRightsMessages.wrongPassword],
  // Too many sign-ups and reset requests answered and still being worked on (decision 0063): the same for everyone.
  // The operator's page (decision 0136): anyone not marked as an operator gets the answer of an unknown path, so
  // nobody learns the page exists; two operators deciding one item at once: the second is told it was decided.
  "admin.alreadyDecided": [409, adminMessages.alreadyDecided],
  "admin.itemNotFound": [404, adminMessages.itemNotFound],
  "admin.notFound": [404, httpMessages.notFound],
  "auth.busy": [503, authMessages.busy],
  // A sign-up's callbackURL or a reset request's redirectTo that is no page of this site (decision 0101).
  "auth.foreignLinkTarget": [400, authMessages.foreignLinkTarget],
  // The account forms' rules (src/shared/account), checked by the auth guard before better-auth: each its own message.
  "auth.invalidInput": [400, ({ message }) => message ?? httpMessages.invalid],
  "auth.sessionRequired": [401, authMessages.sessionRequired],
  // Sign-in, sign-up and reset requests over their limit per IP, per address or per device (decisions 0010, 0064).
  "auth.tooManyAttempts": [429, waitMessage, { code: "TOO_MANY_REQUESTS" }],
  "billing.alreadyPremium": [409, billingMessages.alreadyPremium],
  // Stripe refused or could not be reached: nothing changed, the user may try again.
  "billing.checkoutFailed": [502, billingMessages.checkoutFailed],
  "billing.confirmFailed": [502, billingMessages.paymentFailed],
  // Not signed by Stripe with our webhook secret: nothing is read from it.
  "billing.invalidSignature": [400, billingMessages.invalidSignature],
  "billing.noSubscription": [409, billingMessages.noSubscription],
  // The success page rechecks once (SPEC.md section 4): not paid yet is a state, not a failure.
  "billing.notPaid": [409, billingMessages.notPaidYet],
  "billing.portalFailed": [502, billingMessages.portalFailed],
  // Unknown, or another user's: both answer the same, so no one learns that a session exists.
  "billing.sessionNotFound": [404, billingMessages.sessionNotFound],
  // A token that opens no feed: the answer of any unknown path, so guessing learns nothing.
  "calendar.feedNotFound": [404, httpMessages.notFound],
  "challenge.notFound": [404, planMessages.challengeNotFound],
  "challenge.freeLimit": [403, planLimitMessages.freeChallengeLimit],
  "challenge.premiumLimit": [403, planLimitMessages.premiumChallengeLimit],
  "community.alreadyShared": [409, feedMessages.alreadyShared],
  "community.dailyLimit": [429, feedMessages.dailyLimit],
  // A digest unsubscribe link the server did not sign (decision 0137): the page says so and changes nothing.
  "community.digestLinkInvalid": [400, notificationMessages.digestLinkInvalid],
  "community.loginRequired": [401, communityMessages.loginRequired],
  "community.milestoneNotCompleted": [400, feedMessages.milestoneNotCompleted],
  // Unknown, or another man's: both answer the same.
  "community.milestoneNotFound": [404, feedMessages.milestoneNotFound],
  // Signed in but not yet let in from the waitlist: every feed endpoint (issue 40).
  "community.notAdmitted": [403, feedMessages.notAdmitted],
  "community.ownBlock": [400, feedMessages.ownBlock],
  "community.ownCheer": [400, feedMessages.ownCheer],
  "community.ownReport": [400, feedMessages.ownReport],
  // Unknown, hidden for him, or removed by moderation.
  "community.commentNotFound": [404, feedMessages.commentNotFound],
  // Unknown, or removed by moderation.
  "community.postNotFound": [404, feedMessages.postNotFound],
  "community.runNotValidated": [400, feedMessages.runNotValidated],
  // What the post would show of his plan (the milestone's words, the challenge's title) breaks the community's text
  // rules (decision 0145): the message names the text and where to change it.
  "community.winNotShareable": [400, ({ message }) => message ?? httpMessages.invalid],
  // Suspended by the operator's decision (decision 0136): every feed endpoint, as notAdmitted is before admission.
  "community.suspended": [403, feedMessages.suspended],
  // Launch news goes to the address he confirmed, never to one he typed (issue 24 #6, decision 0104).
  "community.notAccountEmail": [400, communityMessages.notAccountEmail],
  // The evening's one-tap answer (issue 55, decision 0161): a link the server did not sign, or one of an account
  // deleted since (400); past its hours (410); from the app, a day other than tonight or last night (400).
  "evening.linkExpired": [410, eveningMessages.linkExpired],
  "evening.linkInvalid": [400, eveningMessages.linkInvalid],
  "evening.notTonight": [400, eveningMessages.notTonight],
  // A per-IP or per-feed limit outside the auth forms (calendar feeds, partners' cheers).
  "limit.tooManyRequests": [429, waitMessage],
  "milestone.notFound": [404, planMessages.milestoneNotFound],
  "milestone.openTodos": [400, ({ count = 0 }) => planMessages.remainingTodos(count)],
  "milestone.completed": [400, todoMessages.milestoneCompleted],
  // One address gets at most 3 invitations a day from the whole app, whoever sends them (decision 0106).
  "partner.addressLimit": [429, partnerMessages.addressLimit],
  "partner.alreadyInvited": [409, partnerMessages.alreadyInvited],
  "partner.cheerLimit": [429, partnerMessages.cheerLimit],
  // An e-mail's cheer link (decision 0125): not signed by us (400), past its CHEER_LINK_DAYS (410), or naming a
  // partner who was removed or whose inviter deleted his account (404). Each says what the partner can still do.
  "partner.cheerLinkExpired": [410, partnerMessages.cheerLinkExpired],
  "partner.cheerLinkGone": [404, partnerMessages.cheerLinkGone],
  "partner.cheerLinkInvalid": [400, partnerMessages.cheerLinkInvalid],
  // Unknown, or another user's cheer: the same answer as any id that names nothing.
  "partner.cheerNotFound": [404, httpMessages.notFound],
  // One account's invitations and renewals a day, whatever the addresses (issue 41, decision 0115); with Retry-After.
  "partner.dailyLimit": [429, partnerMessages.dailyLimit],
  "partner.freeLimit": [403, partnerMessages.freeLimit],
  // The mail server refused: the invitation was not kept (a renewal keeps its new link), he may simply try again.
  "partner.inviteFailed": [502, partnerMessages.inviteFailed],
  // A partner link that opens nothing (unknown, removed, renewed away, expired): the answer of any unknown path.
  "partner.linkNotFound": [404, httpMessages.notFound],
  "partner.notAccepted": [409, partnerMessages.notAccepted],
  "partner.notFound": [404, partnerMessages.notFound],
  "partner.ownEmail": [400, partnerMessages.ownEmail],
  "partner.premiumLimit": [403, partnerMessages.premiumLimit],
  // A link the server did not sign (400), or one of a partner who was removed since (404): nothing to stop either way.
  "partner.unsubscribeInvalid": [400, partnerMessages.unsubscribeInvalid],
  "partner.unsubscribeUnknown": [404, partnerMessages.unsubscribeInvalid],
  "reminders.unsubscribeInvalid": [400, reminderMessages.unsubscribeInvalid],
  "screenTime.dayTaken": [409, screenTimeMessages.dayTaken],
  "strava.activityNotFound": [404, stravaMessages.activityNotFound],
  // Strava's, not a man's: it reads only the status (and sends a 503'd event again).
  "strava.notAnEvent": [400, "Not a Strava event"],
  "strava.queueStarting": [503, "Starting; send it again"],
  "strava.notOffered": [409, stravaMessages.notOffered],
  "strava.notConfigured": [404, stravaMessages.notConfigured],
  "strava.verifyToken": [403, "Unknown verify token"],
  "screenTime.futureDay": [400, screenTimeMessages.futureDay],
  "screenTime.notFound": [404, screenTimeMessages.notFound],
  "screenTime.tooOld": [400, screenTimeMessages.tooOld],
  "todo.notFound": [404, todoMessages.notFound],
  // The AI provider failed or gave unusable output: nothing was spent, the user may simply try again.
  "todos.generationFailed": [502, todoMessages.generateFailed],
  // A file that proves nothing (issue 26): each its own message, nothing stored, never a 5xx.
  // Uploads being read on this instance: two of his at a time, and a fixed number in all (issue 41, decision 0116).
  "proof.accountBusy": [429, proofMessages.accountBusy],
  "proof.busy": [503, proofMessages.busy],
  "proof.corrupt": [400, proofMessages.corrupt],
  "proof.inFuture": [400, proofMessages.inFuture],
  // An activity typed in by hand on Strava (issue 56): nothing was recorded to check.
  "proof.manual": [400, proofMessages.manual],
  "proof.noTimes": [400, proofMessages.noTimes],
  "proof.notActivity": [400, proofMessages.notActivity],
  "proof.notFound": [404, proofMessages.proofNotFound],
  "proof.notMoving": [400, proofMessages.notMoving],
  "proof.notProof": [400, proofMessages.notProof],
  "proof.photoUnreadable": [400, proofMessages.photoUnreadable],
  "proof.tooFast": [400, proofMessages.tooFast],
  "proof.tooSlow": [400, proofMessages.tooSlow],
  "proof.declaredRide": [400, proofMessages.declaredRide],
  "proof.declaredSwim": [400, proofMessages.declaredSwim],
  "proof.declaredPaddle": [400, proofMessages.declaredPaddle],
  "proof.declaredHike": [400, proofMessages.declaredHike],
  "proof.declaredOther": [400, proofMessages.declaredOther],
  "proof.tooFewPoints": [400, proofMessages.tooFewPoints],
  // An activity file for a milestone not about moving (issue 53 row 11): a question, not a refusal. Its code tells the
  // screen to ask him and send the file again with `confirmMismatch`; nothing is kept until then.
  "proof.mismatch": [409, ({ message }) => message ?? httpMessages.invalid, { code: "PROOF_MISMATCH" }],
  // Not read within the reader's time: the server's load, not the file, as far as anyone can tell; he may try again.
  "proof.timedOut": [503, proofMessages.timedOut],
  "proof.tooLarge": [413, proofMessages.tooLarge],
  "proof.tooManyPoints": [400, proofMessages.tooManyPoints],
  "proof.tooOld": [400, proofMessages.tooOld],
  // The photo storage (a disk or a bucket) failed: nothing was kept, he may try again.
  "proof.uploadFailed": [502, proofMessages.uploadFailed],
  // Web push (decision 0098): a server without VAPID keys, a push service we do not POST to, an endpoint another
  // account has (it stays his, decision 0103), too many devices, and switching off a device that is not on.
  "push.endpointRefused": [400, pushMessages.endpointRefused],
  "push.endpointTaken": [409, pushMessages.endpointTaken],
  "push.notFound": [404, pushMessages.notFound],
  "push.tooManyDevices": [409, ({ count = MAX_PUSH_DEVICES }) => pushMessages.tooManyDevices(count)],
  "push.unavailable": [503, pushMessages.unavailable],
  "quiz.notFound": [404, quizMessages.notFound],
  "quiz.stillRunning": [409, quizMessages.stillRunning],
  // A run read from a file breaks a rule of a typed one (e.g. over 24 hours): the same SPEC.md message.
  "run.invalid": [400, ({ message }) => message ?? httpMessages.invalid],
  // A run file outside his 24 hours proves nothing about this challenge (issue 35 row 4, decision 0124); nothing stored.
  "run.notAccepted": [409, runWindowMessages.notAccepted],
  "run.beforeAcceptance": [400, runWindowMessages.beforeAcceptance],
  "run.afterDeadline": [400, runWindowMessages.afterDeadline],
  // A typed run longer than the time since he accepted could not have happened (issue 53 row 2); nothing stored.
  "run.longerThanAccepted": [400, ({ count = 0 }) => runWindowMessages.longerThanAccepted(count)],
  // The AI failed or answered nonsense twice: nothing was spent or stored, he may try again.
  "replan.failed": [502, replanMessages.failed],
  // Accepted or dismissed already (another tab, a double click): nothing changed.
  "replan.noProposal": [409, replanMessages.noProposal],
  "replan.notOverdue": [400, replanMessages.notOverdue],
  "replan.outsideWindow": [400, ({ message }) => message ?? replanMessages.failed],
  "tokens.insufficient": [402, tokenMessages.insufficient],
  "ai.dailyLimit": [429, quizMessages.dailyLimit],
  "tokens.invalidAction": [400, tokenMessages.invalidAction],
  "tokens.profileMissing": [404, tokenMessages.profileMissing],
  // Answered for every route by the app's own middleware (app.ts), before any route reads the request: a change
  // asked from another site's page (origin-check.ts), a body over its limit (body-limit.ts; an upload has its own), and
  // a path, query or body holding text no column can keep (storable-text.ts).
  "request.foreignOrigin": [403, authMessages.requestRefused],
  "request.tooLarge": [413, httpMessages.tooLarge],
  "request.unstorableText": [400, unstorableTextMessage],
};

export function answerFor(error: DomainError): Answer {
  const [status, message, extra] = catalog[error.code];
  const answer = { status, message: typeof message === "string" ? message : message(error.details) };
  return extra ? { ...answer, code: extra.code } : answer;
}

export function notFound(c: Context) {
  return c.json({ error: httpMessages.notFound }, 404);
}

/** A signed-in request that failed because his account was deleted while it ran (decision 0069). */
async function deletedMeanwhile(c: Context<AppEnv>): Promise<boolean> {
  const user = c.get("user");
  const db = c.get("deps")?.database.db;
  if (!user || !db) return false;
  return userIsGone(db, user.id).catch(() => false);
}

/**
 * app.onError: domain refusals and the plumbing's own HTTP errors answer `{ error }` with their status (a refusal
 * over a limit also says in `Retry-After` when to try again); anything else is a bug, logged, and answered with a
 * generic 500 so no detail reaches the browser.
 */
export function errorHandler(fallbackLogger: Logger): ErrorHandler<AppEnv> {
  return async (error, c) => {
    if (error instanceof DomainError) {
      const { status, message, code } = answerFor(error);
      if (error.cause)
        (c.get("log") ?? fallbackLogger).error({ err: error.cause, code: error.code }, "outside system failed");
      const { retryAfterSeconds } = error.details;
      if ((status === 429 || status === 503) && retryAfterSeconds !== undefined) {
        c.header("Retry-After", String(retryAfterSeconds));
      }
      return c.json(code ? { error: message, code } : { error: message }, status);
    }
    if (isWriteForDeletedUser(error)) return c.json({ error: authMessages.sessionRequired }, 401);
    if (error instanceof HTTPException) {
      if (error.status >= 500) c.get("log")?.error({ err: error }, "request failed");
      return c.json({ error: error.message || httpMessages.failed }, error.status);
    }
    if (await deletedMeanwhile(c)) return c.json({ error: authMessages.sessionRequired }, 401);
    (c.get("log") ?? fallbackLogger).error({ err: error }, "unhandled error");
    return c.json({ error: httpMessages.unexpected }, 500);
  };
}
