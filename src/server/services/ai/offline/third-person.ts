import nlp from "compromise";

type Term = { text: string; pre: string; post: string; tags: string[] };

const OWN: Record<string, string> = {
  your: "his",
  yours: "his",
  yourself: "himself",
  yourselves: "himself",
  "you're": "he's",
  "you've": "he's",
  "you'd": "he'd",
  "you'll": "he'll",
};

const IRREGULAR: Record<string, string> = {
  are: "is",
  "aren't": "isn't",
  were: "was",
  "weren't": "wasn't",
  have: "has",
  "haven't": "hasn't",
  do: "does",
  "don't": "doesn't",
  go: "goes",
};

/** The tagger calls "what" a preposition; "what you said" still has "you" as its subject. */
const WH = /^(what|whatever|where|when|why|how|who|that|which|while|if|because|so|than|as)$/i;

/** "win" → "wins", "finish" → "finishes", "try" → "tries": the verb after "he" agrees with him. */
function agree(verb: Term): string {
  const lower = verb.text.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  const tagged = new Set(verb.tags);
  if (!tagged.has("Infinitive") || tagged.has("Modal") || tagged.has("PastTense") || tagged.has("Gerund")) {
    return verb.text;
  }
  if (/(s|x|z|ch|sh|o)$/i.test(lower)) return `${verb.text}es`;
  if (/[^aeiou]y$/i.test(lower)) return `${verb.text.slice(0, -1)}ies`;
  return `${verb.text}s`;
}

const withCase = (original: string, word: string) =>
  /^[A-Z]/.test(original) ? word.charAt(0).toUpperCase() + word.slice(1) : word;

/**
 * Second person to third person ("you win back your evenings" → "he wins back his evenings"), for what someone else
 * reads about him. "you" is the subject ("he", with the verb after it agreeing) unless a verb or preposition comes
 * right before it ("give you time" → "give him time"). A text that starts as an instruction ("Use the hours…") reads
 * as an aim under "Jonas's life mission" ("To use the hours…").
 */
export function toThirdPerson(text: string): string {
  const terms: Term[] = (nlp(text).json() as Array<{ terms: Term[] }>).flatMap((s) => s.terms);
  if (terms.map((t) => t.pre + t.text + t.post).join("") !== text) return fallbackSwap(text);
  const out = terms.map((t) => t.text);
  terms.forEach((term, i) => {
    const lower = term.text.toLowerCase();
    const own = OWN[lower];
    if (own) {
      out[i] = withCase(term.text, own);
      return;
    }
    if (lower !== "you") return;
    const before = terms[i - 1];
    const objectOf =
      before &&
      !/[,.;:!?—–-]/.test(before.post) &&
      !WH.test(before.text) &&
      before.tags.some((tag) => tag === "Verb" || tag === "Preposition");
    let next = i + 1;
    while (terms[next]?.tags.some((tag) => tag === "Adverb" || tag === "Negative") && !/[,.;:]/.test(term.post)) next++;
    const verb = terms[next];
    if (objectOf || !verb?.tags.includes("Verb")) {
      out[i] = withCase(term.text, "him");
      return;
    }
    out[i] = withCase(term.text, "he");
    out[next] = agree(verb);
  });
  const first = terms[0];
  if (first?.tags.includes("Infinitive") && !first.tags.includes("Modal")) {
    out[0] = `To ${(out[0] ?? "").charAt(0).toLowerCase()}${(out[0] ?? "").slice(1)}`;
  }
  return terms.map((t, i) => t.pre + out[i] + t.post).join("");
}

/** Where the tagger rewrote spacing or punctuation: each word swapped on its own, "you" read as the subject. */
function fallbackSwap(text: string): string {
  return text.replace(/\b(you're|you've|you'd|you'll|your|yours|yourself|yourselves|you)\b/gi, (word) =>
    withCase(word, OWN[word.toLowerCase()] ?? "he"),
  );
}
