/**
 * What text a person can send, without zod (decision 0141): the characters refused everywhere and the words that say
 * so. text.ts builds the schemas' `userText` on them; the screens that only show a limit or a message import this.
 */

/**
 * Text a database cannot store: PostgreSQL refuses the NUL character in text, and a lone (unpaired) UTF-16
 * surrogate is not a character at all. Both only arrive from scripts or damaged input, never from typing.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

/**
 * Control characters nobody types: C0 (U+0001–U+001F), DEL and C1 (U+0080–U+009F). Tab is allowed everywhere;
 * line breaks only in multi-line text (a line break in a name or a title would reach e-mail lines and headings).
 * Multi-line text has its CR already turned into LF when this runs.
 */
export function hasControlCharacter(text: string, multiline: boolean) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || (multiline && code === 10)) continue;
    if (code < 32 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Line and paragraph separators (U+2028, U+2029) and private-use characters (nothing another device can show). */
const SEPARATOR_OR_PRIVATE = /[\p{Zl}\p{Zp}\p{Co}]/u;
/** Characters that draw nothing: format characters (zero-width space, bidi overrides, BOM, tags, soft hyphen) and
 * the rest of Unicode's default-ignorable set (Hangul fillers, variation selectors, …). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** Zero-width non-joiner and joiner: part of how Persian, Indic and emoji sequences are written, between two marks. */
const JOINER = /^[\u200C\u200D]$/u;
/** Variation selectors: they choose how the character before them is drawn (❤️ is U+2764 U+FE0F). */
const SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const DRAWN = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/**
 * Text a person could not read back as typed: a line or paragraph separator, a private-use character, or an invisible
 * one (decision 0115). A joiner between two visible characters and a variation selector after one are kept: names are
 * written with them.
 */
export function hasInvisibleCharacter(text: string) {
  const chars = Array.from(text);
  const drawn = (char: string | undefined) => char !== undefined && DRAWN.test(char) && !INVISIBLE.test(char);
  return chars.some((char, i) => {
    if (SEPARATOR_OR_PRIVATE.test(char)) return true;
    if (!INVISIBLE.test(char)) return false;
    const before = chars[i - 1];
    if (SELECTOR.test(char)) return !drawn(before);
    if (JOINER.test(char)) return !(drawn(before) || SELECTOR.test(before ?? "")) || !drawn(chars[i + 1]);
    return true;
  });
}

export const textMessages = {
  unstorable: "This request contains characters that cannot be stored.",
  controlCharacters: "Please remove the invisible control characters from this text.",
  lineBreaks: "Please keep this on one line.",
  invisibleCharacters: "Please use visible characters only: no line separators or invisible characters.",
  notText: "Please enter text.",
  required: "This field is required.",
  tooShort: (min: number) => `Please write at least ${min} characters`,
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

export const unstorableTextMessage = textMessages.unstorable;

export function isStorableText(text: string) {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}
