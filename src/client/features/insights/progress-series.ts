/**
 * Up to three challenges (premium's limit): told apart by colour and by the line's pattern, so the lines read without
 * colour too. The colours hold 3:1 against the card.
 */
const SERIES = [
  { stroke: "#c8ff2e", dash: undefined, swatch: "bg-volt" },
  { stroke: "#7dd3fc", dash: "7 4", swatch: "bg-sky-300" },
  { stroke: "#f0abfc", dash: "2 4", swatch: "bg-fuchsia-300" },
] as const;

export const MARGIN = { top: 12, right: 14, bottom: 28, left: 40 };

export function seriesOf(index: number) {
  return SERIES[index % SERIES.length] ?? SERIES[0];
}
