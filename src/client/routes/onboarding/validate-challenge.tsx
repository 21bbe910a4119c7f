import { useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { ChallengeCompleteModal } from "../../features/onboarding/challenge-complete-modal.tsx";
import { RunValidationForm } from "../../features/onboarding/run-validation-form.tsx";

export default function ValidateChallenge() {
  const navigate = useNavigate();
  const [savedMinutes, setSavedMinutes] = useState<number | null>(null);
  return (
    <main className="mx-auto max-w-xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Step 2 of 2</p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95]">Validate your run</h1>
      <p className="mt-3 text-muted">Be honest. Nobody checks but you — that is the point.</p>
      <RunValidationForm onSaved={setSavedMinutes} />
      <ChallengeCompleteModal
        open={savedMinutes !== null}
        todayMinutes={savedMinutes}
        onContinue={() => navigate(paths.welcome)}
      />
    </main>
  );
}
