import { z } from "zod";

/** SPEC.md section 9: the run challenge window and input limits. */
export const CHALLENGE_WINDOW_SECONDS = 24 * 60 * 60;
export const MAX_DURATION_MINUTES = 1440;
export const NOTES_MIN_LENGTH = 10;
export const VALIDATE_DELAY_MS = 2000;
export const NEVER_RAN_TARGET_MINUTES = 60;

export const runChallengeMessages = {
  maxDurationRequired: "Please enter your maximum running duration",
  maxDurationInvalid: "Please enter a valid duration (at least 1 minute)",
  maxDurationTooLong: "Duration cannot exceed 1440 minutes (24 hours)",
  todayRequired: "Today's duration is required",
  todayInvalid: "Please enter a valid duration (at least 1 minute)",
  notesRequired: "Please share your thoughts about the challenge",
  notesTooShort: "Please write at least 10 characters",
  previousInvalid: "Please enter a valid duration",
} as const;

/**
 * The target the user commits to: 1.5 × his longest run, rounded up to whole minutes; 60 if he never ran.
 * Never below 60: the rules ask for at least one hour of constant movement, whatever the longest run was.
 */
export function targetMinutes(maxDurationMinutes: number | null): number {
  if (maxDurationMinutes === null) return NEVER_RAN_TARGET_MINUTES;
  return Math.max(NEVER_RAN_TARGET_MINUTES, Math.ceil(maxDurationMinutes * 1.5));
}

/** Seconds left of the 24-hour window that started at `acceptedAt` (never below 0). */
export function challengeSecondsLeft(acceptedAt: Date | string, now: Date = new Date()): number {
  const started = new Date(acceptedAt).getTime();
  const left = Math.ceil((started + CHALLENGE_WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  return Math.max(0, Math.min(CHALLENGE_WINDOW_SECONDS, left));
}

/** hh:mm:ss for the countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const wholePositive = /^[1-9][0-9]*$/;

/** The maximum-duration text input of the challenge-accepted screen, with SPEC.md's three messages. */
export const maxDurationInputSchema = z
  .string()
  .trim()
  .min(1, runChallengeMessages.maxDurationRequired)
  .refine((v) => wholePositive.test(v), runChallengeMessages.maxDurationInvalid)
  .transform(Number)
  .refine((n) => n <= MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong);

/** POST /api/onboarding/challenge. null = "I never ran" (target 60 min). */
export const acceptChallengeSchema = z.object({
  maxDurationMinutes: z
    .number({ error: runChallengeMessages.maxDurationInvalid })
    .int(runChallengeMessages.maxDurationInvalid)
    .min(1, runChallengeMessages.maxDurationInvalid)
    .max(MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong)
    .nullable(),
});
export type AcceptChallengeRequest = z.infer<typeof acceptChallengeSchema>;

/** The run-validation form as typed (strings), with SPEC.md section 5's messages. */
export const runValidationFormSchema = z.object({
  previousMaxDuration: z
    .string()
    .trim()
    .refine((v) => v === "" || wholePositive.test(v), runChallengeMessages.previousInvalid),
  todayDuration: z
    .string()
    .trim()
    .min(1, runChallengeMessages.todayRequired)
    .refine((v) => wholePositive.test(v), runChallengeMessages.todayInvalid),
  notes: z
    .string()
    .trim()
    .min(1, runChallengeMessages.notesRequired)
    .min(NOTES_MIN_LENGTH, runChallengeMessages.notesTooShort),
});
export type RunValidationForm = z.input<typeof runValidationFormSchema>;

/** POST /api/onboarding/run-validation. */
export const runValidationSchema = z.object({
  previousMaxDuration: z
    .number({ error: runChallengeMessages.previousInvalid })
    .int(runChallengeMessages.previousInvalid)
    .min(1, runChallengeMessages.previousInvalid)
    .max(MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong)
    .nullable(),
  todayDuration: z
    .number({ error: runChallengeMessages.todayRequired })
    .int(runChallengeMessages.todayInvalid)
    .min(1, runChallengeMessages.todayInvalid)
    .max(MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong),
  notes: z
    .string({ error: runChallengeMessages.notesRequired })
    .trim()
    .min(1, runChallengeMessages.notesRequired)
    .min(NOTES_MIN_LENGTH, runChallengeMessages.notesTooShort)
    .max(5000, "Please keep your notes under 5000 characters"),
});
export type RunValidationRequest = z.infer<typeof runValidationSchema>;

/** Converts the validated form into the request body. */
export function runValidationRequestFromForm(form: z.output<typeof runValidationFormSchema>): RunValidationRequest {
  return {
    previousMaxDuration: form.previousMaxDuration === "" ? null : Number(form.previousMaxDuration),
    todayDuration: Number(form.todayDuration),
    notes: form.notes,
  };
}

export type RunValidation = {
  id: string;
  previousMaxDuration: number | null;
  todayDuration: number;
  notes: string;
  createdAt: string;
};

export type GenerationStatus = "idle" | "running" | "done" | "failed";
export type QuizStatus = "in_progress" | "analyzed";

/** GET /api/onboarding and POST /api/onboarding/challenge. */
export type OnboardingState = {
  challengeAcceptedAt: string | null;
  maxDurationMinutes: number | null;
  targetMinutes: number | null;
  runValidation: RunValidation | null;
  latestQuiz: { id: string; status: QuizStatus; generationStatus: GenerationStatus } | null;
};
