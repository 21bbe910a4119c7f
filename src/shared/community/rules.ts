/**
 * The community once it opens (issue 40): who may read and write the feed, what a post is, and the limits per member.
 * Admission follows the waitlist's order, one position after another (decision 0134).
 */

/** What a post shares: a completed milestone, or his validated first run. */
export const postKinds = ["milestone", "run"] as const;
export type PostKind = (typeof postKinds)[number];

/**
 * Why a member reports a post or comment (EU Digital Services Act Art. 16: a notice says why the content is thought
 * illegal or against the rules); `note` may say more.
 */
export const reportReasons = [
  { id: "spam", label: "Spam or advertising" },
  { id: "harassment", label: "Harassment or bullying" },
  { id: "hate", label: "Hate or slurs" },
  { id: "sexual", label: "Sexual content" },
  { id: "violence", label: "Violence or threats" },
  { id: "illegal", label: "Something else illegal" },
  { id: "other", label: "Something else" },
] as const;
export type ReportReason = (typeof reportReasons)[number]["id"];
export const reportReasonIds = reportReasons.map((r) => r.id) as [ReportReason, ...ReportReason[]];
export const REPORT_NOTE_MAX = 500;
/** Where a report stands: open in the operator's queue, or decided. */
export const reportStatuses = ["open", "kept", "removed"] as const;

/**
 * What the operator decides on a reported post or comment (DSA Art. 17): keep it, remove it, or remove it and suspend
 * its author from the community. Each decision is logged; remove and suspend send the author a statement of reasons.
 */
export const moderationDecisions = ["keep", "remove", "suspend"] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];
/** What a decision was about. */
export const moderatedItemKinds = ["post", "comment"] as const;

/** What tells a member something happened to his post: another member cheered it or wrote a comment under it. */
export const notificationKinds = ["cheer", "comment"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Posts per feed page; the next page is asked for with the cursor the last one gave. */
export const FEED_PAGE_SIZE = 20;
/** Comments shown under a post, oldest first. */
export const COMMENTS_PAGE_SIZE = 50;

/** Per member and rolling 24 hours: enough for a real day, too few for a flood. */
export const COMMUNITY_DAILY_LIMITS = { post: 10, comment: 50, report: 20 } as const;

export const feedMessages = {
  notAdmitted: "The community is not open for you yet. You keep your place on the waitlist.",
  suspended:
    "Your community membership is suspended after a moderation decision; the e-mail we sent you says why and how to contest it.",
  postNotFound: "This post is no longer available.",
  milestoneNotCompleted: "Only a completed milestone can be shared.",
  milestoneNotFound: "This milestone is not part of your plan.",
  runNotValidated: "Validate your run first, then share it.",
  alreadyShared: "You have already shared this win.",
  ownCheer: "You cannot cheer your own post.",
  dailyLimit: "You have reached today's limit here. Please try again tomorrow.",
  commentNotFound: "This comment is no longer available.",
  ownBlock: "You cannot block yourself.",
  ownReport: "You cannot report your own post or comment.",
  reportReason: "Please choose why you are reporting this.",
  badCursor: "This page of the feed could not be found. Please reload the feed.",
} as const;

export const notificationMessages = {
  loadFailed: "Could not load your notifications. Please try again.",
  markFailed: "Could not mark your notifications as read. Please try again.",
  untilInvalid: "Give the moment as an ISO date and time.",
  digestLoadFailed: "Could not load your community e-mail setting. Please try again.",
  digestSaveFailed: "Could not save your community e-mail setting. Please try again.",
  digestLinkInvalid: "This unsubscribe link is not valid. You can turn the community digest off in Settings.",
} as const;
