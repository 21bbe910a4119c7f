import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import { z } from "zod";
import { userText } from "../text.ts";
import { COMMENT_TEXT_MAX, POST_TEXT_MAX } from "./rules.ts";

/**
 * The text rules for community posts and comments (issue 40, decision 0133): plain text, a length limit, no slurs
 * or other words from a maintained list (obscenity's English dataset), and no links. Shared by the browser, which
 * shows the message as he types, and the server, which refuses the same text.
 */

export const communityTextMessages = {
  slur: "Please keep it respectful: this text contains a word we don't allow in the community.",
  link: "Links aren't allowed in the community. Tell the story in your own words.",
} as const;

/**
 * Words the dataset refuses that runners write innocently: an FKT is a fastest known time; the dataset's own
 * exception is spelled "shitake". Lower case, as the whitelist compares them.
 */
const ALLOWED_TERMS = ["fkt", "shiitake"];

let matcher: RegExpMatcher | undefined;

/** Built on first use: compiling the dataset's patterns costs a few milliseconds nobody should pay at import. */
function wordMatcher() {
  if (!matcher) {
    const dataset = englishDataset.build();
    matcher = new RegExpMatcher({
      ...dataset,
      whitelistedTerms: [...(dataset.whitelistedTerms ?? []), ...ALLOWED_TERMS],
      ...englishRecommendedTransformers,
    });
  }
  return matcher;
}

/**
 * Single letters spelled apart ("f u c k", "f.u.c.k", "f-u-c-k"), joined back into a word. The recommended
 * transformers leave spacing alone (obscenity issues #23 and #46: skipping it would join ordinary words), so only
 * runs of three or more lone letters are joined; "a.m." and "e.g." become "am" and "eg".
 */
const SPELLED_APART = /(?<![\p{L}\p{N}])\p{L}(?:[\s.\-_*]+\p{L}(?![\p{L}\p{N}])){2,}/gu;

function hasRefusedWord(text: string) {
  const joined = text.replace(SPELLED_APART, (run) => run.replace(/[^\p{L}]/gu, ""));
  return wordMatcher().hasMatch(text) || (joined !== text && wordMatcher().hasMatch(joined));
}

/** A full stop, and the dots that look like one (ideographic, full-width, halfwidth, one-dot leader). */
const DOT = "[.\\u3002\\uFF0E\\uFF61\\u2024]";
/** One part of a domain name: letters, digits and inner hyphens. */
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?";
/** Endings a spammer's address has: the common ones, the cheap ones and the link shorteners'. */
const TLDS = "com|net|org|io|co|ru|xyz|top|info|biz|click|link|app|dev|me|ly|gg|tk";
/** The same, without the ones that are English words ("polka dot top", "the dot app"). */
const SPELLED_TLDS = "com|net|org|io|co|ru|xyz|info|biz|ly|gg|tk";

/** A scheme (http://, https://, ftp://, hxxp://) or www. */
const SCHEME_OR_WWW = new RegExp(`(?<![\\p{L}\\p{N}])(?:[a-z][a-z0-9+.-]*:\\/\\/|www${DOT})`, "iu");
/**
 * "example.com", "shop.example.co.uk", "bit.ly/x", "example.de/path": a name ending in one of the endings above, or
 * in any two letters followed by a slash. "5.2km", "Week 3." and "end of sentence.Next" end in no such thing.
 */
const DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}])${LABEL}(?:${DOT}${LABEL})*${DOT}(?<tld>(?:${TLDS})(?![\\p{L}\\p{N}])|\\p{L}{2}(?=\\/))`,
  "giu",
);
/** "example dot com": the word spelled out between spaces, before an ending that is no English word. */
const SPELLED_DOMAIN = new RegExp(`(?<![\\p{L}\\p{N}])${LABEL}\\s+dot\\s+(?:${SPELLED_TLDS})(?![\\p{L}\\p{N}])`, "iu");
/** "example[.]com", "example(dot)com", "example . com": a dot wrapped or spaced so it is not seen as one. */
const WRAPPED_DOT = new RegExp(`\\s*[([{<]\\s*(?:${DOT}|dot)\\s*[)\\]}>]\\s*|\\s+${DOT}\\s+`, "giu");

/**
 * A dot straight before a capitalised word ("It was done.Me next", "the summit.Top of the world") is a missing
 * space between two sentences, not a domain: only an ending written all in lower or all in upper case counts.
 */
function isDomainEnding(tld: string) {
  return tld === tld.toLowerCase() || tld === tld.toUpperCase();
}

function hasLink(text: string) {
  const unwrapped = text.replace(WRAPPED_DOT, ".");
  if (SCHEME_OR_WWW.test(unwrapped) || SPELLED_DOMAIN.test(text)) return true;
  return Array.from(unwrapped.matchAll(DOMAIN)).some((match) => isDomainEnding(match.groups?.tld ?? ""));
}

/** The message for the first problem with a post's or comment's text (a refused word, then a link), or null. */
export function communityTextProblem(text: string): string | null {
  if (hasRefusedWord(text)) return communityTextMessages.slur;
  if (hasLink(text)) return communityTextMessages.link;
  return null;
}

function withCommunityRules(schema: ReturnType<typeof userText>) {
  return schema.transform((text, ctx) => {
    const problem = communityTextProblem(text);
    if (!problem) return text;
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  });
}

/** A post's few words about his win: optional (empty is kept as ""), several lines allowed. */
export const postTextSchema = withCommunityRules(
  userText({ max: POST_TEXT_MAX, min: 0, multiline: true, printable: true }),
);

/** A comment: required, several lines allowed. */
export const commentTextSchema = withCommunityRules(
  userText({ max: COMMENT_TEXT_MAX, multiline: true, printable: true }),
);
