import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { AlreadyValidated } from "#client/features/onboarding/already-validated.tsx";
import { onboardingQuery } from "#client/features/onboarding/api/onboarding.ts";
import { ChallengeCompleteModal } from "#client/features/onboarding/challenge-complete-modal.tsx";
import { RunValidationForm } from "#client/features/onboarding/run-validation-form.tsx";
import { useStravaStatus } from "#client/features/strava/api/strava.ts";
import { StravaConnectOption } from "#client/features/strava/strava-connect-option.tsx";
import { StravaWaitingPanel } from "#client/features/strava/strava-waiting-panel.tsx";
import { useFirstRunArrival } from "#client/features/strava/use-first-run-arrival.ts";
import { useStravaResult } from "#client/features/strava/use-strava-result.ts";
import { paths } from "#shared/paths.ts";
import type { RunValidation } from "#shared/run-challenge/contracts.ts";

/** The run is validated once: afterwards this screen shows the stored run and the way on, never the form again. */
export default function ValidateChallenge() {
  const navigate = useNavigate();
  const onboarding = useQuery(onboardingQuery());
  const [saved, setSaved] = useState<RunValidation | null>(null);
  // Carried from the challenge screen: the server stores "never ran" and "not said yet" alike, as no longest run.
  const neverRan = (useLocation().state as { neverRan?: boolean } | null)?.neverRan === true;
  useStravaResult();
  const strava = useStravaStatus();
  const { arrived, onFirstRun } = useFirstRunArrival(onboarding.data?.runValidation ?? null);

  if (onboarding.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (onboarding.isError) return <FullScreenMessage>Error: {onboarding.error.message}</FullScreenMessage>;

  const run = onboarding.data.runValidation;
  return (
    <main className="mx-auto max-w-xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">
        {run ? "Challenge complete" : "Step 2 of 2"}
      </p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95]">Validate your run</h1>
      {run ? (
        <AlreadyValidated state={onboarding.data} run={run} />
      ) : (
        <>
          {/* Not "nobody checks" any more: a typed run is held to the time since he accepted (issue 53 row 2). */}
          <p className="mt-3 text-muted">Be honest. Upload the file from your watch, or type the minutes you ran.</p>
          {strava.data?.available && strava.data.connection ? (
            <StravaWaitingPanel onFirstRun={onFirstRun} className="mt-6" />
          ) : null}
          <RunValidationForm
            fileAlternative={
              strava.data?.available && !strava.data.connection ? (
                <StravaConnectOption
                  returnTo="/ValidateChallenge"
                  text="Or connect Strava and skip the file: your run proves itself when it syncs."
                />
              ) : null
            }
            statedMax={onboarding.data.maxDurationMinutes}
            acceptedAt={onboarding.data.challengeAcceptedAt}
            neverRan={neverRan && onboarding.data.maxDurationMinutes === null}
            onSaved={setSaved}
          />
        </>
      )}
      <ChallengeCompleteModal run={saved ?? arrived} onContinue={() => navigate(paths.welcome)} />
    </main>
  );
}
