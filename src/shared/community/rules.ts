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
/** Comments per page under a post, oldest first; the newer ones are asked for with the cursor the page gave. */
export const COMMENTS_PAGE_SIZE = 50;

/** The longest post and comment (post-text.ts holds the rest of their rules). */
export const POST_TEXT_MAX = 280;
export const COMMENT_TEXT_MAX = 280;
/**
 * The longest milestone a shared win shows (decision 0145): the longest the plan's writer gives a milestone, so every
 * milestone as written can be shared. A challenge's title is shown within the plan's own limit of 200.
 */
export const SHARED_MILESTONE_TEXT_MAX = 300;
export const SHARED_CHALLENGE_TITLE_MAX = 200;

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

/** Every badge (badges.ts), in display order; its words live here for the screens that show it. */
export const badgeIds = [
  "first-run",
  "first-milestone",
  "five-milestones",
  "challenge-finished",
  "streak-4",
  "streak-12",
] as const;

export type BadgeId = (typeof badgeIds)[number];

/** What a person reads about a badge; `order` places it on his profile and beside his posts, lowest first. */
export type BadgeInfo = { title: string; description: string; order: number };

export const badgeInfo: Record<BadgeId, BadgeInfo> = {
  "first-run": {
    title: "First run",
    description: "Ran longer than ever before, phone in airplane mode.",
    order: 1,
  },
  "first-milestone": {
    title: "First milestone",
    description: "Completed a milestone of your plan. The first step is behind you.",
    order: 2,
  },
  "five-milestones": {
    title: "Five milestones",
    description: "Completed five milestones. Steady work adds up.",
    order: 3,
  },
  "challenge-finished": {
    title: "Challenge finished",
    description: "Completed all three milestones of a challenge.",
    order: 4,
  },
  "streak-4": {
    title: "Four-week streak",
    description: "Kept your weekly streak for four weeks.",
    order: 5,
  },
  "streak-12": {
    title: "Twelve-week streak",
    description: "Kept your weekly streak for twelve weeks. That is a habit now.",
    order: 6,
  },
};

/** SPEC.md section 3: the eight interest options, in the order the form shows them. */
export const interestOptions = [
  { id: "habits", label: "Building Better Habits" },
  { id: "career", label: "Career Growth" },
  { id: "health", label: "Health & Fitness" },
  { id: "relationships", label: "Relationships" },
  { id: "learning", label: "Learning & Skills" },
  { id: "mindfulness", label: "Mindfulness & Mental Health" },
  { id: "creativity", label: "Creativity & Arts" },
  { id: "finance", label: "Financial Growth" },
] as const;

export type InterestId = (typeof interestOptions)[number]["id"];

export function interestLabel(id: string) {
  return interestOptions.find((o) => o.id === id)?.label ?? id;
}

/** SPEC.md section 9: the launch estimate the confirmation promises. */
export const COMMUNITY_LAUNCH_ESTIMATE = "2–4 weeks";

export const WAITLIST_NAME_MAX_LENGTH = 100;

export const communityMessages = {
  notAccountEmail: "The waitlist uses your account's email address.",
  nameRequired: "Name is required",
  nameTooLong: `Please keep your name under ${WAITLIST_NAME_MAX_LENGTH} characters`,
  interestsInvalid: "Please choose your interests from the list",
  loginRequired: "You must be logged in to join the waitlist",
  joinFailed: "Failed to join waitlist. Please try again.",
} as const;

/** "Marcus cheered your win “Run 5 km”" · "Tom commented on “Run 5 km”: Great job" */
export function notificationSentence(n: {
  kind: NotificationKind;
  actor: { firstName: string };
  post: { label: string };
  excerpt: string | null;
}): string {
  const who = n.actor.firstName;
  return n.kind === "cheer"
    ? `${who} cheered your win “${n.post.label}”`
    : `${who} commented on “${n.post.label}”: ${n.excerpt ?? ""}`;
}
