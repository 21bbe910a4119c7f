import { Hono } from "hono";
import {
  acceptChallengeSchema,
  runFileFormSchema,
  runValidationSchema,
} from "../../../shared/run-challenge/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { uploadLimit } from "../../http/body-limit.ts";
import { limitProofUploads } from "../../http/proof-upload-limit.ts";
import { validate } from "../../http/validation.ts";
import { acceptRunChallenge, onboardingState, recordRunValidation } from "../../services/onboarding/onboarding.ts";
import { recordRunFromFile } from "../../services/proof/run-proof.ts";

/** The run challenge: accepting it (the 24 h countdown starts once) and validating the run. */
export const onboardingRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    return c.json(await onboardingState(c.var.deps.database.db, c.var.user.id), 200);
  })
  .post("/challenge", validate("json", acceptChallengeSchema), async (c) => {
    const db = c.var.deps.database.db;
    await acceptRunChallenge(db, c.var.user.id, c.req.valid("json").maxDurationMinutes);
    return c.json(await onboardingState(db, c.var.user.id), 200);
  })
  .post("/run-validation", validate("json", runValidationSchema), async (c) => {
    const { runValidation, created } = await recordRunValidation(
      c.var.deps.database.db,
      c.var.user.id,
      c.req.valid("json"),
    );
    // A repeat (a second tab, a stale screen) changes nothing and says so, so the screen shows the run already stored.
    return created ? c.json({ runValidation, created }, 201) : c.json({ runValidation, created }, 200);
  })
  // The run proved by an activity file (issue 26): its moving time is the duration; a file that proves nothing is
  // refused with its own message and nothing is stored.
  .post("/run-validation/file", uploadLimit(), limitProofUploads, validate("form", runFileFormSchema), async (c) => {
    const { runValidation, created } = await recordRunFromFile(c.var.deps, c.var.user.id, c.req.valid("form"));
    return created ? c.json({ runValidation, created }, 201) : c.json({ runValidation, created }, 200);
  });
