import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { useSaveDeadlines } from "./api/update-milestone.ts";
import { deadlineFailure } from "./milestone-deadline.tsx";

/**
 * Issue 53 row 10: the dates suggested for the milestones still without one, saved in one tap and one request.
 * Thirteen taps for three milestones (a month per arrow tap) became one; each date can still be changed below.
 */
export function SuggestedDates({ pending }: { pending: Array<{ id: string; milestoneDeadline: string }> }) {
  const save = useSaveDeadlines();
  const [error, setError] = useState<string | null>(null);
  if (pending.length === 0) return null;

  async function confirm() {
    setError(null);
    try {
      await save.mutateAsync(pending);
    } catch (err) {
      const message = deadlineFailure(err);
      setError(message);
      toast.error(message);
    }
  }

  return (
    <section aria-labelledby="suggested-dates-heading" className="card mt-6 border-volt/40 bg-volt/5">
      <h2 id="suggested-dates-heading" className="text-lg font-bold">
        Dates to start from
      </h2>
      <p className="mt-1 text-sm text-muted">
        A week from today for each immediate milestone, a month for short-term, three months for medium-term. Keep them,
        or change any below.
      </p>
      <button
        type="button"
        className="btn-primary mt-4 w-full sm:w-auto"
        disabled={save.isPending}
        onClick={() => void confirm()}
      >
        {save.isPending ? "Saving..." : "Confirm these dates"}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
