import { useIsMutating } from "@tanstack/react-query";
import { useId, useState } from "react";
import { milestoneSelfKey } from "./api/dashboard-cache.ts";
import { useSaveMilestone } from "./api/save-milestone.ts";

const MAX_LENGTH = 1000;

/** A milestone's text, rewritten in place: Save or Enter keeps it, Cancel or Escape drops it; never empty. */
export function MilestoneText({
  milestoneId,
  text,
  label,
  locked,
}: {
  milestoneId: string;
  text: string;
  label: string;
  locked: boolean;
}) {
  const save = useSaveMilestone(milestoneId);
  const busy = useIsMutating({ mutationKey: milestoneSelfKey(milestoneId) }) > 0;
  const [draft, setDraft] = useState<string | null>(null);
  const hintId = useId();

  if (draft === null) {
    return (
      <div className="mt-1.5 flex items-start justify-between gap-3">
        <p className="min-w-0 break-words text-[1.0625rem] leading-snug">{text}</p>
        <button
          type="button"
          onClick={() => setDraft(text)}
          disabled={locked || busy}
          aria-label={`Edit ${label} text`}
          className="shrink-0 cursor-pointer rounded-full border border-line px-3 py-1 text-xs font-semibold uppercase tracking-wider text-muted transition hover:border-muted hover:text-text disabled:cursor-not-allowed disabled:opacity-50"
        >
          Edit
        </button>
      </div>
    );
  }

  const empty = draft.trim() === "";
  const commit = () => {
    if (empty) return;
    if (draft.trim() !== text) save.save({ milestoneDescription: draft });
    setDraft(null);
  };

  return (
    <div className="mt-2">
      <textarea
        className="field resize-y text-[1.0625rem] leading-snug"
        rows={3}
        maxLength={MAX_LENGTH}
        aria-label={label}
        aria-describedby={hintId}
        aria-invalid={empty}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this text
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            commit();
          }
          if (event.key === "Escape") {
            event.preventDefault();
            setDraft(null);
          }
        }}
      />
      <p id={hintId} className={`mt-1 text-xs ${empty ? "text-danger" : "text-muted"}`}>
        {empty ? "A milestone needs a description." : "Enter saves · Shift+Enter for a new line · Esc cancels"}
      </p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary min-h-10 px-4 text-sm" onClick={() => setDraft(null)}>
          Cancel
        </button>
        <button type="button" className="btn-primary min-h-10 px-5 text-sm" disabled={empty} onClick={commit}>
          Save
        </button>
      </div>
    </div>
  );
}
