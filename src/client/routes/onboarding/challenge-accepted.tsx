import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { FullScreenMessage } from "#client/components/full-screen-message.tsx";
import { AlreadyValidated } from "#client/features/onboarding/already-validated.tsx";
import { onboardingQuery } from "#client/features/onboarding/api/onboarding.ts";
import { ChallengeCompleteModal } from "#client/features/onboarding/challenge-complete-modal.tsx";
import { Countdown } from "#client/features/onboarding/countdown.tsx";
import { DurationForm } from "#client/features/onboarding/duration-form.tsx";
import { RunAdvice, RunRules } from "#client/features/onboarding/run-rules.tsx";
import { useAcceptOnArrival } from "#client/features/onboarding/use-accept-on-arrival.ts";
import { StravaChallengeCard } from "#client/features/strava/strava-challenge-card.tsx";
import { useFirstRunArrival } from "#client/features/strava/use-first-run-arrival.ts";
import { useStravaResult } from "#client/features/strava/use-strava-result.ts";
import { paths } from "#shared/paths.ts";

export default function ChallengeAccepted() {
  const onboarding = useQuery(onboardingQuery());
  const firstAccept = useAcceptOnArrival(onboarding.data);
  const navigate = useNavigate();
  // Back from Strava's authorize page: "Strava is connected." once, and the parameter off the address.
  useStravaResult();
  // His run arrived from Strava while he watched this screen: the dialog a file's upload opens.
  const { arrived, onFirstRun } = useFirstRunArrival(onboarding.data?.runValidation ?? null);

  if (onboarding.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (onboarding.isError) return <FullScreenMessage>Error: {onboarding.error.message}</FullScreenMessage>;

  const run = onboarding.data.runValidation;
  return (
    <main className="mx-auto max-w-2xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">
        {run ? "Challenge complete" : "Challenge accepted"}
      </p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95] sm:text-6xl">Run longer than ever before</h1>
      {run ? (
        <AlreadyValidated state={onboarding.data} run={run} />
      ) : (
        <>
          <Countdown acceptedAt={onboarding.data.challengeAcceptedAt} />
          <div className="mt-8 space-y-5">
            <StravaChallengeCard onFirstRun={onFirstRun} />
            <RunRules />
            <DurationForm
              savedMax={onboarding.data.maxDurationMinutes}
              firstAccept={firstAccept}
              onValidated={(neverRan) => navigate(paths.validateChallenge, { state: { neverRan } })}
            />
            <RunAdvice />
          </div>
        </>
      )}
      <ChallengeCompleteModal run={arrived} onContinue={() => navigate(paths.welcome)} />
    </main>
  );
}
