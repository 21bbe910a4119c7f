/**
 * Text a database cannot store: PostgreSQL refuses the NUL character in text, and a lone (unpaired) UTF-16
 * surrogate is not a character at all. Both only arrive from scripts or damaged input, never from typing.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

export const unstorableTextMessage = "This request contains characters that cannot be stored.";

export function isStorableText(text: string) {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}
