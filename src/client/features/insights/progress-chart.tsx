import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import type { Insights } from "#shared/insights/contracts.ts";
import { INSIGHT_WEEKS } from "#shared/insights/rules.ts";
import { useWidth } from "./use-width.ts";
import { shortDay } from "./week-labels.ts";

/**
 * Up to three challenges (premium's limit): told apart by colour and by the line's pattern, so the lines read without
 * colour too. The colours hold 3:1 against the card.
 */
const SERIES = [
  { stroke: "#c8ff2e", dash: undefined, swatch: "bg-volt" },
  { stroke: "#7dd3fc", dash: "7 4", swatch: "bg-sky-300" },
  { stroke: "#f0abfc", dash: "2 4", swatch: "bg-fuchsia-300" },
] as const;

const MARGIN = { top: 12, right: 14, bottom: 28, left: 40 };

function seriesOf(index: number) {
  return SERIES[index % SERIES.length] ?? SERIES[0];
}

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

/**
 * Progress per accepted challenge over the last twelve weeks, or since the week he signed up, one line each (visx, SVG): each week's point is the progress
 * at its end, weighed as the dashboard's bar is, and the last point is today's bar. The legend says where each stands
 * and a table holds every point for screen readers.
 */
export function ProgressChart({ progress }: { progress: Insights["progress"] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const { weeks, challenges } = progress;
  const height = width < 480 ? 190 : 230;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scalePoint<string>({ domain: weeks, range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  // Three labels on a phone, six on a desktop, always ending on this week.
  const every = innerWidth < 320 ? 5 : innerWidth < 480 ? 3 : 2;
  const ticks = weeks.filter((_, i) => (weeks.length - 1 - i) % every === 0);
  const label = { fill: "#a1a1aa", fontSize: 11, fontFamily: "inherit" };

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
          <div ref={box} className="mt-4 w-full" aria-hidden="true">
            {width > 0 ? (
              <svg width={width} height={height} className="block overflow-visible" aria-hidden="true">
                <Group left={MARGIN.left} top={MARGIN.top}>
                  {[0, 25, 50, 75, 100].map((tick) => (
                    <line
                      key={tick}
                      x1={0}
                      x2={innerWidth}
                      y1={y(tick)}
                      y2={y(tick)}
                      stroke="#2a2a31"
                      strokeDasharray={tick === 0 ? undefined : "2 4"}
                    />
                  ))}
                  <AxisLeft
                    scale={y}
                    tickValues={[0, 50, 100]}
                    tickFormat={(value) => `${value}%`}
                    hideAxisLine
                    hideTicks
                    tickLabelProps={{ ...label, textAnchor: "end", dx: -6, dy: 4 }}
                  />
                  <AxisBottom
                    scale={x}
                    top={innerHeight}
                    tickValues={ticks}
                    tickFormat={(monday) => (monday === weeks.at(-1) ? "Now" : shortDay(monday))}
                    hideAxisLine
                    tickStroke="#2a2a31"
                    tickLength={4}
                    tickLabelProps={{ ...label, textAnchor: "middle" }}
                  />
                  {challenges.map((challenge, index) => {
                    const series = seriesOf(index);
                    const last = challenge.points.at(-1) ?? 0;
                    return (
                      <g key={challenge.id}>
                        <LinePath
                          data={challenge.points.map((value, i) => ({ monday: weeks[i] ?? "", value }))}
                          x={(point) => x(point.monday) ?? 0}
                          y={(point) => y(point.value)}
                          stroke={series.stroke}
                          strokeWidth={2.5}
                          strokeDasharray={series.dash}
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                        <circle cx={x(weeks.at(-1) ?? "") ?? 0} cy={y(last)} r={4} fill={series.stroke} />
                      </g>
                    );
                  })}
                </Group>
              </svg>
            ) : (
              <div style={{ height }} />
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
