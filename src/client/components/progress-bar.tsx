import { useEffect, useState } from "react";

/**
 * A challenge's progress: the bar grows to its value over 1 s (SPEC.md section 9) on arrival and on every change,
 * and jumps there for visitors who asked for less motion. Also the partner's page's bars (issue 25).
 */
export function ProgressBar({ value, label, showValue = true }: { value: number; label: string; showValue?: boolean }) {
  const [shown, setShown] = useState(0);
  // From 0 on the first paint, so the bar visibly fills on arrival.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(value));
    return () => cancelAnimationFrame(frame);
  }, [value]);

  return (
    <div className="flex items-center gap-3">
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div
          className={`h-full rounded-full transition-[width] duration-1000 ease-out motion-reduce:transition-none ${
            value === 100 ? "bg-success" : "bg-gradient-to-r from-volt-strong to-volt"
          }`}
          style={{ width: `${shown}%` }}
        />
      </div>
      {showValue ? (
        <span className="w-11 text-right text-sm font-semibold tabular-nums text-text" aria-hidden="true">
          {value}%
        </span>
      ) : null}
    </div>
  );
}
