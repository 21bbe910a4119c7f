import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { shortDay } from "#client/lib/dates.ts";
import { useWidth } from "#client/lib/use-width.ts";
import { formatMinutes } from "#shared/minutes.ts";
import { screenTimeQuery } from "./api/screen-time.ts";
import { takenBackWords } from "./screen-time-card.tsx";

const ScreenTimePlot = lazy(() => import("./screen-time-plot.tsx"));
const CheckInForm = lazy(() => import("./check-in-form.tsx").then((m) => ({ default: m.CheckInForm })));

/** Drawn taller from this width (px), as the progress chart. */
const WIDE_CHART = 480;

function ChartSpace() {
  return <div className="h-[180px] @min-[480px]:h-[220px]" />;
}

/**
 * Insights (issue 55): his daily screen time week by week beside the milestones he finished, with a table for screen
 * readers; and a way to check in, since a chart of nothing asks for one.
 */
export function ScreenTimeChart() {
  const overview = useQuery(screenTimeQuery());
  const [box, width] = useWidth<HTMLDivElement>();
  const [checkingIn, setCheckingIn] = useState(false);
  const data = overview.data;
  if (!data) return null;
  const { weeks, summary, today } = data;
  const measured = weeks.some((w) => w.minutes !== null);
  const { title, detail } = takenBackWords(summary, today);
  return (
    <section aria-labelledby="screen-time-chart-heading" className="card mt-6" data-testid="screen-time-chart">
      <h2 id="screen-time-chart-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Screen time, week by week
      </h2>
      <p className="mt-2 text-lg font-bold">{title}</p>
      <p className="mt-1 text-sm text-muted">{detail}</p>
      {measured ? (
        <>
          <div ref={box} className="@container mt-4 w-full" aria-hidden="true">
            {width > 0 ? (
              <Suspense fallback={<ChartSpace />}>
                <ScreenTimePlot weeks={weeks} width={width} height={width < WIDE_CHART ? 180 : 220} />
              </Suspense>
            ) : (
              <ChartSpace />
            )}
          </div>
          <p className="mt-2 text-xs text-muted" aria-hidden="true">
            Bars: hours a day on your phone. ★: milestones you finished that week.
          </p>
          <div className="sr-only">
            <table>
              <caption>Your daily screen time and the milestones you finished, week by week</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Screen time a day</th>
                  <th scope="col">Milestones finished</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.monday}>
                    <th scope="row">{shortDay(week.monday)}</th>
                    <td>{week.minutes === null ? "no check-in" : formatMinutes(week.minutes)}</td>
                    <td>{week.milestones}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {checkingIn ? (
        <div className="mt-5">
          <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
            <CheckInForm today={today} onDone={() => setCheckingIn(false)} />
          </Suspense>
        </div>
      ) : (
        <button type="button" className="btn-secondary mt-4" onClick={() => setCheckingIn(true)}>
          Check in
        </button>
      )}
    </section>
  );
}
