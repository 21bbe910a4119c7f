import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "#client/lib/api.ts";
import type { Challenge } from "#shared/plan/contracts.ts";
import { allQuizResults } from "./api/quiz-result.ts";
import { useUpdateChallenge } from "./api/update-challenge.ts";

/**
 * SPEC section 4 labels: 'ACCEPT CHALLENGE' → 'ACCEPTING...' → 'CHALLENGE ACCEPTED', and
 * 'RESETTING...' on the way back; disabled while a change is in flight.
 */
export function AcceptToggle({
  challenge,
  onPlanLimit,
}: {
  challenge: Pick<Challenge, "id" | "title" | "challengeAccepted">;
  onPlanLimit: (message: string | null) => void;
}) {
  const update = useUpdateChallenge();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<boolean | null>(null);
  const accepted = challenge.challengeAccepted;

  async function toggle() {
    const next = !accepted;
    setTarget(next);
    try {
      await update.mutateAsync({ id: challenge.id, challengeAccepted: next });
      onPlanLimit(null);
    } catch (error) {
      // A refused toggle leaves the card as it was; only the plan limit is worth telling the user.
      // The plan on screen was stale (another tab accepted one): refetch it so the other cards lock too.
      if (error instanceof ApiError && error.status === 403) {
        onPlanLimit(error.message);
        void queryClient.invalidateQueries(allQuizResults);
      } else console.error("Challenge toggle failed", error);
    } finally {
      setTarget(null);
    }
  }

  const label =
    target === true
      ? "ACCEPTING..."
      : target === false
        ? "RESETTING..."
        : accepted
          ? "CHALLENGE ACCEPTED"
          : "ACCEPT CHALLENGE";
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={target !== null}
      aria-pressed={accepted}
      aria-label={`${label}: ${challenge.title}`}
      className={
        accepted
          ? "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full border-2 border-volt bg-volt/10 px-4 text-sm font-bold uppercase tracking-wide text-volt transition hover:bg-volt/20 disabled:opacity-60"
          : "btn-primary w-full"
      }
    >
      {accepted && target === null && <span aria-hidden="true">✓</span>}
      {label}
    </button>
  );
}
