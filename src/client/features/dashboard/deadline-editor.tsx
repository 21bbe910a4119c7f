import { useIsMutating } from "@tanstack/react-query";
import { useState } from "react";
import { DatePicker } from "#client/components/date-picker.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import { milestoneSelfKey } from "./api/dashboard-cache.ts";
import { useSaveMilestone } from "./api/save-milestone.ts";
import type { DashboardMilestone } from "./dashboard-updates.ts";

/**
 * The due date with '(Overdue)' in red when it passed before completion, and a way to move it: the workflow's
 * 'Due Date' picker (no past days); the new date shows at once and goes back if the save fails.
 */
export function DeadlineEditor({
  milestone,
  missed,
  label,
  locked,
}: {
  milestone: DashboardMilestone;
  /** Past its day on his calendar and not done. */
  missed: boolean;
  label: string;
  locked: boolean;
}) {
  const save = useSaveMilestone(milestone.id);
  const busy = useIsMutating({ mutationKey: milestoneSelfKey(milestone.id) }) > 0;
  const [open, setOpen] = useState(false);
  const deadline = milestone.milestoneDeadline;

  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span aria-hidden="true" className="text-muted">
        ◷
      </span>
      <p className={deadline ? "text-text/90" : "text-muted"}>
        {deadline ? `Due ${formatDeadline(deadline)}` : "No due date yet"}
      </p>
      {missed && <span className="font-semibold text-danger">(Overdue)</span>}
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={locked || busy}
        aria-label={`Change due date of ${label}`}
        className="cursor-pointer text-sm font-semibold text-volt underline decoration-volt/30 underline-offset-4 hover:decoration-volt disabled:cursor-not-allowed disabled:opacity-50"
      >
        {deadline ? "Change" : "Set date"}
      </button>
      <DatePicker
        open={open}
        value={deadline}
        onCancel={() => setOpen(false)}
        onConfirm={(day) => {
          setOpen(false);
          save.save({ milestoneDeadline: day });
        }}
      />
    </div>
  );
}
