/**
 * The on/off switch of a settings row (role="switch"), named by the row's label and, where it has one, described by
 * its text. `busy` while a change is being saved; `locked` for a choice that cannot be changed (essential cookies).
 */
export function Switch({
  checked,
  labelId,
  descriptionId,
  onToggle,
  busy = false,
  locked = false,
}: {
  checked: boolean;
  labelId: string;
  descriptionId?: string;
  onToggle: () => void;
  busy?: boolean;
  locked?: boolean;
}) {
  const look = locked ? "disabled:cursor-not-allowed opacity-70" : "disabled:cursor-wait disabled:opacity-60";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      aria-busy={busy || undefined}
      disabled={busy || locked}
      onClick={onToggle}
      className={`relative mt-0.5 inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border transition ${look} ${
        checked ? "border-volt bg-volt" : "border-line bg-ink"
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-6 rounded-full transition ${
          checked ? "translate-x-[1.6rem] bg-ink" : "translate-x-1 bg-muted"
        }`}
      />
    </button>
  );
}
