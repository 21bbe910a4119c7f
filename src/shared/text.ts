import { z } from "zod";
import { hasControlCharacter, hasInvisibleCharacter, isStorableText, textMessages } from "./text-rules.ts";

export type UserTextOptions = {
  /** Longest text accepted, in UTF-16 units (String.length), counted after `prepare` and trimming. */
  max: number;
  /** Shortest text accepted after trimming; 1 unless `min: 0` allows empty text. */
  min?: number;
  /** Trim surrounding whitespace before counting and storing it (default true). */
  trim?: boolean;
  /** Line breaks allowed (CRLF and CR become LF); otherwise any line break is refused. */
  multiline?: boolean;
  /**
   * Printable characters only: line and paragraph separators (U+2028, U+2029), zero-width and bidi characters and
   * the rest of the invisible ones are refused too. For names, which reach e-mails and other people's screens.
   */
  printable?: boolean;
  /** Applied after the storable check, before trimming and counting (e.g. stripping tags). */
  prepare?: (text: string) => string;
  messages?: {
    /** Not a string at all, or empty after trimming (when min ≥ 1). */
    required?: string;
    /** Shorter than `min` (when min > 1); `required` when not given. */
    tooShort?: string;
    tooLong?: string;
    /** For text nobody types (an id from a URL): the one answer to any character problem. */
    invalid?: string;
  };
};

/**
 * The one text type for user input in every shared schema: refuses NUL and unpaired surrogates (text no column
 * can keep), control characters and (single-line) line breaks, each with a message a person can act on; trims;
 * caps the length. The output is the text as stored. Decision 0066.
 */
export function userText(options: UserTextOptions) {
  const { max, min = 1, trim = true, multiline = false, printable = false, prepare } = options;
  const required = options.messages?.required ?? textMessages.required;
  const tooShort = options.messages?.tooShort ?? (min > 1 ? textMessages.tooShort(min) : required);
  const tooLong = options.messages?.tooLong ?? textMessages.tooLong(max);

  return z.string({ error: options.messages?.required ?? textMessages.notText }).transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const invalid = options.messages?.invalid;
    if (!isStorableText(raw)) return fail(invalid ?? textMessages.unstorable);
    let text = multiline ? raw.replace(/\r\n?/g, "\n") : raw;
    if (prepare) text = prepare(text);
    if (trim) text = text.trim();
    // Checked after trimming, so a pasted title with a trailing line break is simply trimmed.
    if (hasControlCharacter(text, multiline)) {
      if (invalid) return fail(invalid);
      return fail(!multiline && /[\n\r]/.test(text) ? textMessages.lineBreaks : textMessages.controlCharacters);
    }
    if (printable && hasInvisibleCharacter(text)) return fail(invalid ?? textMessages.invisibleCharacters);
    if (min >= 1 && text.length === 0) return fail(required);
    if (text.length < min) return fail(tooShort);
    if (text.length > max) return fail(tooLong);
    return text;
  });
}
