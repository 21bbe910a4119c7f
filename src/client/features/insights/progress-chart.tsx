import { lazy, Suspense } from "react";
import { shortDay } from "#client/lib/dates.ts";
import { useWidth } from "#client/lib/use-width.ts";
import type { Insights } from "#shared/insights/contracts.ts";
import { INSIGHT_WEEKS } from "#shared/insights/rules.ts";
import { seriesOf } from "./progress-series.ts";

/** The lines themselves, with the chart library: loaded once the page has painted (issue 37). */
const ProgressPlot = lazy(() => import("./progress-plot.tsx"));

/**
 * "+50 in 12 weeks"; "+33 since you started" when the weeks begin at his sign-up (fewer than twelve), where his
 * progress was 0 (issue 35 row 9).
 */
function change(points: number[]) {
  const sinceStart = points.length < INSIGHT_WEEKS;
  const gained = (points.at(-1) ?? 0) - (sinceStart ? 0 : (points[0] ?? 0));
  const span = sinceStart ? "since you started" : `in ${INSIGHT_WEEKS} weeks`;
  if (gained === 0) return `no change ${span}`;
  return `${gained > 0 ? "+" : "−"}${Math.abs(gained)} ${span}`;
}

/** From this width (px) the chart is drawn taller. */
const WIDE_CHART = 480;

/**
 * The chart's height before it is drawn: in the server's HTML, and until the box is measured and the chart's code has
 * arrived. Sized by the box's own width (a container query, @min-[480px]), as the chart will be, so nothing moves when
 * it appears, at 360 px or at 1280.
 */
function ChartSpace() {
  return <div className="h-[190px] @min-[480px]:h-[230px]" />;
}

/**
 * Progress per accepted challenge over the last twelve weeks, or since the week he signed up, one line each (visx, SVG): each week's point is the progress
 * at its end, weighed as the dashboard's bar is, and the last point is today's bar. The legend says where each stands
 * and a table holds every point for screen readers.
 */
export function ProgressChart({ progress }: { progress: Insights["progress"] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const { weeks, challenges } = progress;
  const height = width < WIDE_CHART ? 190 : 230;
  return (
    <section aria-labelledby="progress-heading" className="card" data-testid="progress-chart">
      <h2 id="progress-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Progress per challenge
      </h2>
      {challenges.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          Accept a challenge and give its milestones dates: its progress draws a line here, week by week.
        </p>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            {challenges.map((challenge, index) => (
              <li key={challenge.id} className="grid grid-cols-[1.25rem_1fr] gap-x-3">
                <span aria-hidden="true" className={`mt-[0.6em] h-1 w-5 rounded-full ${seriesOf(index).swatch}`} />
                <span className="min-w-0">
                  <span className="block break-words font-semibold leading-snug">{challenge.title}</span>
                  <span className="block text-sm tabular-nums">
                    <span className="font-semibold">{challenge.points.at(-1) ?? 0}% now</span>{" "}
                    <span className="text-muted">· {change(challenge.points)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {challenges.every((challenge) => challenge.points.every((point) => point === 0)) ? (
            <p className="mt-3 text-sm text-muted">Each todo you tick off lifts its line from here.</p>
          ) : null}
          <div ref={box} className="@container mt-4 w-full" aria-hidden="true">
            {width > 0 ? (
              // The box keeps the chart's height while its code arrives, so nothing below it moves.
              <Suspense fallback={<ChartSpace />}>
                <ProgressPlot progress={progress} width={width} height={height} />
              </Suspense>
            ) : (
              <ChartSpace />
            )}
          </div>
          {/* A table ignores its own width and overflow, so the box that hides it is a div (issue 35 row 2). */}
          <div className="sr-only">
            <table>
              <caption>Progress per challenge at the end of each week, in percent</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  {challenges.map((challenge) => (
                    <th key={challenge.id} scope="col">
                      {challenge.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((monday, i) => (
                  <tr key={monday}>
                    <th scope="row">{i === weeks.length - 1 ? `${shortDay(monday)} (now)` : shortDay(monday)}</th>
                    {challenges.map((challenge) => (
                      <td key={challenge.id}>{challenge.points[i] ?? 0}%</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
