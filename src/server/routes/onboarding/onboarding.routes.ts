import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { acceptProofUpload, proofUploadRefusals } from "#server/http/proof-upload.ts";
import { validate } from "#server/http/validation.ts";
import { acceptRunChallenge, onboardingState, recordTypedRun } from "#server/services/onboarding/onboarding.ts";
import { activityFileRefusals } from "#server/services/proof/activity/read-activity.ts";
import { recordRunFromFile } from "#server/services/proof/run-proof.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import {
  acceptChallengeSchema,
  onboardingStateSchema,
  runFileFormSchema,
  runValidatedSchema,
  runValidationSchema,
} from "#shared/run-challenge/contracts.ts";

/** The run challenge: accepting it (the 24 h countdown starts once) and validating the run. */
export const onboardingRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get(
    "/",
    documented({
      tag: "Run challenge",
      summary: "Where he stands in the run challenge.",
      description: "`{ challengeAcceptedAt, maxDurationMinutes, targetMinutes, runValidation, latestQuiz }`",
      ok: {
        200: {
          description:
            "`OnboardingState`: `{challengeAcceptedAt, maxDurationMinutes, targetMinutes, runValidation, latestQuiz}`",
          body: onboardingStateSchema,
        },
      },
    }),
    async (c) => {
      return c.json(await onboardingState(c.get("deps").database.db, c.get("user").id), 200);
    },
  )
  .post(
    "/challenge",
    documented({
      tag: "Run challenge",
      summary: "Accept the run challenge (the 24 h countdown starts once) and state his longest run.",
      description:
        "Body `{maxDurationMinutes: 1..1440 \\| null}`. same shape. The first call stores `challengeAcceptedAt` (the 24 h countdown); later calls keep it and update the stated max. target = max(60, ⌈1.5 × max⌉), 60 when null (decision 0004).",
      ok: {
        200: {
          description: "`OnboardingState`; target = max(60, ⌈1.5 × max⌉) (decision 0004)",
          body: onboardingStateSchema,
        },
      },
    }),
    validate("json", acceptChallengeSchema),
    async (c) => {
      const db = c.get("deps").database.db;
      await acceptRunChallenge(db, c.get("user").id, c.req.valid("json").maxDurationMinutes);
      return c.json(await onboardingState(db, c.get("user").id), 200);
    },
  )
  .post(
    "/run-validation",
    documented({
      tag: "Run challenge",
      summary: "Validate the run with the minutes he typed.",
      description:
        "Body `{previousMaxDuration?: int ≥1 \\| null (left out: null), todayDuration: int ≥1, notes: ≥10 chars trimmed}`. 201 `{runValidation, created: true}`; a repeat returns the stored one with 200 and `created: false` (the screen shows the stored run, not the completion modal again). Its existence marks onboarding done. `runValidation.activity` is null for a typed run, which every screen shows as self-reported. A typed run needs the challenge accepted (409 with `runWindowMessages.notAccepted`) and cannot be longer than the whole minutes since then (400 `You accepted the challenge N minutes ago, so the run you type can be N minutes at most. …`; decision 0149). Nothing is stored on either refusal.",
      ok: {
        201: { description: "`{runValidation, created: true}`", body: runValidatedSchema },
        200: {
          description: "`{runValidation, created: false}`: the one already stored, nothing changed",
          body: runValidatedSchema,
        },
      },
      errors: ["run.notAccepted", "run.longerThanAccepted"],
    }),
    validate("json", runValidationSchema),
    async (c) => {
      const wins = { db: c.get("deps").database.db, log: c.get("log") };
      const { runValidation, created } = await recordTypedRun(wins, c.get("user").id, c.req.valid("json"));
      // A repeat (a second tab, a stale screen) changes nothing and says so, so the screen shows the run already stored.
      return created ? c.json({ runValidation, created }, 201) : c.json({ runValidation, created }, 200);
    },
  )
  // The run proved by an activity file (issue 26): its moving time is the duration; a file that proves nothing is
  // refused with its own message and nothing is stored.
  .post(
    "/run-validation/file",
    documented({
      tag: "Run challenge",
      summary:
        "Validate the run with an activity file (GPX, TCX or FIT); its moving time is the duration (decision 0107).",
      description: `Body multipart \`file\`, \`previousMaxDuration\` ('' or left out, or minutes), \`notes\`. The run proved by a GPX, TCX or FIT file (decision 0107): \`todayDuration\` is the file's moving time in whole minutes, and \`runValidation.activity\` is what was read: \`{format, startedAt, distanceMeters, movingSeconds, elapsedSeconds, paceSecondsPerKm, measuredBy, route: [[x, y], …]}\` (metres from the route's own corner, at most 500 points; \`measuredBy\` is \`device\` when distance and moving time are the watch's own totals — FIT session, TCX laps — which the track agreed with, \`track\` when measured from the points; decision 0128). A multi-sport file is read for its running legs. 201/200 as above. The typed fields are checked first, with the messages above. Each bad file → 400 with its own message from \`proofMessages\` (\`src/shared/proof/contracts.ts\`): not an activity file, damaged, no timestamps, fewer than 60 points, older than 7 days, in the future, a ride or a drive (median pace under 2:30 /km or over 45 km/h), a file that says it is a ride, a swim, a paddle, a hike or another sport (each its own message), a file that does not say it is a run and is slower than 13:00 /km over its moving time, no movement; a run that started more than 15 minutes before he accepted the challenge or more than 5 minutes after its 24 hours (400), or with no challenge accepted (409), each with its own message from \`runWindowMessages\` (decision 0124); over 10 MB → 413 \`${proofMessages.tooLarge}\` (before the body is read); 429 \`Too many attempts. …\` with \`Retry-After\` over \`RATE_LIMIT_PROOF_UPLOADS_PER_USER\` uploads an hour (both upload routes together). Nothing is stored on any refusal; the file itself is never kept.`,
      ok: {
        201: {
          description: "`{runValidation, created: true}` with `runValidation.activity`",
          body: runValidatedSchema,
        },
        200: { description: "`{runValidation, created: false}`", body: runValidatedSchema },
      },
      errors: [
        ...activityFileRefusals,
        ...proofUploadRefusals,
        "run.invalid",
        "run.notAccepted",
        "run.beforeAcceptance",
        "run.afterDeadline",
      ],
    }),
    acceptProofUpload,
    validate("form", runFileFormSchema),
    async (c) => {
      const deps = { database: c.get("deps").database, log: c.get("log") };
      const { runValidation, created } = await recordRunFromFile(deps, c.get("user").id, c.req.valid("form"));
      return created ? c.json({ runValidation, created }, 201) : c.json({ runValidation, created }, 200);
    },
  );
