import { z } from "zod";
import { answer } from "../answer.ts";
import { activityReadingSchema, proofFileField } from "../proof/contracts.ts";
import { quizStatuses } from "../quiz/contracts.ts";
import { generationStatuses } from "../quiz/rules.ts";
import { userText } from "../text.ts";
import { MAX_DURATION_MINUTES, NOTES_MIN_LENGTH } from "./rules.ts";

/** Requests and answers of the run challenge (accept, validate) with SPEC.md section 5's messages. */

const runChallengeMessages = {
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
 * A run file outside the challenge's 24 hours (issue 35 row 4, decision 0124), or a typed run longer than the time
 * since he accepted it (issue 53 row 2): refused, nothing stored.
 */
export const runWindowMessages = {
  notAccepted:
    "Accept the challenge first: your 24 hours start on the challenge screen, and the run you validate must fall inside them.",
  beforeAcceptance:
    "This run was recorded before you accepted the challenge. Upload the run you did within your 24 hours.",
  afterDeadline: "This run was recorded after your 24 hours were up. Upload the run you did within them.",
  /** `minutes`: whole minutes since he accepted (`minutesSinceAcceptance`), the longest run he can type now. */
  longerThanAccepted: (minutes: number) =>
    minutes < 1
      ? "You accepted the challenge less than a minute ago. Go for your run first, then come back and validate it."
      : `You accepted the challenge ${minutes === 1 ? "1 minute" : `${minutes} minutes`} ago, so the run you type can be ${minutes === 1 ? "1 minute" : `${minutes} minutes`} at most. Enter the minutes you really ran, or upload the file from your watch or running app.`,
} as const;

const wholePositive = /^[1-9][0-9]*$/;

/** SPEC.md section 5: required, at least 10 characters after trimming; the form and the request share the cap. */
const notesField = userText({
  max: 5000,
  min: NOTES_MIN_LENGTH,
  multiline: true,
  messages: {
    required: runChallengeMessages.notesRequired,
    tooShort: runChallengeMessages.notesTooShort,
    tooLong: "Please keep your notes under 5000 characters",
  },
});

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
  // Left out when he said he never ran (issue 35): the form does not ask, and "" means the same.
  previousMaxDuration: z
    .string()
    .trim()
    .refine((v) => v === "" || wholePositive.test(v), runChallengeMessages.previousInvalid)
    .default(""),
  todayDuration: z
    .string()
    .trim()
    .min(1, runChallengeMessages.todayRequired)
    .refine((v) => wholePositive.test(v), runChallengeMessages.todayInvalid),
  notes: notesField,
});
export type RunValidationForm = z.input<typeof runValidationFormSchema>;

/**
 * POST /api/onboarding/run-validation/file (multipart): the run proved by an activity file; its moving time is the
 * duration, so only the previous longest run and the notes are typed.
 */
export const runFileFormSchema = runValidationFormSchema
  .pick({ previousMaxDuration: true, notes: true })
  .extend({ file: proofFileField });
export type RunFileForm = z.input<typeof runFileFormSchema>;

/** POST /api/onboarding/run-validation. */
export const runValidationSchema = z.object({
  previousMaxDuration: z
    .number({ error: runChallengeMessages.previousInvalid })
    .int(runChallengeMessages.previousInvalid)
    .min(1, runChallengeMessages.previousInvalid)
    .max(MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong)
    .nullable()
    .default(null),
  todayDuration: z
    .number({ error: runChallengeMessages.todayRequired })
    .int(runChallengeMessages.todayInvalid)
    .min(1, runChallengeMessages.todayInvalid)
    .max(MAX_DURATION_MINUTES, runChallengeMessages.maxDurationTooLong),
  notes: notesField,
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

const runValidationAnswerSchema = z.object({
  id: z.string(),
  previousMaxDuration: z.number().nullable(),
  todayDuration: z.number(),
  notes: z.string(),
  createdAt: z.string(),
  /** What the activity file showed, when the run was proved by one (issue 26); null for a typed duration. */
  activity: activityReadingSchema.nullable(),
});
export type RunValidation = z.infer<typeof runValidationAnswerSchema>;

/** POST /api/onboarding/run-validation and …/file: 201 the new one (`created`), 200 the one already stored. */
export const runValidatedSchema = answer(z.object({ runValidation: runValidationAnswerSchema, created: z.boolean() }));

/** GET /api/onboarding and POST /api/onboarding/challenge. */
export const onboardingStateSchema = answer(
  z.object({
    challengeAcceptedAt: z.string().nullable(),
    maxDurationMinutes: z.number().nullable(),
    targetMinutes: z.number().nullable(),
    runValidation: runValidationAnswerSchema.nullable(),
    latestQuiz: z
      .object({ id: z.string(), status: z.enum(quizStatuses), generationStatus: z.enum(generationStatuses) })
      .nullable(),
  }),
);
export type OnboardingState = z.infer<typeof onboardingStateSchema>;
