import type { RoutePoint } from "#shared/proof/contracts.ts";

const PAD = 8;

/** The route's points scaled into a box of `size` (north up), keeping its proportions. */
function fitted(route: RoutePoint[], size: number) {
  const xs = route.map(([x]) => x);
  const ys = route.map(([, y]) => y);
  const width = Math.max(...xs) - Math.min(...xs) || 1;
  const height = Math.max(...ys) - Math.min(...ys) || 1;
  const scale = (size - 2 * PAD) / Math.max(width, height);
  const offsetX = (size - width * scale) / 2;
  const offsetY = (size - height * scale) / 2;
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return route.map(([x, y]) => [offsetX + (x - minX) * scale, size - (offsetY + (y - minY) * scale)] as const);
}

/**
 * The route as a line, from its shape alone: no map and no outside service, and nothing that says where it was
 * (decision 0107). A dot marks the start, a ring the finish. `label` is its text alternative; `className` sets its
 * width (the whole column unless told).
 */
export function RouteShape({
  route,
  label,
  className = "",
}: {
  route: RoutePoint[];
  label: string;
  className?: string;
}) {
  if (route.length < 2) return null;
  const size = 200;
  const points = fitted(route, size);
  const start = points[0];
  const end = points[points.length - 1];
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className={`block aspect-square rounded-xl bg-surface ${className}`}
      data-testid="route-shape"
    >
      <polyline
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}
        fill="none"
        stroke="var(--color-volt)"
        strokeWidth={2.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
      {start && <circle cx={start[0]} cy={start[1]} r={4.5} fill="var(--color-volt)" />}
      {end && <circle cx={end[0]} cy={end[1]} r={5} fill="none" stroke="var(--color-text)" strokeWidth={2} />}
    </svg>
  );
}
