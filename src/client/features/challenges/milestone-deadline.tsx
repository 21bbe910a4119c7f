import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { DatePicker } from "#client/components/date-picker.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import type { Milestone } from "#shared/plan/contracts.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import { useUpdateMilestone } from "./api/update-milestone.ts";

/** SPEC.md section 8's alert when a date does not save, with the reason. */
export function deadlineFailure(err: unknown) {
  return `Failed to set deadline. Error: ${err instanceof Error ? err.message : "Please try again."}`;
}

/**
 * One milestone's due date on workflow step 2: the date saved, or else the one suggested for him to confirm
 * (issue 53 row 10). The button's name says which milestone of which challenge it dates: every challenge has an
 * Immediate Milestone, and a screen reader's list of buttons must tell them apart.
 */
export function MilestoneDeadline({
  milestone,
  suggested,
  challenge,
}: {
  milestone: Milestone;
  /** YYYY-MM-DD, shown until a date is saved. */
  suggested: string;
  challenge: { number: number; title: string };
}) {
  const update = useUpdateMilestone();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = milestone.milestoneDeadline;

  async function confirm(day: string) {
    setError(null);
    try {
      await update.mutateAsync({ id: milestone.id, milestoneDeadline: day });
      setOpen(false);
    } catch (err) {
      const message = deadlineFailure(err);
      setError(message);
      toast.error(message);
    }
  }

  return (
    <li className="rounded-xl border border-line bg-surface-2 p-4" data-testid="deadline-row">
      <p className="text-xs font-semibold uppercase tracking-wider text-volt">
        {milestoneLabels[milestone.milestoneType]}
      </p>
      <p className="mt-1">{milestone.milestoneDescription}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className={saved ? "font-semibold" : "text-muted"} data-testid="deadline">
          {saved ? `Due ${formatDeadline(saved)}` : `Suggested: ${formatDeadline(suggested)}`}
        </p>
        <button
          type="button"
          className="btn-secondary min-h-10 px-4 text-sm"
          onClick={() => setOpen(true)}
          aria-label={`Change date for "${milestone.milestoneDescription}" (challenge ${challenge.number}: ${challenge.title})`}
        >
          Change date
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <DatePicker
        open={open}
        value={saved ?? suggested}
        busy={update.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </li>
  );
}
