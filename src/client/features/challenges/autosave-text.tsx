import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Spinner } from "#client/components/spinner.tsx";
import { type SaveState, useAutosave } from "./use-autosave.ts";

const emptyTextMessage = "Empty text is not saved.";

type AutosaveTextProps = {
  label: string;
  /** The last value the server confirmed. */
  value: string;
  onSave: (text: string) => Promise<unknown>;
  /** Tells the parent what the field holds right now (drives NEXT before the save lands). */
  onDraftChange?: (text: string) => void;
  /** The message shown when the text is cleared; empty text is never saved. */
  required?: string;
  multiline?: boolean;
  placeholder?: string;
  maxLength?: number;
  viewClassName?: string;
};

/**
 * View mode, then edit mode. Typing autosaves after a pause (the save machine is `useAutosave`); a spinner shows while
 * saving and a green tick when the server has it. Enter (without Shift) saves and ends editing. Editing opens with the
 * cursor after the text and the box grows with it (issue 35 row 7). Cancel puts back the text from before editing
 * began. Cleared text is never saved: the field says so, offers the text back, and finishing an empty field restores
 * it.
 */
export function AutosaveText({
  label,
  value,
  onSave,
  onDraftChange,
  required = emptyTextMessage,
  multiline = true,
  placeholder,
  maxLength = 1000,
  viewClassName = "",
}: AutosaveTextProps) {
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const { draft, saveState, error, change, flush, begin, revert, isCleared, hasSavedText } = useAutosave({
    value,
    onSave,
    onDraftChange,
    required,
    editing,
  });
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  // Opening: the cursor after the text, where he goes on typing (not at its start).
  useLayoutEffect(() => {
    const element = field.current;
    if (!editing || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [editing]);

  // The box grows with its text, so a long milestone is read whole while it is edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new text (draft) is measured again
  useLayoutEffect(() => {
    const element = field.current;
    if (!editing || !multiline || !element) return;
    fitHeight(element);
  }, [editing, multiline, draft]);
  useEffect(() => {
    if (!editing || !multiline) return;
    const refit = () => field.current && fitHeight(field.current);
    window.addEventListener("resize", refit);
    return () => window.removeEventListener("resize", refit);
  }, [editing, multiline]);

  function finish() {
    if (isCleared()) {
      cancel();
      return;
    }
    flush();
    setEditing(false);
  }

  function startEditing() {
    begin();
    setEditing(true);
  }

  function cancel() {
    revert();
    setEditing(false);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      finish();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  }

  const indicator = <SaveIndicator state={saveState} error={error} />;

  if (!editing) {
    return (
      <div className="group flex items-start gap-2">
        <p className={`min-w-0 flex-1 whitespace-pre-line break-words ${viewClassName}`}>
          {draft.trim() || <span className="italic text-muted">{placeholder ?? "Add a description"}</span>}
        </p>
        {indicator}
        <button
          type="button"
          className="-my-1.5 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full border border-line px-4 text-sm text-muted hover:border-muted hover:text-text"
          onClick={startEditing}
          aria-label={`Edit ${label}`}
        >
          Edit
        </button>
      </div>
    );
  }

  const common = {
    id: inputId,
    value: draft,
    ref: field,
    maxLength,
    placeholder,
    className: "field",
    onKeyDown,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(e.target.value),
    "aria-invalid": error ? true : undefined,
  } as const;

  return (
    <div>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} {...common} className="field resize-none overflow-hidden" />
      ) : (
        <input {...common} />
      )}
      <div className="mt-2 flex items-center gap-3">
        {indicator}
        <span className="mr-auto hidden text-xs text-muted sm:inline">
          Enter to finish · Shift+Enter for a new line
        </span>
        <span className="mr-auto sm:hidden" />
        <button
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 text-sm text-muted underline hover:text-text"
          onClick={cancel}
        >
          Cancel
        </button>
        <button
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 text-sm font-semibold text-volt underline"
          onClick={finish}
        >
          Done
        </button>
      </div>
      {error && (
        <div role="alert" className="mt-1 text-sm text-danger">
          <p>{error}</p>
          {draft.trim() === "" && hasSavedText() && (
            <button
              type="button"
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-volt underline"
              onClick={cancel}
            >
              Restore the saved text
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The textarea as tall as its text (at least its three rows): it never scrolls inside. */
function fitHeight(element: HTMLTextAreaElement) {
  element.style.height = "auto";
  const { borderTopWidth, borderBottomWidth } = getComputedStyle(element);
  const borders = Number.parseFloat(borderTopWidth) + Number.parseFloat(borderBottomWidth) || 0;
  element.style.height = `${element.scrollHeight + borders}px`;
}

function SaveIndicator({ state, error }: { state: SaveState; error: string | null }) {
  if (state === "saving" || state === "pending") {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted" role="status">
        <Spinner className="size-3.5" />
        Saving...
      </span>
    );
  }
  if (state === "saved") {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs font-semibold text-success"
        role="status"
        data-testid="saved-tick"
      >
        <span aria-hidden="true">✓</span>
        <span>Saved</span>
      </span>
    );
  }
  if (state === "error" && !error) return <span className="text-xs text-danger">Not saved</span>;
  return null;
}
