import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { createWorker, type PSM, type Worker } from "tesseract.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OcrBlocks, ocrLinesOf } from "./ocr-lines.ts";
import { LANGUAGES, PAGE_SEGMENTATION, READ_WIDTH } from "./ocr-settings.ts";
import { parseScreenTimeText } from "./parse-reading.ts";

/**
 * The real OCR (tesseract.js in Node, with the language data the app ships) on one screenshot of each phone and
 * language and one wrong picture, scaled as the browser's reader scales them; the whole corpus runs in
 * `npm run bench` (tests/bench/screen-time-reading.ts). About 10 s here, most of it starting tesseract.
 */
const corpus = join(import.meta.dirname, "../../../../../tests/fixtures/screen-time");
const { today, files } = JSON.parse(readFileSync(join(corpus, "expected.json"), "utf8")) as {
  today: string;
  files: Record<string, { ok: boolean; minutes?: number; period?: string; day?: string; platform?: string }>;
};
const SUBSET = [
  "ios-light-en-day.png",
  "ios-dark-de-week.png",
  "android-light-en-week.png",
  "android-dark-de-day.png",
  "wrong-chat.png",
  // A real iPhone's screenshot, not our rendering: its fonts, status bar and seconds must not be offered as a total.
  "real-ios-dark-en-other-app.png",
  // Another real one: "Screen Time" on its tab bar and 12:00 on its clock, neither of them his total.
  "real-ios-dark-en-tab-bar.png",
  "real-ios-dark-en-quiz.png",
];

let worker: Worker;
let langPath: string;
beforeAll(async () => {
  // tesseract.js takes one folder for every language; the packages keep each in its own.
  langPath = mkdtempSync(join(tmpdir(), "tessdata-"));
  for (const lang of LANGUAGES) {
    symlinkSync(
      join(
        import.meta.dirname,
        `../../../../../node_modules/@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`,
      ),
      join(langPath, `${lang}.traineddata.gz`),
    );
  }
  worker = await createWorker(LANGUAGES, 1, { langPath, cacheMethod: "none" });
  await worker.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION as PSM });
}, 60_000);
afterAll(async () => {
  await worker?.terminate();
  rmSync(langPath, { recursive: true, force: true });
});

describe("reading the corpus with tesseract", () => {
  it.each(SUBSET)(
    "%s",
    async (file) => {
      const picture = await sharp(join(corpus, file))
        .resize({ width: READ_WIDTH, withoutEnlargement: true })
        .png()
        .toBuffer();
      const { data } = await worker.recognize(picture, {}, { blocks: true });
      const reading = parseScreenTimeText(ocrLinesOf(data.blocks as unknown as OcrBlocks), { today });
      const expected = files[file];
      if (!expected?.ok) expect(reading.ok).toBe(false);
      else
        expect(reading).toMatchObject({
          ok: true,
          minutes: expected.minutes,
          period: expected.period,
          day: expected.day,
          platform: expected.platform,
        });
    },
    30_000,
  );
});
