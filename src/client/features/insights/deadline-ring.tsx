import { Group } from "@visx/group";
import { Pie } from "@visx/shape";
import type { DeadlineRecord } from "#shared/insights/rules.ts";
import { type DeadlinePart, RING_SIZE as SIZE } from "./deadline-parts.ts";

/** The ring of the deadlines card, drawn with visx: loaded once the insights page has painted (issue 37). */
export default function DeadlineRing({
  record,
  shown,
  done,
}: {
  record: DeadlineRecord;
  shown: DeadlinePart[];
  done: number;
}) {
  return (
    <svg width={SIZE} height={SIZE} aria-hidden="true" className="shrink-0">
      <Group top={SIZE / 2} left={SIZE / 2}>
        <Pie
          data={shown}
          pieValue={(part) => record[part.key]}
          pieSort={null}
          pieSortValues={null}
          outerRadius={SIZE / 2}
          innerRadius={SIZE / 2 - 16}
          padAngle={shown.length > 1 ? 0.03 : 0}
          cornerRadius={3}
        >
          {(pie) => pie.arcs.map((arc) => <path key={arc.data.key} d={pie.path(arc) ?? ""} fill={arc.data.fill} />)}
        </Pie>
        <text textAnchor="middle" dy="-0.1em" className="fill-text font-display text-[1.75rem]">
          {done === 0 ? "0" : `${record.onTime}/${done}`}
        </text>
        <text textAnchor="middle" dy="1.5em" className="fill-muted text-[0.7rem] uppercase tracking-wider">
          on time
        </text>
      </Group>
    </svg>
  );
}
