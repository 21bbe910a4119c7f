import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import topLevelDomains from "tlds" with { type: "json" };
import { z } from "zod";
import { userText } from "../text.ts";
import { hasControlCharacter, hasInvisibleCharacter } from "../text-rules.ts";
import { COMMENT_TEXT_MAX, POST_TEXT_MAX, SHARED_CHALLENGE_TITLE_MAX, SHARED_MILESTONE_TEXT_MAX } from "./rules.ts";

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
 * Why a win cannot be shared as it is (decision 0145): what a shared post shows of his plan (the milestone's words, the
 * challenge's title) follows the rules of a post's own words, and the message names the text to change and where.
 */
const winTextMessages = (text: string, change: string, max: number) =>
  ({
    link: `Links aren't allowed in the community, and ${text} has one. ${change}, then share it.`,
    slur: `Please keep it respectful: ${text} contains a word we don't allow in the community. ${change}, then share it.`,
    invisible: `Please use visible characters only: ${text} has invisible characters or line separators. ${change}, then share it.`,
    tooLong: `Please keep ${text} under ${max} characters. ${change}, then share it.`,
  }) as const;

export const sharedWinMessages = {
  milestone: winTextMessages(
    "this milestone's text",
    "Edit the milestone on your dashboard",
    SHARED_MILESTONE_TEXT_MAX,
  ),
  challenge: winTextMessages("this challenge's title", "Change the challenge's title", SHARED_CHALLENGE_TITLE_MAX),
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
/**
 * Every top-level domain IANA lists (the `tlds` package, 1,400+, kept up to date by its maintainers), lower case,
 * internationalised ones in their own script ("рф").
 */
const TOP_LEVEL_DOMAINS: ReadonlySet<string> = new Set(topLevelDomains);
/**
 * The two-letter (country) endings that count without a path: the ones link shorteners, spam and chat invites use.
 * Other two-letter endings are English words ("so", "to", "in", "at", "me" aside) and count only before a slash.
 */
const COUNTRY_ENDINGS = new Set(
  "co io me ly gg tk ru cc ai tv ws pw su cn ml ga cf gq uk".split(" ").filter((tld) => TOP_LEVEL_DOMAINS.has(tld)),
);
/** The endings that count when spelled out or after a spaced dot: none of them is an English word. */
const SPELLED_TLDS = "com|net|org|io|co|ru|xyz|info|biz|ly|gg|tk";

/** A scheme (http://, https://, ftp://, hxxp://) or www. */
const SCHEME_OR_WWW = new RegExp(`(?<![\\p{L}\\p{N}])(?:[a-z][a-z0-9+.-]*:\\/\\/|www${DOT})`, "iu");
/** A name with at least one dot: "example.com", "shop.example.co.uk", "5.2km", "e.g". Its parts are judged below. */
const DOTTED_NAME = new RegExp(`(?<![\\p{L}\\p{N}])${LABEL}(?:${DOT}${LABEL})+`, "gu");
const DOT_SPLIT = new RegExp(DOT, "u");
/** "example. com": a dot with spaces after it, before an ending that is no English word. */
const SPACED_DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}])${LABEL}${DOT}[ \\t]+(?<tld>${SPELLED_TLDS})(?![\\p{L}\\p{N}-])`,
  "giu",
);
/** "example dot com": the word spelled out between spaces, before an ending that is no English word. */
const SPELLED_DOMAIN = new RegExp(`(?<![\\p{L}\\p{N}])${LABEL}\\s+dot\\s+(?:${SPELLED_TLDS})(?![\\p{L}\\p{N}])`, "iu");
/** "example[.]com", "example(dot)com", "example . com": a dot wrapped or spaced so it is not seen as one. */
const WRAPPED_DOT = new RegExp(`\\s*[([{<]\\s*(?:${DOT}|dot)\\s*[)\\]}>]\\s*|\\s+${DOT}\\s+`, "giu");
/** An IPv4 address: four numbers of 0 to 255 ("203.0.113.7", with or without a path). */
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IP_ADDRESS = new RegExp(`(?<![\\p{L}\\p{N}.])${OCTET}(?:\\.${OCTET}){3}(?!\\p{N}|\\.\\p{N})`, "u");

/**
 * A dot straight before a capitalised word ("It was done.Me next", "the summit.Top of the world") is a missing space
 * between two sentences, not a domain. Any other spelling counts: "com", "COM", "cOm".
 */
function isSentenceStart(word: string) {
  return /^\p{Lu}\p{Ll}+$/u.test(word);
}

/** The part of a name after a dot that makes it an address: a top-level domain, an IDN ("xn--…"), or a path. */
function isDomainEnding(label: string, beforeSlash: boolean) {
  if (isSentenceStart(label)) return false;
  const ending = label.toLowerCase();
  if (ending.startsWith("xn--")) return true;
  const listed = TOP_LEVEL_DOMAINS.has(ending);
  // "laufen.de/angebot": any two letters, or a listed ending, followed by a path.
  if (beforeSlash && (listed || /^\p{L}{2}$/u.test(ending))) return true;
  return listed && (ending.length > 2 || COUNTRY_ENDINGS.has(ending) || /[^a-z]/.test(ending));
}

/** Characters that draw nothing: zero-width ones, joiners, variation selectors, bidi controls, soft hyphens, tags. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Dots drawn in the middle of the line (middle dot, bullets, hyphenation point, dot operator), between characters. */
const MIDDLE_DOT = /(?<=\S)[\u00B7\u2022\u2027\u2219\u22C5\uA4F8](?=\S)/gu;
/**
 * Letters of other scripts drawn like Latin ones (a selection of Unicode's confusables: Cyrillic, Greek, Armenian,
 * IPA), so "example.сom" with a Cyrillic "с" reads as "example.com".
 */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ["аɑα", "a"],
    ["АΑ", "A"],
    ["ВΒ", "B"],
    ["сϲ", "c"],
    ["СϹ", "C"],
    ["ԁ", "d"],
    ["е", "e"],
    ["ЕΕ", "E"],
    ["ɡ", "g"],
    ["һհ", "h"],
    ["НΗ", "H"],
    ["іıι", "i"],
    ["ІΙӀ", "I"],
    ["ј", "j"],
    ["Ј", "J"],
    ["кκ", "k"],
    ["КΚ", "K"],
    ["ӏ", "l"],
    ["МΜ", "M"],
    ["ոη", "n"],
    ["Ν", "N"],
    ["оοօ", "o"],
    ["ОΟՕ", "O"],
    ["рρ", "p"],
    ["РΡ", "P"],
    ["ԛ", "q"],
    ["Ԛ", "Q"],
    ["ѕ", "s"],
    ["Ѕ", "S"],
    ["ТΤ", "T"],
    ["υս", "u"],
    ["ν", "v"],
    ["ԝ", "w"],
    ["Ԝ", "W"],
    ["хχ", "x"],
    ["ХΧ", "X"],
    ["уү", "y"],
    ["УҮΥ", "Y"],
    ["Ζ", "Z"],
  ].flatMap(([from = "", to = ""]) => Array.from(from, (char) => [char, to])),
);
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "gu");

/**
 * The text as it reads, for finding links (never stored): compatibility forms folded (NFKC: "ｃｏｍ", "﹒", "𝐜𝐨𝐦"),
 * invisible characters dropped ("example\u200D.com", "example.c\uFE0Fom") and middle dots read as full stops.
 */
function asRead(text: string) {
  return text.normalize("NFKC").replace(INVISIBLE, "").replace(MIDDLE_DOT, ".");
}

function findsLink(text: string) {
  const unwrapped = text.replace(WRAPPED_DOT, ".");
  if (SCHEME_OR_WWW.test(unwrapped) || SPELLED_DOMAIN.test(text) || IP_ADDRESS.test(unwrapped)) return true;
  for (const match of text.matchAll(SPACED_DOMAIN)) {
    if (!isSentenceStart(match.groups?.tld ?? "")) return true;
  }
  for (const match of unwrapped.matchAll(DOTTED_NAME)) {
    const labels = match[0].split(DOT_SPLIT);
    const beforeSlash = unwrapped[match.index + match[0].length] === "/";
    if (labels.some((label, i) => i > 0 && isDomainEnding(label, beforeSlash && i === labels.length - 1))) {
      return true;
    }
  }
  return false;
}

/**
 * A link in the text as a reader sees it, in its own script ("сайт.рф") or with look-alike letters read as Latin
 * ("example.сom"). Decisions 0133 and 0145.
 */
function hasLink(text: string) {
  const read = asRead(text);
  return findsLink(read) || findsLink(read.replace(LOOKALIKE, (char) => LOOKALIKES[char] ?? char));
}

/** The message for the first problem with a post's or comment's text (a refused word, then a link), or null. */
export function communityTextProblem(text: string): string | null {
  if (hasRefusedWord(text)) return communityTextMessages.slur;
  if (hasLink(text)) return communityTextMessages.link;
  return null;
}

/**
 * The message for the first problem with what a shared win shows of his plan, or null: the milestone's words, then
 * the challenge's title, each checked as a post's own words are (invisible characters, refused words, links) and for
 * length. Decision 0145.
 */
export function sharedWinProblem(win: { milestoneText: string; challengeTitle: string }): string | null {
  const parts = [
    { text: win.milestoneText, max: SHARED_MILESTONE_TEXT_MAX, messages: sharedWinMessages.milestone },
    { text: win.challengeTitle, max: SHARED_CHALLENGE_TITLE_MAX, messages: sharedWinMessages.challenge },
  ];
  for (const { text, max, messages } of parts) {
    if (hasControlCharacter(text, true) || hasInvisibleCharacter(text)) return messages.invisible;
    if (text.trim().length > max) return messages.tooLong;
    const problem = communityTextProblem(text);
    if (problem === communityTextMessages.slur) return messages.slur;
    if (problem === communityTextMessages.link) return messages.link;
  }
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
