/**
 * How a screenshot is read, shared by the browser's reader and the test that runs the same OCR in Node.
 *
 * The width the screenshot is read at: a phone's 1080–1290 px make tesseract slower and no better, since the total's
 * digits grow too tall for its models (a 1170 px iPhone screen lost its "6h 22m" at full size), while at 450 px an
 * app's time is still some 16 px high.
 */
export const READ_WIDTH = 450;

/**
 * Tesseract's page segmentation: sparse text (11), a screen of short labels, figures and a chart rather than a page of
 * prose. On the corpus it found totals the automatic page layout (3) dropped beside a chart or a donut.
 */
export const PAGE_SEGMENTATION = "11";

/** The languages read: English and German phones. */
export const LANGUAGES = ["eng", "deu"];
