import { useEffect, useRef, useState } from "react";

/** SPEC section 9: edits save 1.8 s after the last keystroke. */
export const autosaveDelayMs = 1800;

export type SaveState = "idle" | "pending" | "saving" | "saved" | "error";

type AutosaveOptions = {
  /** The last value the server confirmed. */
  value: string;
  onSave: (text: string) => Promise<unknown>;
  /** Told what the field holds right now (drives NEXT before the save lands). */
  onDraftChange?: (text: string) => void;
  /** The message shown when the text is cleared; empty text is never saved. */
  required: string;
  /** While he edits, a new server value does not overwrite what he types. */
  editing: boolean;
};

/**
 * The save machine of an autosaving text, apart from its view: a pause in typing saves; saves run one after another
 * on one chain, so an older save can never overwrite a newer one; cleared text is never saved (issue 16: the AI's text
 * was lost for good); `revert` puts back the text from before editing began and saves it again if autosave stored
 * part of the edit meanwhile.
 */
export function useAutosave({ value, onSave, onDraftChange, required, editing }: AutosaveOptions) {
  const [draft, setDraft] = useState(value);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef(value);
  const latestDraft = useRef(value);
  /** The text when editing began: what `revert` puts back. */
  const beforeEditing = useRef(value);

  // A value changed elsewhere (another tab, a refetch) shows up unless the user is typing over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server value should resync
  useEffect(() => {
    if (editing || latestDraft.current.trim() !== lastSaved.current.trim()) return;
    setDraft(value);
    lastSaved.current = value;
    latestDraft.current = value;
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function clearTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function failed(err: unknown) {
    // SPEC: autosave failures are only logged; the indicator still tells the user it did not stick.
    console.error("Autosave failed", err);
    setSaveState("error");
    setError(err instanceof Error ? err.message : "Not saved");
  }

  function flush() {
    clearTimer();
    const text = latestDraft.current.trim();
    if (text === lastSaved.current.trim()) {
      setSaveState((s) => (s === "pending" ? "saved" : s));
      return chain.current;
    }
    if (text === "") {
      setSaveState("error");
      setError(required);
      return chain.current;
    }
    setSaveState("saving");
    setError(null);
    chain.current = chain.current
      .catch(() => undefined)
      .then(() => onSave(text))
      .then(() => {
        lastSaved.current = text;
        if (latestDraft.current.trim() === text) setSaveState("saved");
      })
      .catch(failed);
    return chain.current;
  }

  function change(text: string) {
    setDraft(text);
    latestDraft.current = text;
    onDraftChange?.(text);
    setSaveState("pending");
    setError(null);
    clearTimer();
    timer.current = setTimeout(flush, autosaveDelayMs);
  }

  /** Editing begins: remembers the saved text that `revert` puts back. */
  function begin() {
    beforeEditing.current = lastSaved.current;
  }

  function revert() {
    clearTimer();
    const original = beforeEditing.current;
    setDraft(original);
    latestDraft.current = original;
    onDraftChange?.(original);
    setSaveState("idle");
    setError(null);
    // Autosave may have stored part of this edit (or be storing it now): once it has, the original goes back.
    chain.current = chain.current
      .catch(() => undefined)
      .then(async () => {
        if (lastSaved.current.trim() === original.trim() || latestDraft.current !== original) return;
        setSaveState("saving");
        await onSave(original);
        lastSaved.current = original;
        setSaveState("saved");
      })
      .catch(failed);
  }

  return {
    draft,
    saveState,
    error,
    change,
    flush,
    begin,
    revert,
    /** Whether what he typed is empty (what finishing an empty field must not save). */
    isCleared: () => latestDraft.current.trim() === "",
    /** Whether the server holds some text to restore. */
    hasSavedText: () => lastSaved.current.trim() !== "",
  };
}
