/** The first challenge (SPEC.md sections 1 and 9): run longer than ever before; distance does not matter. */

/** Hours the runner has after accepting the challenge. */
export const CHALLENGE_WINDOW_HOURS = 24;
export const CHALLENGE_WINDOW_SECONDS = CHALLENGE_WINDOW_HOURS * 60 * 60;

/**
 * The rules ask for at least one hour of constant movement, so no target is ever shorter; it is also the target of
 * someone who never ran (decision 0004).
 */
export const RUN_FLOOR_MINUTES = 60;

/** The longest run a user can state, and the longest run he can validate. */
export const MAX_DURATION_MINUTES = 24 * 60;
export const NOTES_MIN_LENGTH = 10;
/** SPEC.md's fake delay of the 'Validate Challenge' button. */
export const VALIDATE_DELAY_MS = 2000;

/** The target the user commits to: 1.5 × his longest run, rounded up to whole minutes, never below the floor. */
export function targetMinutes(maxDurationMinutes: number | null): number {
  if (maxDurationMinutes === null) return RUN_FLOOR_MINUTES;
  return Math.max(RUN_FLOOR_MINUTES, Math.ceil(maxDurationMinutes * 1.5));
}

/**
 * How many minutes today's run fell short of the target (0 when it was reached). A shorter run still validates the
 * challenge; the screens say by how much it fell short (decision 0058).
 */
export function minutesShortOfTarget(todayMinutes: number, target: number): number {
  return Math.max(0, target - todayMinutes);
}

/** Seconds left of the 24-hour window that started at `acceptedAt` (never below 0). */
export function challengeSecondsLeft(acceptedAt: Date | string, now: Date = new Date()): number {
  const started = new Date(acceptedAt).getTime();
  const left = Math.ceil((started + CHALLENGE_WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  return Math.max(0, Math.min(CHALLENGE_WINDOW_SECONDS, left));
}

/**
 * A run proved by a file counts when it starts inside his 24 hours (issue 35 row 4, decision 0124). Acceptance is
 * recorded when he first reaches the challenge screen, so a man who starts his watch at the door and then opens the
 * app is a few minutes early: that much before is allowed. After the deadline only a clock a few minutes fast is
 * forgiven, as the file reader forgives a start "in the future".
 */
const RUN_EARLY_START_MINUTES = 15;
const RUN_LATE_START_MINUTES = 5;

/** Whether a run that started at `startedAt` falls inside the challenge accepted at `acceptedAt`, or which side it missed. */
export function runWindowRefusal(
  startedAt: Date | string,
  acceptedAt: Date | string,
): "beforeAcceptance" | "afterDeadline" | null {
  const start = new Date(startedAt).getTime();
  const accepted = new Date(acceptedAt).getTime();
  if (start < accepted - RUN_EARLY_START_MINUTES * 60_000) return "beforeAcceptance";
  if (start > accepted + (CHALLENGE_WINDOW_SECONDS + RUN_LATE_START_MINUTES * 60) * 1000) return "afterDeadline";
  return null;
}

/**
 * Whole minutes since he accepted the challenge: the longest run he can type (issue 53 row 2). A typed run has no
 * start to check against his 24 hours as a file has, only its length, and a run cannot have lasted longer than the
 * time since he took the challenge on. Rounded down: 52 minutes and 40 seconds allow a run of 52 minutes.
 */
export function minutesSinceAcceptance(acceptedAt: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(acceptedAt).getTime()) / 60_000));
}

/**
 * Why a typed run of `todayMinutes` cannot be stored, or null: no challenge accepted yet, or longer than the time since
 * it was. The form asks this before it sends and the server again before it stores, so both say the same.
 */
export function typedRunRefusal(
  todayMinutes: number,
  acceptedAt: Date | string | null,
  now: Date = new Date(),
): "notAccepted" | "longerThanAccepted" | null {
  if (acceptedAt === null) return "notAccepted";
  return todayMinutes > minutesSinceAcceptance(acceptedAt, now) ? "longerThanAccepted" : null;
}

/** hh:mm:ss for the countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
