import { lazy, Suspense } from "react";
import type { DeadlineRecord } from "#shared/insights/rules.ts";
import { PARTS, RING_SIZE } from "./deadline-parts.ts";

/** The ring itself, with the chart library: loaded once the page has painted (issue 37). */
const DeadlineRing = lazy(() => import("./deadline-ring.tsx"));

const milestonesWord = (n: number) => `${n} ${n === 1 ? "milestone" : "milestones"}`;

/** One sentence for the whole ring: what a glance at it tells. */
function summary(record: DeadlineRecord) {
  const done = record.onTime + record.late;
  const parts = [
    done === 0 ? "No milestone completed yet" : `${record.onTime} of ${milestonesWord(done)} completed on time`,
    ...(record.overdue > 0 ? [`${record.overdue} overdue now`] : []),
    ...(record.upcoming > 0 ? [`${record.upcoming} still ahead`] : []),
  ];
  return `${parts.join(", ")}.`;
}

/**
 * His deadlines kept (visx, SVG): a ring of his dated milestones — on time, late, overdue now, still ahead — with the
 * figures beside it. The ring is a picture of the legend, which is its text alternative, so it is hidden from screen
 * readers.
 */
export function DeadlineChart({ record }: { record: DeadlineRecord }) {
  const total = PARTS.reduce((sum, part) => sum + record[part.key], 0);
  const done = record.onTime + record.late;
  const shown = PARTS.filter((part) => record[part.key] > 0);
  return (
    <section aria-labelledby="deadlines-heading" className="card" data-testid="deadline-chart">
      <h2 id="deadlines-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Deadlines kept
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No milestone has a date yet. Give them dates on your dashboard, and the ones you keep show here.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-text/90">{summary(record)}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-4 sm:gap-x-10">
            {/* The ring's place is kept while its code arrives, so the figures beside it never move. */}
            <Suspense
              fallback={<div aria-hidden="true" className="shrink-0" style={{ width: RING_SIZE, height: RING_SIZE }} />}
            >
              <DeadlineRing record={record} shown={shown} done={done} />
            </Suspense>
            <dl className="min-w-36 flex-1 space-y-1.5 sm:max-w-64">
              {PARTS.map((part) => (
                <div
                  key={part.key}
                  className="flex items-baseline justify-between gap-3"
                  data-testid={`deadlines-${part.key}`}
                >
                  <dt className="flex items-center gap-2 text-sm text-muted">
                    <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${part.swatch}`} />
                    {part.label}
                  </dt>
                  <dd className="text-lg font-bold tabular-nums">{record[part.key]}</dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      )}
    </section>
  );
}
