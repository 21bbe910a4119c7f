/** The on/off switch of a settings row (role="switch"), named and described by the row's own texts. */
export function SettingSwitch({
  checked,
  labelId,
  onToggle,
  disabled = false,
}: {
  checked: boolean;
  labelId: string;
  onToggle: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={`${labelId}-text`}
      aria-busy={disabled || undefined}
      disabled={disabled}
      onClick={onToggle}
      className={`relative mt-0.5 inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border transition disabled:cursor-wait disabled:opacity-60 ${
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
