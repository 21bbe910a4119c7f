import type { OcrLines } from "./parse-reading.ts";

/** The part of tesseract.js's result (`recognize(…, {}, { blocks: true })`) the reading needs. */
type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; bbox: Box };
export type OcrBlocks = Array<{ paragraphs: Array<{ lines: Array<{ text: string; words: Word[] }> }> }>;

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Tesseract's lines, top to bottom, each with the height of its characters. A line's own box takes in an app's icon
 * beside its time, which would make an app's time look as big as the total: the height is that of its smallest word with a
 * digit (the figure), else the median of its words. The order is by the words' bottoms for the same reason, and because
 * tesseract gives a page's columns (a chart's axis) as blocks of their own, out of reading order.
 */
export function ocrLinesOf(blocks: OcrBlocks): OcrLines {
  const lines = blocks
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) => {
      const words = line.words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
      const figures = words.filter((w) => /\d/.test(w.text));
      // The smallest figure: an icon or a checkbox read as "0" is taller than the digits beside it.
      const heights = (figures.length > 0 ? figures : words).map((w) => w.bbox.y1 - w.bbox.y0);
      const height = figures.length > 0 ? Math.min(...heights) : median(heights);
      const bottom = median(words.map((w) => w.bbox.y1)) ?? 0;
      return { text: line.text.replace(/\s+/g, " ").trim(), height, bottom };
    })
    .filter((line) => line.text !== "")
    .sort((a, b) => a.bottom - b.bottom);
  return { lines: lines.map(({ text, height }) => (height === undefined ? { text } : { text, height })) };
}
