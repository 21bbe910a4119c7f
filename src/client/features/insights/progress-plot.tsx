import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { shortDay } from "#client/lib/dates.ts";
import type { Insights } from "#shared/insights/contracts.ts";
import { MARGIN, seriesOf } from "./progress-series.ts";

/**
 * The lines of the progress chart, drawn with visx for `width` × `height`: the chart library loads with this module,
 * after the insights page has painted (issue 37), into a box the page already sized.
 */
export default function ProgressPlot({
  progress,
  width,
  height,
}: {
  progress: Insights["progress"];
  width: number;
  height: number;
}) {
  const { weeks, challenges } = progress;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scalePoint<string>({ domain: weeks, range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  // Three labels on a phone, six on a desktop, always ending on this week.
  const every = innerWidth < 320 ? 5 : innerWidth < 480 ? 3 : 2;
  const ticks = weeks.filter((_, i) => (weeks.length - 1 - i) % every === 0);
  const label = { fill: "#a1a1aa", fontSize: 11, fontFamily: "inherit" };
  return (
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
  );
}
