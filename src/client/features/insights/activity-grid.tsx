import { shortDay } from "#client/lib/dates.ts";
import type { ActivityDay, ActivityWeek } from "#shared/insights/rules.ts";
import { longDay } from "./week-labels.ts";

/** Day labels beside the rows: every other day, so the column stays narrow on a phone. */
const DAY_LABELS = ["Mon", "", "Wed", "", "Fri", "", "Sun"];

function cellStyle(day: ActivityDay) {
  if (day.future) return "border border-dashed border-line bg-transparent";
  if (day.count === 0) return "bg-surface-2";
  if (day.count === 1) return "bg-volt/35";
  if (day.count <= 3) return "bg-volt/65";
  return "bg-volt";
}

const things = (n: number) => `${n} ${n === 1 ? "thing" : "things"} done`;

/**
 * Twelve weeks of days he got something done, one column a week and Monday on top, as a plain CSS grid: a picture
 * of days needs no chart library. Today is outlined; the days after it are drawn empty, never as misses. The text
 * alternative is a table of the same weeks.
 */
export function ActivityGrid({ weeks }: { weeks: ActivityWeek[] }) {
  const days = weeks.flatMap((week) => week.days);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const activeDays = days.filter((day) => day.count > 0).length;
  return (
    <section aria-labelledby="activity-heading" className="card" data-testid="activity-grid">
      <h2 id="activity-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Last 12 weeks
      </h2>
      <p className="mt-2 text-lg font-semibold">
        {total === 0 ? (
          "Nothing ticked off yet"
        ) : (
          <>
            {things(total)}{" "}
            <span className="font-normal text-muted">on {activeDays === 1 ? "1 day" : `${activeDays} days`}</span>
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-muted">
        {total === 0
          ? "Each todo or milestone you complete lights up its day here."
          : "Every square is a day; the brighter, the more you got done."}
      </p>

      <div className="mt-4 max-w-[28rem]" aria-hidden="true">
        <div className="grid grid-flow-col grid-cols-[auto_repeat(12,minmax(0,1fr))] grid-rows-7 gap-[3px] sm:gap-1">
          {DAY_LABELS.map((label, i) => (
            <span key={`label-${i.toString()}`} className="pr-1.5 text-[0.65rem] leading-none text-muted self-center">
              {label}
            </span>
          ))}
          {days.map((day) => (
            <span
              key={day.date}
              title={day.future ? undefined : `${longDay(day.date)}: ${things(day.count)}`}
              data-count={day.count}
              data-today={day.today || undefined}
              className={`aspect-square rounded-[3px] ${cellStyle(day)} ${
                day.today ? "outline-2 outline-offset-1 outline-text" : ""
              }`}
            />
          ))}
        </div>
        <div className="mt-2 flex items-center justify-between gap-3 pl-8 text-xs text-muted">
          <span>{weeks[0] ? shortDay(weeks[0].monday) : ""}</span>
          <span className="inline-flex items-center gap-1">
            Less
            {[0, 1, 2, 4].map((n) => (
              <span
                key={n}
                className={`size-2.5 rounded-[2px] ${cellStyle({ date: "", count: n, today: false, future: false })}`}
              />
            ))}
            More
          </span>
          <span>Today</span>
        </div>
      </div>

      {/* A table ignores its own width and overflow, so the box that hides it is a div (issue 35 row 2). */}
      <div className="sr-only">
        <table>
          <caption>Things done per week, last 12 weeks</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Things done</th>
              <th scope="col">Days with something done</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.monday}>
                <th scope="row">{shortDay(week.monday)}</th>
                <td>{week.days.reduce((sum, day) => sum + day.count, 0)}</td>
                <td>{week.days.filter((day) => day.count > 0).length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
