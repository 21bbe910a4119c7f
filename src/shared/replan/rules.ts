import { isOverdue, type MilestoneType } from "../plan/rules.ts";
import { addDays } from "../time.ts";

/**
 * Re-planning a missed milestone (issue 27, decision 0108): what may have got in the way, how a proposal lives, and
 * the dates a new step may fall on. Pure, so the server, the screen and the tests use one set of rules.
 */

export const replanReasons = ["no_time", "too_big", "motivation", "health", "other"] as const;
export type ReplanReason = (typeof replanReasons)[number];

/** The choices as he reads them. */
export const replanReasonLabels: Record<ReplanReason, string> = {
  no_time: "Not enough time",
  too_big: "The step was too big",
  motivation: "I lost my drive",
  health: "Sick or injured",
  other: "Something else",
};

/** `generating` while the AI writes, `proposed` until he accepts or dismisses it. */
export const replanStatuses = ["generating", "proposed", "accepted", "dismissed"] as const;
export type ReplanStatus = (typeof replanStatuses)[number];

/** What the AI proposes: a smaller next step, its date (his calendar day) and the todos that replace the open ones. */
export type ReplanProposal = { milestoneDescription: string; deadline: string; todos: string[] };

/** The overdue e-mail's dashboard link carries `?replan=<milestone id>`: the dashboard opens that milestone's re-plan. */
export const REPLAN_LINK_PARAM = "replan";

/** What an accepted re-plan replaced, kept with it: nothing he wrote or was given is lost (and export includes it). */
export type ReplacedMilestone = { milestoneDescription: string; deadline: string | null; openTodos: string[] };

export const REPLAN_TODOS = 3;
export const REPLAN_NOTE_MAX = 200;

/** How many re-plans of one milestone a free account gets without spending a token. */
export const FREE_REPLANS_PER_MILESTONE = 1;

/**
 * When the rest of the challenge has no date left to fit into (this was its last milestone, or the others lapsed
 * too), a re-plan may extend the challenge by this much.
 */
export const REPLAN_EXTENSION_DAYS = 28;

/** The step the offline writer and the fallback propose, in days from today, before the window clamps it. */
export const defaultReplanDays: Record<MilestoneType, number> = { immediate: 4, short_term: 10, medium_term: 21 };

/**
 * Missed, so it may be re-planned: overdue as the dashboard has always shown it (its day's end, UTC, has passed), or
 * its day is already behind him on his own calendar (`today`), which comes first east of UTC.
 */
export function isMissed(
  milestone: { milestoneDeadline: string | null; milestoneCompleted: boolean },
  today: string,
  now: Date = new Date(),
): boolean {
  if (!milestone.milestoneDeadline || milestone.milestoneCompleted) return false;
  return isOverdue(milestone, now) || milestone.milestoneDeadline.slice(0, 10) < today;
}

export type ReplanWindow = { earliest: string; latest: string };

/**
 * The days a new date may fall on, on his calendar: from tomorrow (never today: he just missed a date, and a step
 * due tonight is not smaller) to the challenge's last date among its other milestones. When that last date is
 * before tomorrow, the challenge has no time left, and the window runs REPLAN_EXTENSION_DAYS from today.
 */
export function replanWindow(today: string, otherDeadlineDays: Array<string | null>): ReplanWindow {
  const earliest = addDays(today, 1);
  const challengeEnd = otherDeadlineDays
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  const latest = challengeEnd && challengeEnd >= earliest ? challengeEnd : addDays(today, REPLAN_EXTENSION_DAYS);
  return { earliest, latest };
}

/** A date moved into the window. */
export function clampToWindow(day: string, window: ReplanWindow): string {
  if (day < window.earliest) return window.earliest;
  if (day > window.latest) return window.latest;
  return day;
}

export function inWindow(day: string, window: ReplanWindow): boolean {
  return day >= window.earliest && day <= window.latest;
}

export const replanMessages = {
  notOverdue: "Only a missed milestone can be re-planned.",
  completed: "This milestone is already complete.",
  noProposal: "There is no re-plan waiting for this milestone.",
  failed: "We could not re-plan this milestone. Please try again.",
  reasonRequired: "Tell us what got in the way.",
  noteTooLong: `Please keep it under ${REPLAN_NOTE_MAX} characters`,
  deadlineOutside: (window: ReplanWindow) =>
    `Choose a date between ${window.earliest} and ${window.latest}, within your challenge's remaining time.`,
} as const;
