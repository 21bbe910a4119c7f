import { fromIsoDate } from "../../components/date-picker-model.ts";

/**
 * A deadline is stored as the chosen day at 23:59:59Z; its date part is the day the user picked,
 * so it is shown from that part and never shifted by the viewer's time zone.
 */
export function formatDeadline(deadline: string) {
  const day = fromIsoDate(deadline);
  if (!day) return deadline;
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(
    new Date(day.year, day.month, day.day, 12),
  );
}
