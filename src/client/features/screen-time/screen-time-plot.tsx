import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { shortDay } from "#client/lib/dates.ts";
import type { ScreenTimeWeek } from "#shared/screen-time/contracts.ts";

const MARGIN = { top: 22, right: 8, bottom: 28, left: 34 };

/**
 * His daily screen time week by week as bars (hours a day, visx), and above each week the milestones he finished in
 * it: the chart library loads with this module, after the page has painted, into a box the page already sized.
 */
export default function ScreenTimePlot({
  weeks,
  width,
  height,
}: {
  weeks: ScreenTimeWeek[];
  width: number;
  height: number;
}) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const most = Math.max(60, ...weeks.map((w) => w.minutes ?? 0));
  const topHours = Math.ceil(most / 60);
  const x = scaleBand<string>({ domain: weeks.map((w) => w.monday), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear<number>({ domain: [0, topHours], range: [innerHeight, 0], nice: true });
  const every = innerWidth < 320 ? 4 : innerWidth < 480 ? 3 : 2;
  const ticks = weeks.map((w) => w.monday).filter((_, i) => (weeks.length - 1 - i) % every === 0);
  const label = { fill: "#a1a1aa", fontSize: 11, fontFamily: "inherit" };
  const hourTicks = topHours <= 6 ? topHours : Math.ceil(topHours / 2);
  return (
    <svg width={width} height={height} className="block overflow-visible" aria-hidden="true">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {y.ticks(hourTicks).map((tick) => (
          <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#27272a" strokeDasharray="2 4" />
        ))}
        {weeks.map((week) => {
          const left = x(week.monday) ?? 0;
          const hours = (week.minutes ?? 0) / 60;
          return (
            <g key={week.monday} data-week={week.monday}>
              {week.minutes !== null ? (
                <Bar
                  x={left}
                  y={y(hours)}
                  width={x.bandwidth()}
                  height={innerHeight - y(hours)}
                  rx={3}
                  className="fill-volt/80"
                />
              ) : null}
              {week.milestones > 0 ? (
                <text
                  x={left + x.bandwidth() / 2}
                  y={-8}
                  textAnchor="middle"
                  className="fill-text text-[11px] font-bold"
                  data-milestones={week.milestones}
                >
                  {`★${week.milestones > 1 ? week.milestones : ""}`}
                </text>
              ) : null}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={hourTicks}
          tickFormat={(value) => `${Number(value)} h`}
          hideAxisLine
          hideTicks
          tickLabelProps={{ ...label, textAnchor: "end", dx: -4, dy: 3 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks}
          tickFormat={(value) => shortDay(String(value))}
          stroke="#3f3f46"
          hideTicks
          tickLabelProps={{ ...label, textAnchor: "middle" }}
        />
      </Group>
    </svg>
  );
}
