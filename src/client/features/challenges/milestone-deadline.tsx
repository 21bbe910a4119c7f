import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { DatePicker } from "#client/components/date-picker.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import type { Milestone } from "#shared/plan/contracts.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import { useUpdateMilestone } from "./api/update-milestone.ts";

export function MilestoneDeadline({ milestone }: { milestone: Milestone }) {
  const update = useUpdateMilestone();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = milestoneLabels[milestone.milestoneType];

  async function confirm(day: string) {
    setError(null);
    try {
      await update.mutateAsync({ id: milestone.id, milestoneDeadline: day });
      setOpen(false);
    } catch (err) {
      const message = `Failed to set deadline. Error: ${err instanceof Error ? err.message : "Please try again."}`;
      setError(message);
      toast.error(message);
    }
  }

  return (
    <li className="rounded-xl border border-line bg-surface-2 p-4" data-testid="deadline-row">
      <p className="text-xs font-semibold uppercase tracking-wider text-volt">{label}</p>
      <p className="mt-1">{milestone.milestoneDescription}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className={milestone.milestoneDeadline ? "font-semibold" : "text-muted"} data-testid="deadline">
          {milestone.milestoneDeadline ? `Due ${formatDeadline(milestone.milestoneDeadline)}` : "No due date yet"}
        </p>
        <button
          type="button"
          className={
            milestone.milestoneDeadline ? "btn-secondary min-h-10 px-4 text-sm" : "btn-primary min-h-10 px-4 text-sm"
          }
          onClick={() => setOpen(true)}
          aria-label={`${milestone.milestoneDeadline ? "Change due date" : "Assign due date"} for ${label}`}
        >
          {milestone.milestoneDeadline ? "Change due date" : "Assign due date"}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <DatePicker
        open={open}
        value={milestone.milestoneDeadline}
        busy={update.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </li>
  );
}
