import type { ActivityFormat } from "#shared/proof/rules.ts";

/** The XML declaration, comments and a DOCTYPE before the root fit in this many characters of any real file. */
const PROLOG_CHARS = 64 * 1024;
const ROOT_FORMATS: Record<string, ActivityFormat> = { gpx: "gpx", TrainingCenterDatabase: "tcx" };
const ROOT_NAME = /^<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;

/**
 * The encoding of an XML file: UTF-16 by its byte order mark, UTF-8 otherwise (what every watch and app writes; a
 * Latin-1 file only loses accents in names, which nothing here reads).
 */
export function xmlEncodingOf(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/** The text of an XML file; invalid bytes become U+FFFD, never an exception. */
function decodeXmlText(bytes: Uint8Array): string {
  return new TextDecoder(xmlEncodingOf(bytes)).decode(bytes);
}

/** Where the text after `at` stops being XML white space. */
function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  return i;
}

/**
 * The local name of the root element, or null when the text does not start like XML. Only the prolog is skipped (a
 * few indexOf calls, linear: no regular expression that could backtrack on a hostile prolog); reading the document
 * itself is read-xml.ts' work.
 */
function rootName(text: string): string | null {
  let at = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  for (;;) {
    let end: number;
    if (text.startsWith("<?", at)) end = text.indexOf("?>", at + 2) + 2;
    else if (text.startsWith("<!--", at)) end = text.indexOf("-->", at + 4) + 3;
    else if (text.startsWith("<!DOCTYPE", at)) {
      const close = text.indexOf(">", at);
      const subset = text.indexOf("[", at);
      end = subset >= 0 && subset < close ? text.indexOf(">", text.indexOf("]", subset)) + 1 : close + 1;
    } else break;
    // indexOf's -1 (+ the token's length) lands before `at`: an unterminated prolog.
    if (end <= at) return null;
    at = skipSpace(text, end);
  }
  return ROOT_NAME.exec(text.slice(at, at + 256))?.[1] ?? null;
}

/**
 * The activity format of a file by its content (a name or a browser's type is the sender's word, not the file's):
 * FIT by ".FIT" at bytes 8 to 11 of its header, GPX and TCX by their root element. Null for anything else.
 */
export function activityFormatOf(bytes: Uint8Array): ActivityFormat | null {
  if (bytes.length >= 12 && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54) {
    return "fit";
  }
  const name = rootName(decodeXmlText(bytes.subarray(0, PROLOG_CHARS * 2)));
  return name != null && Object.hasOwn(ROOT_FORMATS, name) ? (ROOT_FORMATS[name] ?? null) : null;
}
