import deuData from "@tesseract.js-data/deu/4.0.0_best_int/deu.traineddata.gz?url";
import engData from "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url";
import tesseractWorker from "tesseract.js/dist/worker.min.js?url";

/**
 * The OCR worker's entry, a file of our build (the page's CSP takes workers from 'self' only, not tesseract's blob:
 * URL). tesseract.js fetches language data as `<langPath>/<lang>.traineddata.gz`, a name our build cannot keep (its
 * assets carry their hash, and the server takes a `.gz` for a compressed copy): the worker's fetch is pointed at the
 * hashed files instead, and everything else goes through untouched.
 */
const builtFiles: Record<string, string> = {
  "eng.traineddata.gz": new URL(engData, self.location.href).href,
  "deu.traineddata.gz": new URL(deuData, self.location.href).href,
};
const fetchFromBuild = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return fetchFromBuild(builtFiles[url.slice(url.lastIndexOf("/") + 1)] ?? input, init);
};
(self as unknown as { importScripts(url: string): void }).importScripts(
  new URL(tesseractWorker, self.location.href).href,
);
