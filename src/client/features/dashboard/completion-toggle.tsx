import { useIsMutating } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { planMessages } from "#shared/plan/rules.ts";
import { milestoneKey } from "./api/dashboard-cache.ts";
import { useSaveMilestone } from "./api/save-milestone.ts";
import { type DashboardMilestone, openTodoCount } from "./dashboard-updates.ts";

/**
 * Marks a milestone complete or not. A milestone with open todos is refused on the spot, with the message the
 * server would answer (SPEC.md section 4); un-completing resets its todos.
 */
export function CompletionToggle({
  milestone,
  label,
  locked,
}: {
  milestone: DashboardMilestone;
  label: string;
  locked: boolean;
}) {
  const save = useSaveMilestone(milestone.id);
  // Completion depends on the todos: any change to this milestone or its todos in flight holds the toggle.
  const busy = useIsMutating({ mutationKey: milestoneKey(milestone.id) }) > 0;
  const done = milestone.milestoneCompleted;

  function toggle() {
    const open = openTodoCount(milestone);
    if (!done && open > 0) {
      toast.error(planMessages.remainingTodos(open), { toastId: `remaining-${milestone.id}` });
      return;
    }
    save.save({ milestoneCompleted: !done });
  }

  return (
    <button
      type="button"
      aria-pressed={done}
      aria-describedby={`${milestone.id}-label`}
      disabled={locked || busy}
      onClick={toggle}
      title={done ? `Mark ${label} as not complete` : `Mark ${label} as complete`}
      className={`inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${
        done
          ? "border-success/50 bg-success/10 text-success hover:bg-success/15"
          : "border-line text-text hover:border-volt hover:text-volt"
      }`}
    >
      {done ? (
        "✓ Completed"
      ) : (
        <>
          <span aria-hidden="true" className="size-4 rounded-[5px] border-2 border-current opacity-70" />
          Mark complete
        </>
      )}
    </button>
  );
}
