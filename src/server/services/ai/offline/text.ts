export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Instagram, YouTube and games". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Small words stay lower case inside a title. */
export function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i) => (i > 0 && /^(a|an|the|and|or|of|to|in|on|for|with|at|by|km)$/i.test(w) ? w : capitalize(w)))
    .join(" ");
}

/** Time phrases that belong to his sentence, not to a title: "build my own app for years" → "build my own app". */
const TIME_TAIL =
  /\s+(for (years|ages|a long time|so long|a while|decades)|since (i was|you were|school|uni|college)[\w ]*|one day|someday|some day|eventually|finally|again|at some point|in my life|properly( this time)?|for real)$/i;

function withoutTimeTail(phrase: string): string {
  return splitTimeTail(phrase).core;
}

/** His phrase and the time phrase it ended with ("for years"), which a description may keep and a title may not. */
export function splitTimeTail(phrase: string): { core: string; tail: string | null } {
  let core = phrase.trim();
  const tails: string[] = [];
  for (let i = 0; i < 3; i++) {
    const m = core.match(TIME_TAIL);
    if (!m) break;
    tails.unshift(m[0].trim());
    core = core.slice(0, m.index).trim();
  }
  return { core, tail: tails.length > 0 ? tails.join(" ") : null };
}

/**
 * A title: an imperative of at most six words, without his time phrases or a full stop. null when his phrase would
 * not read as one, so the caller falls back to its own.
 */
export function asTitle(phrase: string): string | null {
  const core = withoutTimeTail(phrase).replace(/[.!?,;:]+$/, "");
  const words = core.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 7 || /\b(you|your|yours)\b.*\b(you|your)\b/i.test(core)) return null;
  if (/\b(and|or|but|because|that|which|who)$/i.test(core)) return null;
  return titleCase(core);
}

export function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  // Drop whole trailing sentences until it fits; never cut inside one.
  const parts = text.split(/(?<=[.!?])\s+/);
  while (parts.length > 1 && parts.join(" ").length > max) parts.pop();
  return parts.join(" ").slice(0, max);
}

/** Sentence ends after an interpolated quote: exactly one full stop, and one after a quote that had none. */
function polish(text: string): string {
  return text
    .replace(/([.!?])”\./g, "$1”")
    .replace(/([^.!?])”(\s+\p{Lu})/gu, "$1”.$2")
    .replace(/([^.!?])”$/, "$1”.")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([.,;:])/g, "$1")
    .replace(/\.\./g, ".");
}

export function polishAll<T extends Record<string, string>>(record: T): T {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, polish(v)])) as T;
}

/** Second-person infinitive phrase → first person, for the statement he says out loud. */
export function firstPerson(phrase: string): string {
  return phrase
    .replace(/\byou are\b/g, "I am")
    .replace(/\byou(?= [a-z])/g, "I")
    .replace(/\byour\b/g, "my")
    .replace(/\byourself\b/g, "myself")
    .replace(/\byou\b/g, "me");
}

export const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;
