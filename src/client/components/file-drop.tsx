import { useId, useRef, useState } from "react";

/** "24 bytes", "380 KB", "9.4 MB": a small file never reads as "0 KB" (issue 35). */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A file chosen by the picker or dropped on the box (the box is the picker's label, so a tap opens it on a phone and
 * the keyboard reaches it through the input). `accept` is a hint for the picker only: the server reads every file for
 * what it is. The chosen file shows with a way to clear it; `error` shows under the box.
 */
export function FileDrop({
  label,
  hint,
  accept,
  file,
  onFile,
  error,
  disabled = false,
  testId,
}: {
  label: string;
  hint: string;
  accept?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const choose = (chosen: File | null | undefined) => {
    onFile(chosen ?? null);
    // The same file chosen again after clearing it still fires a change.
    if (input.current) input.current.value = "";
  };

  return (
    <div data-testid={testId}>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) choose(event.dataTransfer.files[0]);
        }}
        className={`flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors focus-within:border-volt ${
          dragging ? "border-volt bg-volt/10" : error ? "border-danger/60" : "border-line hover:border-volt/60"
        } ${disabled ? "pointer-events-none opacity-50" : ""}`}
      >
        <span className="font-semibold">{file ? file.name : label}</span>
        <span className="text-sm text-muted">
          {file ? `${fileSizeLabel(file.size)} · tap to choose another` : hint}
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </label>
      {file && !disabled && (
        <button type="button" className="mt-2 min-h-11 text-sm text-muted underline" onClick={() => choose(null)}>
          Remove this file
        </button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
