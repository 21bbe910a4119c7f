import type { ActivityReading } from "#shared/proof/contracts.ts";
import { formatDistance, formatMovingTime, formatPace } from "#shared/proof/rules.ts";
import { fromStrava } from "./activity-source.ts";
import { RouteShape } from "./route-shape.tsx";

/**
 * "Sat 14 March, 07:32", in `timeZone` when given, else in the browser's. A page the server renders passes one: the
 * server's render and the browser's must write the same hour, or hydration fails (issue 53 row 13).
 */
function startedOn(iso: string, timeZone?: string) {
  return new Date(iso).toLocaleString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
}

/** The figures of an activity in one line of words, for the route's text alternative and for screen readers. */
function activityInWords(activity: ActivityReading) {
  return `${formatDistance(activity.distanceMeters)} in ${formatMovingTime(activity.movingSeconds)} of moving time, ${formatPace(activity.paceSecondsPerKm)}`;
}

/**
 * What an activity file showed: when, how far, how long in motion and at what pace, with the route's shape beside
 * it (above it on a phone). `compact`: the smaller version a milestone carries. A run Strava sent says so under its
 * date ("from Strava", issue 56).
 */
export function ActivitySummary({
  activity,
  compact = false,
  timeZone,
}: {
  activity: ActivityReading;
  compact?: boolean;
  timeZone?: string;
}) {
  const date = { label: "Date", value: startedOn(activity.startedAt, timeZone) };
  const source = fromStrava(activity) ? (
    <dd className="text-xs font-semibold text-muted" data-testid="from-strava">
      from Strava
    </dd>
  ) : null;
  const figures = [
    { label: "Distance", value: formatDistance(activity.distanceMeters) },
    { label: "Moving time", value: formatMovingTime(activity.movingSeconds) },
    { label: "Pace", value: formatPace(activity.paceSecondsPerKm) },
  ];
  const route = activity.route.length >= 2 && (
    <RouteShape
      route={activity.route}
      label={`The shape of the route: ${activityInWords(activity)}`}
      className={compact ? "w-20 shrink-0" : "mx-auto w-full max-w-56 sm:max-w-none"}
    />
  );
  const figure = (item: { label: string; value: string }) => (
    <div key={item.label}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{item.label}</dt>
      <dd className={compact ? "whitespace-nowrap font-semibold" : "text-lg font-bold"}>{item.value}</dd>
    </div>
  );

  // A milestone's card is narrow on a phone: the route and the date side by side, the three figures in a row below.
  if (compact) {
    return (
      <div className="text-sm" data-testid="activity-summary">
        <div className="flex items-center gap-3">
          {route}
          <dl className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{date.label}</dt>
            <dd className="font-semibold">{date.value}</dd>
            {source}
          </dl>
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2">{figures.map(figure)}</dl>
      </div>
    );
  }
  return (
    <div
      className={`grid items-center gap-4 ${route ? "sm:grid-cols-[11rem_1fr]" : ""}`}
      data-testid="activity-summary"
    >
      {route}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <div className="col-span-2">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{date.label}</dt>
          <dd className="text-lg font-bold">{date.value}</dd>
          {source}
        </div>
        {figures.map(figure)}
      </dl>
    </div>
  );
}
