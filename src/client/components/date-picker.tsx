import { addMonths, format, isBefore, isSameDay, isSameMonth, startOfDay, startOfMonth } from "date-fns";
import { useEffect, useState } from "react";
import { parseCalendarDay, toIsoDate } from "../lib/dates.ts";
import { formatDay, monthGrid, weekdayLabels } from "./date-picker-model.ts";
import { Modal } from "./modal.tsx";

type DatePickerProps = {
  open: boolean;
  /** The current value as 'YYYY-MM-DD' (or an ISO date-time; only its date part counts). */
  value: string | null;
  onCancel: () => void;
  /** Receives the chosen day as 'YYYY-MM-DD'. */
  onConfirm: (isoDate: string) => void;
  busy?: boolean;
  title?: string;
};

/** The 'Due Date' dialog: month navigation, Su–Sa grid, today highlighted, past days disabled. */
export function DatePicker({ open, value, onCancel, onConfirm, busy = false, title = "Due Date" }: DatePickerProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {open && <Calendar value={value} onCancel={onCancel} onConfirm={onConfirm} busy={busy} />}
    </Modal>
  );
}

function Calendar({ value, onCancel, onConfirm, busy }: Omit<DatePickerProps, "open" | "title">) {
  const [today] = useState(() => startOfDay(new Date()));
  const [chosen, setChosen] = useState<Date | null>(() => {
    const initial = parseCalendarDay(value);
    return initial && !isBefore(initial, today) ? initial : null;
  });
  const [view, setView] = useState(() => startOfMonth(chosen ?? today));

  const chosenIsPast = chosen !== null && isBefore(chosen, today);
  const atCurrentMonth = isSameMonth(view, today);

  // Moving back into the current month can put a clamped day in the past: never offer a past day.
  useEffect(() => {
    if (chosenIsPast) setChosen(null);
  }, [chosenIsPast]);

  // SPEC: the chosen day moves with the month and is clamped to its length (31 Jan -> 28 Feb), as addMonths does.
  function goToMonth(delta: number) {
    setView(addMonths(view, delta));
    if (chosen) setChosen(addMonths(chosen, delta));
  }

  const monthLabel = format(view, "MMMM yyyy");

  return (
    <div className="mt-5">
      <div className="flex items-center justify-between">
        <button
          type="button"
          className="grid size-11 place-items-center rounded-full border border-line text-xl hover:border-muted disabled:opacity-30"
          onClick={() => goToMonth(-1)}
          disabled={atCurrentMonth}
          aria-label="Previous month"
        >
          ‹
        </button>
        <p className="font-semibold" aria-live="polite" data-testid="calendar-month">
          {monthLabel}
        </p>
        <button
          type="button"
          className="grid size-11 place-items-center rounded-full border border-line text-xl hover:border-muted"
          onClick={() => goToMonth(1)}
          aria-label="Next month"
        >
          ›
        </button>
      </div>

      <div className="mt-4 grid grid-cols-7 gap-1 text-center">
        {weekdayLabels.map((label) => (
          <div key={label} className="py-1 text-xs font-semibold uppercase text-muted">
            {label}
          </div>
        ))}
        {monthGrid(view).map((day, index) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: leading blanks are positions, nothing else identifies them
          if (day === null) return <div key={`blank-${index}`} aria-hidden="true" />;
          const past = isBefore(day, today);
          const isToday = isSameDay(day, today);
          const selected = chosen !== null && isSameDay(day, chosen) && !chosenIsPast;
          return (
            <button
              key={day.getDate()}
              type="button"
              disabled={past}
              aria-pressed={selected}
              aria-current={isToday ? "date" : undefined}
              aria-label={formatDay(day)}
              onClick={() => setChosen(day)}
              className={[
                "aspect-square min-h-10 rounded-full text-sm font-medium transition",
                selected
                  ? "bg-volt font-bold text-ink"
                  : isToday
                    ? "border border-volt text-volt"
                    : "text-text hover:bg-surface-2",
                past ? "cursor-not-allowed text-muted/35 line-through hover:bg-transparent" : "",
              ].join(" ")}
            >
              {day.getDate()}
            </button>
          );
        })}
      </div>

      <p className="mt-4 min-h-6 text-center text-sm" data-testid="chosen-date" aria-live="polite">
        {chosen && !chosenIsPast ? (
          <>
            Due <span className="font-semibold text-volt">{formatDay(chosen)}</span>
          </>
        ) : (
          <span className="text-muted">Choose a day</span>
        )}
      </p>

      <div className="mt-5 flex gap-3">
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary flex-1"
          disabled={!chosen || chosenIsPast || busy}
          onClick={() => chosen && onConfirm(toIsoDate(chosen))}
        >
          {busy ? "Saving..." : "Confirm"}
        </button>
      </div>
    </div>
  );
}
