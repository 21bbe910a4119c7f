/**
 * Every refusal the domain can give, by code. Services throw a DomainError and know nothing of HTTP;
 * http/errors.ts maps each code to a status and the SPEC.md message the user sees.
 */
const domainErrorCodes = [
  "account.cancelFailed",
  "account.tooManyAttempts",
  "ai.dailyLimit",
  "account.wrongPassword",
  "auth.busy",
  "auth.foreignLinkTarget",
  "auth.invalidInput",
  "auth.sessionRequired",
  "auth.tooManyAttempts",
  "billing.alreadyPremium",
  "billing.checkoutFailed",
  "billing.confirmFailed",
  "billing.invalidSignature",
  "billing.noSubscription",
  "billing.notPaid",
  "billing.portalFailed",
  "billing.sessionNotFound",
  "calendar.feedNotFound",
  "challenge.notFound",
  "community.alreadyShared",
  "community.commentNotFound",
  "community.dailyLimit",
  "community.loginRequired",
  "community.milestoneNotCompleted",
  "community.milestoneNotFound",
  "community.notAccountEmail",
  "community.notAdmitted",
  "community.ownBlock",
  "community.ownCheer",
  "community.ownReport",
  "community.postNotFound",
  "community.runNotValidated",
  "limit.tooManyRequests",
  "challenge.freeLimit",
  "challenge.premiumLimit",
  "milestone.notFound",
  "milestone.openTodos",
  "milestone.completed",
  "todo.notFound",
  "partner.addressLimit",
  "partner.alreadyInvited",
  "partner.cheerLimit",
  "partner.cheerLinkExpired",
  "partner.cheerLinkGone",
  "partner.cheerLinkInvalid",
  "partner.cheerNotFound",
  "partner.dailyLimit",
  "partner.freeLimit",
  "partner.inviteFailed",
  "partner.linkNotFound",
  "partner.notAccepted",
  "partner.notFound",
  "partner.ownEmail",
  "partner.premiumLimit",
  "partner.unsubscribeInvalid",
  "partner.unsubscribeUnknown",
  "todos.generationFailed",
  "proof.accountBusy",
  "proof.busy",
  "proof.corrupt",
  "proof.inFuture",
  "proof.noTimes",
  "proof.notActivity",
  "proof.notFound",
  "proof.notMoving",
  "proof.notProof",
  "proof.photoUnreadable",
  "proof.tooFast",
  "proof.tooSlow",
  "proof.declaredRide",
  "proof.declaredSwim",
  "proof.declaredPaddle",
  "proof.declaredHike",
  "proof.declaredOther",
  "proof.tooFewPoints",
  "proof.timedOut",
  "proof.tooLarge",
  "proof.tooManyPoints",
  "proof.tooOld",
  "proof.uploadFailed",
  "push.endpointRefused",
  "push.endpointTaken",
  "push.notFound",
  "push.tooManyDevices",
  "push.unavailable",
  "quiz.notFound",
  "run.invalid",
  "run.notAccepted",
  "run.beforeAcceptance",
  "run.afterDeadline",
  "quiz.stillRunning",
  "reminders.unsubscribeInvalid",
  "replan.failed",
  "replan.noProposal",
  "replan.notOverdue",
  "replan.outsideWindow",
  "tokens.insufficient",
  "tokens.invalidAction",
  "tokens.profileMissing",
  "request.foreignOrigin",
  "request.tooLarge",
] as const;
export type DomainErrorCode = (typeof domainErrorCodes)[number];

/** Facts a message needs, e.g. how many todos are still open. */
export type DomainErrorDetails = {
  count?: number;
  /** A shared schema's own message (SPEC.md copy), for a rule checked after the request was read. */
  message?: string;
  /** How long until a limit lets him try again: the message says it, and a 429 answers it as `Retry-After`. */
  retryAfterSeconds?: number;
};

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly details: DomainErrorDetails = {},
    /** `cause`: what an outside system answered, for the operator's log; never shown to the user. */
    options?: ErrorOptions,
  ) {
    super(code, options);
    this.name = "DomainError";
  }
}
