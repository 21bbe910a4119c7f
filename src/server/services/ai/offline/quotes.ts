import { type Facts, isNonAnswer } from "./read-answers.ts";
import { wordCount } from "./text.ts";

/**
 * Words that say how he feels about something without saying what: a sentence made only of these ("honestly its
 * bad", "idk, better than now i guess", "a lot of stuff really") carries no meaning worth quoting back to him.
 */
const FILLER = new Set(
  `honestly honest tbh ngl its it's it is was be been bad good ok okay fine pretty kinda kind sort of really very just lol
  idk stuff things thing lot lots like much terrible awful mess meh so not great guess better worse than now maybe
  whatever dunno know don't dont i i'm im a an the and or to my me yeah yes well basically literally actually rly
  same always never everything anything something nothing all some way too quite bit sure think`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a sentence of his says something: at least two words that are not filler, and it is not a non-answer. */
export function carriesMeaning(sentence: string): boolean {
  if (isNonAnswer(sentence)) return false;
  const words = sentence.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return words.some((w) => !FILLER.has(w) && w.length > 2);
}

const MAX_QUOTE_WORDS = 30;

/**
 * His answer as a quote, in his words: the whole answer when every sentence of it says something and it is short,
 * else its first sentence that does. null when nothing in it carries meaning.
 */
export function quoteAnswer(f: Facts, i: number): string | null {
  const text = f.texts[i] ?? "";
  const sentences = f.sentences[i] ?? [];
  if (!text || isNonAnswer(text)) return null;
  if (wordCount(text) <= MAX_QUOTE_WORDS && sentences.every(carriesMeaning)) return `“${text}”`;
  const first = sentences.find((s) => carriesMeaning(s) && wordCount(s) <= MAX_QUOTE_WORDS && wordCount(s) >= 3);
  return first ? `“${first}”` : null;
}
