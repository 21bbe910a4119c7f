import type { DeadlineRecord } from "#shared/insights/rules.ts";

export type DeadlinePart = { key: keyof DeadlineRecord; label: string; fill: string; swatch: string };

/** On time and late are his completed milestones; overdue and ahead the open ones, so the ring is his whole plan. */
export const PARTS: DeadlinePart[] = [
  { key: "onTime", label: "On time", fill: "#4ade80", swatch: "bg-success" },
  { key: "late", label: "Late", fill: "#fbbf24", swatch: "bg-amber-400" },
  { key: "overdue", label: "Overdue now", fill: "#ff5d5d", swatch: "bg-danger" },
  { key: "upcoming", label: "Still ahead", fill: "#52525b", swatch: "bg-zinc-600" },
];

/** The ring's width and height, in px. */
export const RING_SIZE = 120;
