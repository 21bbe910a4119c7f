import { reportReasons } from "#shared/community/rules.ts";

export function reasonLabel(id: string) {
  return reportReasons.find((r) => r.id === id)?.label ?? id;
}

const dateFormat = new Intl.DateTimeFormat("en", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "27 Nov, 14:05" in the operator's own time zone. */
export function shortDate(iso: string) {
  return dateFormat.format(new Date(iso));
}
