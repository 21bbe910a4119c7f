import nlp from "compromise";
import type { Answer } from "../schema.ts";
import { raceOf, type Sport, sportOf, type Tried, triedOf, type When, whenOf } from "./read-life.ts";
import { splitTimeTail } from "./text.ts";

/**
 * What the offline generator understands from the five answers: facts, each already turned into second person, plus
 * the whole sentences it may quote. Nothing here is guessed: a fact the answers do not contain stays null or empty.
 * One job in one file, over 400 lines: the readers of the five answers share their word lists and clause rules.
 */
export type Facts = {
  /** The five answers in question order, cleaned (emoji removed, capitals lowered). */
  texts: string[];
  /** Per answer: written in English (false for German and other languages, which are quoted, never rewritten). */
  english: boolean[];
  /** Per answer: its sentences, whole, as he wrote them. */
  sentences: string[][];
  screen: {
    /** He described a screen habit in answer 1 (a phone, an app, scrolling, series…). */
    described: boolean;
    apps: string[];
    /** Hours he gave, either as a number or as a clock window ("8 pm to midnight" → 4). */
    hours: number | null;
    /** The clock window as he gave it, e.g. "until midnight", "8 pm to midnight". */
    window: string | null;
  };
  /** What he wants to build or master, as an infinitive phrase in second person: "learn Spanish". */
  goal: string | null;
  /** How long he has wanted it, in his words ("for years", "since you were twenty"), kept off titles. */
  goalSince: string | null;
  goalKind: GoalKind;
  /**
   * What stops him in second person: a whole clause ("you don't own proper tools") or a noun phrase ("late closings
   * at work"), as `obstacleForm` says, so each gets a frame it reads right in.
   */
  obstacle: string | null;
  obstacleForm: "clause" | "noun";
  obstacleKind: ObstacleKind;
  /** What he is good at / was proud of, a whole clause in second person. */
  strength: string | null;
  /** His regret, a whole clause in second person: "that you never called your father". */
  regret: string | null;
  /** The picture of the future, a whole clause in second person. */
  future: string | null;
  /** People he actually named with "my"/"our", second person ("your father"), once per answer naming them. */
  people: Array<{ who: string; answer: number; wanted: boolean }>;
  /** When his phone takes his time (answer 1). */
  when: When;
  /** The sport he names, the race he names as a target. */
  sport: Sport | null;
  race: ReturnType<typeof raceOf>;
  /** What he says he already did or tried. */
  tried: Tried;
};

export type GoalKind =
  | "language"
  | "music"
  | "craft"
  | "business"
  | "writing"
  | "fitness"
  | "study"
  | "money"
  | "faith"
  | "visual"
  | "outdoors"
  | "career"
  | "general";
type ObstacleKind = "tools" | "money" | "time" | "fear" | "boredom" | "knowhow" | "tired" | "other" | "none";

const APPS: Array<[RegExp, string]> = [
  [/\binsta(gram)?\b|\breels?\b/i, "Instagram"],
  [/\btik ?tok\b/i, "TikTok"],
  [/\byou ?tube\b|\bshorts\b/i, "YouTube"],
  [/\breddit\b/i, "Reddit"],
  [/\bnetflix\b/i, "Netflix"],
  [/\btwitter\b|\bx\.com\b/i, "X"],
  [/\bsnap(chat)?\b/i, "Snapchat"],
  [/\bfacebook\b/i, "Facebook"],
  [/\btwitch\b/i, "Twitch"],
  [/\bwhats ?app\b/i, "WhatsApp"],
  [/\blinkedin\b/i, "LinkedIn"],
  [/\b(video ?games?|gaming|playstation|xbox|fortnite|fifa|call of duty)\b/i, "games"],
];
const SCREEN_WORDS =
  /\b(phone|handy|smartphone|screen|scroll\w*|feeds?|apps?|tv|telly|series|shows|videos?|streams?|news|online|internet|games?|gaming|laptop|netflix|youtube|instagram|tiktok|reddit)\b/i;

const PEOPLE: Array<[RegExp, string]> = [
  [/\bwife\b/i, "your wife"],
  [/\bhusband\b/i, "your husband"],
  [/\bgirlfriend\b/i, "your girlfriend"],
  [/\bboyfriend\b/i, "your boyfriend"],
  [/\bpartner\b/i, "your partner"],
  [/\b(kids|children)\b/i, "your kids"],
  [/\bdaughters?\b/i, "your daughter"],
  [/\bsons?\b/i, "your son"],
  [/\b(dad|father|papa)\b/i, "your father"],
  [/\b(mum|mom|mother|mama)\b/i, "your mother"],
  [/\bbrothers?\b/i, "your brother"],
  [/\bsisters?\b/i, "your sister"],
  [/\b(grandma|grandmother|granny|nan)\b/i, "your grandmother"],
  [/\b(grandpa|grandfather|granddad)\b/i, "your grandfather"],
  [/\bgrandparents\b/i, "your grandparents"],
  [/\bgrand(children|kids)\b/i, "your grandchildren"],
  [/\b(friends?|mates|buddies)\b/i, "your friends"],
  [/\bfamily\b/i, "your family"],
];

const GOAL_KINDS: Array<[GoalKind, RegExp]> = [
  [
    "language",
    /\b(spanish|german|french|italian|japanese|chinese|mandarin|portuguese|arabic|russian|korean|english|language)\b/i,
  ],
  ["music", /\b(guitar|piano|drums?|bass|violin|sing\w*|songs?|band|music|instrument|beats|dj)\b/i],
  [
    "craft",
    /\b(wood\w*|furniture|carpent\w*|tables?|chairs?|cabin|treehouse|restor\w*|motorbike|motorcycle|engine|garden\w*|workshop|weld\w*|renovat\w*|boat)\b/i,
  ],
  [
    "business",
    /\b(business|company|startup|studio|shop|store|restaurant|caf[eé]|bakery|freelanc\w*|clients?|customers?|sell\w*|brand|app)\b/i,
  ],
  ["writing", /\b(write|writing|book|novel|blog|stories|poems?|screenplay|newsletter)\b/i],
  [
    "fitness",
    /\b(marathon|run(ning)?|gym|fit|fitness|weight|muscle|lift\w*|boxing|bjj|jiu|triathlon|cycling|ride|riding|alpine|swim\w*|football|soccer|climb\w*|sport)\b/i,
  ],
  ["study", /\b(degree|study|course|exam|university|college|certificat\w*|code|coding|program\w*|master'?s)\b/i],
  ["money", /\b(money|debt|sav(e|ing)|invest\w*|budget|mortgage|financ\w*)\b/i],
  ["faith", /\b(faith|god|church|pray\w*|bible|mosque|quran|spiritual\w*)\b/i],
  ["visual", /\b(draw\w*|paint\w*|photo\w*|film\w*|design\w*|art|camera|animation|illustrat\w*)\b/i],
  ["outdoors", /\b(travel\w*|hik\w*|mountains?|camp\w*|sail\w*|surf\w*|trip|backpack\w*)\b/i],
  ["career", /\b(career|promotion|job|manager|leader\w*|position|raise|nurse|teacher|electrician|apprentice\w*)\b/i],
];

const OBSTACLE_KINDS: Array<[ObstacleKind, RegExp]> = [
  ["tools", /\b(tools?|equipment|workshop|space|gear|machine)\b/i],
  ["money", /\b(money|afford|expensive|broke|cost\w*)\b/i],
  ["time", /\b(time|busy|shifts?|work(ing)? (late|long)|hours)\b/i],
  ["fear", /\b(afraid|fear|scared|nervous|embarrass\w*|judg\w*|fail\w*|good enough)\b/i],
  ["boredom", /\b(bored|boring|give up|quit|lose interest|motivation)\b/i],
  ["knowhow", /\b(how to start|where to start|don'?t know how|no idea|overwhelm\w*)\b/i],
  ["tired", /\b(tired|exhausted|energy|drained)\b/i],
];

const GERMAN =
  /\b(ich|und|nicht|mein(e|en|er)?|der|die|das|ist|zu|mit|auf|abends|immer|habe|wäre|mehr|meiner|zeit)\b/gi;
const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu;

/** Cleans what would make a sentence unreadable inside ours: emoji, shouting, stray quotes and spacing. */
function clean(text: string): string {
  let t = text
    .replace(EMOJI, " ")
    .replace(/[“”„"]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  const letters = t.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 4 && letters === letters.toUpperCase()) {
    t = t.toLowerCase().replace(/\bi\b/g, "I").replace(/\bi'/g, "I'");
    t = t.replace(/(^|[.!?]\s+)(\p{L})/gu, (_, lead: string, c: string) => lead + c.toUpperCase());
  }
  return t.replace(/\s+([.,!?])/g, "$1");
}

function isEnglish(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const german = text.match(GERMAN)?.length ?? 0;
  return !(/[äöüß]/i.test(text) || german / words.length > 0.2);
}

function sentencesOf(text: string): string[] {
  if (!text) return [];
  // Tokenising alone splits sentences (abbreviations included) without the cost of full tagging.
  return (nlp.tokenize(text).out("array") as string[]).map((s) => s.trim()).filter(Boolean);
}

/** First person (singular and plural) to second person. Works on whole clauses only, so grammar stays intact. */
export function toSecondPerson(clause: string): string {
  return (
    clause
      .replace(/\bI am\b/g, "you are")
      // Chat spelling: "im scared" is "I'm scared".
      .replace(/\bim\b/g, "you're")
      .replace(/\bI'm\b/gi, "you're")
      .replace(/\bI was\b/g, "you were")
      .replace(/\bI wasn'?t\b/g, "you weren't")
      .replace(/\bI've\b/gi, "you've")
      .replace(/\bI'd\b/gi, "you'd")
      .replace(/\bI'll\b/gi, "you'll")
      .replace(/\bI\b/g, "you")
      // Lower case only: "the US" is a country, not "us".
      .replace(/\b(we|We|us)\b/g, "you")
      .replace(/\bwe're\b/gi, "you're")
      .replace(/\b(my|our)\b/gi, "your")
      .replace(/\b(My|Our)\b/g, "Your")
      .replace(/\bmine\b/gi, "yours")
      .replace(/\bours\b/gi, "yours")
      .replace(/\b(myself|ourselves)\b/gi, "yourself")
      .replace(/\bme\b/gi, "you")
      // "I really am" → "you really are", but "until 1 am" is a time and keeps its "am".
      .replace(/(?<!\d\s*)\bam\b/g, "are")
      .replace(/\byou is\b/g, "you are")
  );
}

/** A clause we can put inside our own sentence: no final punctuation, lower-case start (unless a name or "I"). */
function asClause(text: string): string {
  const t = text.replace(/[.!?…]+$/, "").trim();
  const first = t.split(" ")[0] ?? "";
  const keepCase = /^[A-Z]{2,}$|^I\b/.test(first) || nlp(first).has("#ProperNoun");
  return keepCase ? t : t.charAt(0).toLowerCase() + t.slice(1);
}

const MAX_CLAUSE_WORDS = 22;
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

/** The first whole sentence of an English answer, in second person, or null when it is too long to use whole. */
function firstClause(sentences: string[], prefer?: RegExp): string | null {
  const pool = prefer ? [...sentences.filter((s) => prefer.test(s)), ...sentences] : sentences;
  for (const s of pool) {
    // Split only at real clause boundaries (semicolon, ", but", ", and then"); never inside a phrase.
    for (const part of s.split(/;\s+|,\s+(?=but\b|and then\b)/)) {
      if (words(part) >= 1 && words(part) <= MAX_CLAUSE_WORDS) return toSecondPerson(asClause(part));
    }
  }
  return null;
}

function clockHour(token: string): number | null {
  const t = token.toLowerCase().trim();
  if (t === "midnight") return 24;
  if (t === "noon") return 12;
  const m = t.match(/^(\d{1,2})(?::\d{2})?\s*(am|pm)?$/);
  if (!m) return null;
  let h = Number(m[1]);
  if (m[2] === "pm" && h < 12) h += 12;
  if (m[2] === "am" && h === 12) h = 24;
  if (m[2] === "am" && h < 7) h += 24; // 2am after an evening is the same night
  return h;
}

function readHours(text: string): { hours: number | null; window: string | null } {
  const direct = text.match(
    /\b(\d{1,2}(?:[.,]5)?|one|two|three|four|five|six|seven|eight)\s*(?:\+\s*)?(?:hours?|hrs?|h)\b/i,
  );
  const numbers: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 };
  const span = text.match(
    /\b(?:from\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)?|midnight)\s*(?:to|till|until|-|–)\s*(\d{1,2}(?::\d{2})?\s*(?:am|pm)?|midnight)\b/i,
  );
  let window: string | null = null;
  let hours: number | null = null;
  if (span?.[1] && span[2] && /am|pm|midnight|:/.test(span[0])) {
    window = span[0].replace(/^from\s+/i, "");
    const start = clockHour(span[1]);
    let end = clockHour(span[2]);
    if (start !== null && end !== null) {
      const startH = start < 12 && /pm/i.test(span[2]) ? start + 12 : start;
      if (end <= startH) end += 12;
      if (end - startH > 0 && end - startH <= 10) hours = end - startH;
    }
  } else {
    const until = text.match(/\buntil\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)|midnight)\b/i);
    if (until) window = until[0];
  }
  if (direct?.[1]) hours = Number(direct[1].replace(",", ".")) || numbers[direct[1].toLowerCase()] || hours;
  return { hours, window };
}

/** "I always wanted to learn Spanish but…" → "learn Spanish"; "putting off learning guitar" → "learn guitar". */
function readGoal(sentences: string[]): string | null {
  // A short answer that is itself an infinitive phrase ("Learn to swim.", "Build my own table") is the goal.
  const only = sentences.length === 1 ? (sentences[0] ?? "").replace(/[.!?]+$/, "") : "";
  if (only && words(only) <= 8 && nlp(only).match("^#Infinitive").found && !/^(i|my|nothing|not)\b/i.test(only)) {
    return toSecondPerson(asClause(only.split(/,\s+/)[0] ?? only));
  }
  for (const sentence of sentences) {
    const s = sentence.replace(/\bwanna\b/gi, "want to");
    const head = s.split(/,?\s+\b(?:but|because|though|although|yet)\b|[;.!?]/i)[0] ?? "";
    const m =
      head.match(
        /\b(?:want(?:ed)?|wish(?:ed)?|plan(?:ned)?|hope[ds]?|dream(?:ed)? of|always meant|would love|'d love)\s+to\s+(.+)$/i,
      ) ??
      head.match(
        /\b(?:putting off|put off|never got round to|never got around to|dream(?:ed)? of|thinking about)\s+(.+)$/i,
      );
    if (m?.[1] && words(m[1]) <= 12) {
      let raw = (m[1].split(/,\s+/)[0] ?? m[1]).split(/\s+(?:like I|like we|as I|when I|so that)\b/i)[0] ?? m[1];
      if (/^\w+ing\b/i.test(raw)) {
        // "putting off learning guitar" → "learn guitar"; only a gerund needs the tagger.
        const doc = nlp(raw);
        doc.verbs().toInfinitive();
        raw = doc.text();
      }
      const phrase = toSecondPerson(asClause(raw));
      // "get back to it" names nothing: the kind of goal still comes from his sentence.
      if (phrase && !/(^|\s)(it|that|this|them)$/i.test(phrase) && words(splitTimeTail(phrase).core) >= 2)
        return phrase;
    }
  }
  return null;
}

function readObstacle(text: string, sentences: string[]): string | null {
  const m = text.match(
    /\b(?:but|because(?: of)?|what stops me is|what stops me:?|the problem is|stopping me is)\s+(.+?)(?:[.!?]|$)/i,
  );
  if (m?.[1] && words(m[1]) >= 2 && words(m[1]) <= MAX_CLAUSE_WORDS) {
    return toSecondPerson(asClause(m[1].replace(/^(that|is|of)\s+/i, "").replace(/\s+(lol|haha|lmao|tbh)$/i, "")));
  }
  const hint = sentences.slice(1).find((s) => OBSTACLE_KINDS.some(([, re]) => re.test(s)));
  return hint && words(hint) <= MAX_CLAUSE_WORDS ? toSecondPerson(asClause(hint)) : null;
}

/** A clause without a subject and verb ("football on Sundays") cannot follow "you said"; it is quoted instead. */
function withVerb(clause: string | null): string | null {
  return clause && words(clause) >= 3 && /\byou\b/i.test(clause) && nlp(clause).has("#Verb") ? clause : null;
}

export function readAnswers(answers: Answer[]): Facts {
  const texts = [0, 1, 2, 3, 4].map((i) => clean(answers[i]?.answer ?? ""));
  const english = texts.map(isEnglish);
  const sentences = texts.map(sentencesOf);
  const [time = "", , goalText = ""] = texts;
  const en = (i: number) => english[i] === true;

  const apps = en(0) ? APPS.filter(([re]) => re.test(time)).map(([, name]) => name) : [];
  const described = en(0)
    ? SCREEN_WORDS.test(time) || apps.length > 0
    : /\b(handy|handys|phone|instagram|tiktok|youtube|netflix)\b/i.test(time);
  const { hours, window } = described ? readHours(time) : { hours: null, window: null };

  const read = en(2) ? splitTimeTail(readGoal(sentences[2] ?? []) ?? "") : { core: "", tail: null };
  const goal = read.core || null;
  // The kind comes from the goal, never from what stops him ("my English is not so good" is not a language goal).
  const goalHead = goalText.split(/,?\s+\b(?:but|because|though|although)\b|\bwhat stops me\b/i)[0] ?? "";
  const goalSource = goal ?? (en(2) ? goalHead : "");
  // Reading books is not writing one.
  const goalKind = /^read\b/i.test(goalSource)
    ? "general"
    : (GOAL_KINDS.find(([, re]) => re.test(goalSource))?.[0] ?? "general");
  const obstacle = en(2) ? readObstacle(goalText, sentences[2] ?? []) : null;
  const obstacleKind = obstacle ? (OBSTACLE_KINDS.find(([, re]) => re.test(obstacle))?.[0] ?? "other") : "none";
  const tried = triedOf(texts);

  const people: Facts["people"] = [];
  texts.forEach((text, answer) => {
    if (!en(answer)) return;
    for (const [re, who] of PEOPLE) {
      const owned = new RegExp(`\\b(my|our)\\s+(?:[a-z]+\\s+){0,2}?(?:${re.source.replace(/\\b/g, "")})\\b`, "i");
      if (owned.test(text) && !people.some((p) => p.who === who && p.answer === answer)) {
        const wish = new RegExp(
          `\\b(more time|time|be there|spend\\w*)\\s+(with|for)\\s+(my|our)\\s+(?:[a-z]+\\s+){0,2}?(?:${re.source.replace(/\\b/g, "")})\\b`,
          "i",
        );
        people.push({ who, answer, wanted: wish.test(text) });
      }
    }
  });

  return {
    texts,
    english,
    sentences,
    screen: { described, apps: apps.slice(0, 3), hours, window },
    goal: goal ?? goalFromKind(goalKind, goalText, tried),
    goalSince: goal ? read.tail : null,
    goalKind,
    obstacle,
    obstacleForm:
      obstacle &&
      /^you\b|\byou (\w+ )?(are|do|don't|can't|never|always|get|give|keep|have|think|feel)\b/i.test(obstacle)
        ? "clause"
        : "noun",
    obstacleKind,
    strength: withVerb(en(3) ? firstClause(sentences[3] ?? [], /\bgood (at|with)\b|\bproud\b/i) : null),
    // One or two words ("Einsamkeit.", "My health.") read better quoted than rewritten.
    regret: en(4) && words(texts[4] ?? "") >= 3 ? firstClause(sentences[4] ?? []) : null,
    future: withVerb(en(1) ? firstClause(sentences[1] ?? []) : null),
    people,
    when: whenOf(en(0) ? time : ""),
    sport: sportOf(texts.map((t, i) => (en(i) ? t : ""))),
    race: raceOf(texts.map((t, i) => (en(i) ? t : ""))),
    tried,
  };
}

/**
 * A goal he did not phrase as a wish but plainly has: a guitar he bought and never learned is "learn the guitar".
 * Only where the instrument or language is named, so nothing is guessed.
 */
function goalFromKind(kind: GoalKind, text: string, tried: Tried): string | null {
  if (tried.failedBefore) return `start a ${tried.failedBefore.toLowerCase()} again`;
  const instrument = text.match(/\b(guitar|piano|drums|bass|violin|ukulele|saxophone|trumpet)\b/i)?.[1];
  if (kind === "music" && instrument && tried.ownsInstrument) return `learn the ${instrument.toLowerCase()}`;
  const language = text.match(
    /\b(spanish|german|french|italian|japanese|chinese|portuguese|arabic|russian|korean)\b/i,
  )?.[1];
  if (kind === "language" && language)
    return `learn ${language.charAt(0).toUpperCase()}${language.slice(1).toLowerCase()}`;
  return null;
}

/** An answer that says nothing he could be quoted on: "Nothing special.", "idk", "Not sure.". "Cooking." is an answer. */
export function isNonAnswer(text: string): boolean {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!?…]+$/, "");
  if (!t) return true;
  return /^(nothing( (special|really|much))?|not (sure|really|much)|idk|i don'?t know|dunno|no idea|none|same|n\/a|-+|no|nope|not much|nothing at all)$/.test(
    t,
  );
}
