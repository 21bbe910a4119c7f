import { defaultReplanDays, type ReplanReason } from "#shared/replan/rules.ts";
import type { ReplanInput, ReplanOutput } from "../schema.ts";
import { milestoneActions, sentence } from "./todos.ts";

/**
 * Re-plans that shrink (issue 54, decision 0156): a missed step comes back with one amount halved, its count when it
 * has one ("three runs" → "one run", the minutes of each kept) else its size or its span, a named race as a run of
 * half its distance; or, when it names no amount, limited to its first half; never the same step under a kinder
 * heading.
 *
 * One job in one file, over 400 lines: the frames and the halving rules are one table of English, read together.
 */

/** How the halved step is framed, by what got in the way. */
const FRAME: Record<ReplanReason, string> = {
  no_time: "In two short sessions",
  too_big: "Half the size for now",
  motivation: "One easy start",
  health: "Gently, once you feel ready",
  other: "A smaller step",
};

/** The same frames for a step with no amount to halve: the first half of it is what makes it smaller. */
const HALF_FRAME: Record<ReplanReason, string> = {
  no_time: "Only the first half, in two short sessions",
  too_big: "Only the first half for now",
  motivation: "Only the first half, as one easy start",
  health: "Only the first half, gently, once you feel ready",
  other: "Only the first half, as a smaller step",
};

/** What he does first, by what got in the way; `{challenge}` is the challenge's title. */
const FIRST: Record<ReplanReason, string> = {
  no_time: "Block two 30-minute slots in your calendar for this step, on days you know are free",
  too_big: "Write down the smallest version of this step that you could finish in one sitting",
  motivation: "Write one line on why “{challenge}” matters to you and put it where you will see it every day",
  health: "Pick the first day you expect to feel ready and put a short, easy session in your calendar",
  other: "Write down one thing you will do differently this time",
};

/** The second todo when the step names nothing countable to start on: a first session, booked. */
const START: Record<ReplanReason, string> = {
  no_time: "Use the first of those two slots to make a start on this step",
  too_big: "Book the first session for this step: a day, a time and a place",
  motivation: "Book the first session for this step: a day, a time and a place",
  health: "Book the first session for this step: a day, a time and a place",
  other: "Book the first session for this step: a day, a time and a place",
};

/**
 * When he had no time and the step is one effort or counts one or two ("run once", "one faster session", "run 10.5
 * km"), "in two short sessions" contradicts it, and two 30-minute slots do not fit it: these frame it instead.
 */
const FIT_FRAME = "To fit the time you have";
const FIT_HALF_FRAME = "Only the first half, to fit the time you have";
const FIT_FIRST = "Pick one thing you will leave out of your evenings this week to make room for this step";
/** A count of one or two sessions, runs or times, or "a" single one of them. */
const FEW =
  /\b(?:once|twice)\b|\b(?:a|an|one|two|1|2)\s+(?:[\w-]+\s+){0,2}?(?:sessions?|runs?|times|rides?|swims?|workouts?|classes?|match(?:es)?|races?|conversations?|calls?)\b/i;
/** A run, ride or swim is done in one go; it does not split into two short sessions. */
const ONE_EFFORT = /^(?:run|jog|ride|cycle|swim|row|hike|build your long run)\b/i;

const CHECK_IN = "When it is done, tick it off here and tell yourself what the next step is";

/** Extra days on top of the milestone's usual step, so a sick week or a full calendar gets room. */
const EXTRA_DAYS: Record<ReplanReason, number> = { no_time: 2, too_big: 0, motivation: 0, health: 3, other: 0 };

/** The prefix of the first todo when it quotes him; the quote gets what is left of a todo's length. */
const NOTE_LEAD = "Plan around what got in the way: ";
/** `sentence()` cuts a todo at 190 characters: the lead, the two quote marks and a full stop must fit with his line. */
const NOTE_ROOM = 190 - NOTE_LEAD.length - 3;

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function wordValue(word: string): number | null {
  const w = word.toLowerCase();
  if (w === "twice") return 2;
  const [tens, ones] = w.split("-");
  const t = TENS.indexOf(tens ?? "");
  if (t >= 2) return t * 10 + (ones ? ONES.indexOf(ones) : 0);
  const o = ONES.indexOf(w);
  return o >= 1 ? o : null;
}

function inWords(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ""}`;
  return String(n);
}

const WORD_NUMBER = `(?:(?:${TENS.slice(2).join("|")})(?:-(?:${ONES.slice(1, 10).join("|")}))?|${ONES.slice(1).join("|")}|twice)`;
/** A number as digits (with a unit stuck to it, "5km", "10pm") or as a word, and any "-minute" it leads. */
const NUMBER = new RegExp(
  `(?<![\\w.,:/-])(?:(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)([a-z]*)|(${WORD_NUMBER})(?![a-z]))(?:-([a-z]+))?(?![\\w/]|:\\d)`,
  "gi",
);

/** Units a "30-minute" or "5-km" compound measures work in; "a one-page outline" or "a one-off" are not amounts. */
const HYPHEN_UNITS = /^(?:minutes?|hours?|seconds?|km|kilometres?|kilometers?|miles?|metres?|meters?|days?|weeks?)$/;
/** Letters stuck to digits that still make an amount: "5km", "5k", "400m". */
const STUCK_UNITS = /^(?:km|k|m|mi|min|mins|h|hr|hrs)$/;
/**
 * The word before a number that makes it something other than an amount of work: a label ("week one", "level 2"),
 * a point in time or a deadline ("at 7", "in 2027", "in four weeks": halving a deadline makes it harder), a limit
 * he must stay under ("under 30", "at most 2"), one he already has ("the 4 hours a night", "the next seven days"),
 * or a count of things that are not work ("your other two challenges", "your two kids").
 */
const NOT_AMOUNT_BEFORE =
  /^(?:the|next|last|this|that|these|those|other|both|your|his|my|our|their|her|week|day|level|module|chapter|step|number|lesson|part|grade|page|at|under|below|most|age|aged|by|in|since|until|from|before|after|to|than)$/;
const NOT_AMOUNT_AFTER =
  /^(?:am|pm|a\.m|p\.m|o'clock|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const MONTH_BEFORE = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;
/** A "to" before a number is a limit he must get down to only after these: "down to 2"; "talk to two people" is work. */
const LIMIT_TO = /\b(?:down|reduce[ds]?|cut(?:\s+it)?|bring\s+it|back)\s+to$/i;

/** A plural noun in one: "conversations" → "conversation", "people" → "person". */
function singular(word: string): string {
  const w = word.toLowerCase();
  const irregular: Record<string, string> = { people: "person", men: "man", children: "child", women: "woman" };
  let out: string;
  if (irregular[w]) out = irregular[w];
  else if (/ies$/.test(w)) out = `${word.slice(0, -3)}y`;
  else if (/(?:ches|shes|sses|xes)$/.test(w)) out = word.slice(0, -2);
  else out = word.slice(0, -1);
  return /^[A-Z]/.test(word) ? capitalise(out) : out;
}

function isPlural(word: string): boolean {
  const w = word.toLowerCase();
  if (["people", "men", "children", "women"].includes(w)) return true;
  return /^[a-z]{3,}s$/.test(w) && !/(?:ss|us|is|ous)$/.test(w);
}

/** A halved amount as it now reads, and the noun it counts (in the words after it), when it has one. */
type Halved = { value: number; start: number; end: number; noun: string | null };

/** The plural noun a number counts, across at most two describing words ("real", "phone-free", "30-minute"). */
function countedNoun(after: string): { start: number; end: number; noun: string; describing: number } | null {
  const words = [...after.matchAll(/\S+/g)].slice(0, 3);
  for (const [i, w] of words.entries()) {
    const word = w[0].replace(/[,.;:—–)]+$/, "");
    if (NOT_DESCRIBING.test(word)) return null;
    if (/^[a-z]+$/i.test(word) && isPlural(word)) {
      return { start: w.index ?? 0, end: (w.index ?? 0) + word.length, noun: word, describing: i };
    }
    if (!/^[\w'-]+$/.test(word) || word !== w[0]) return null;
  }
  return null;
}
const NOT_DESCRIBING = /^(?:of|on|in|at|for|with|to|a|an|the|this|that|and|or|who|which|per|each|every)$/i;
/** "three people who do it" → "one person who does it". */
const WHO_VERB = /^(\s+who\s+)(do|have|are|work|run|live|know|use|make)\b/i;
const VERB_ONE: Record<string, string> = { do: "does", have: "has", are: "is" };

/** Whether a number at `index` counts work, from the words around it. */
function isAmount(text: string, index: number, m: RegExpMatchArray): boolean {
  const [whole, digits, stuck = "", , hyphen] = m;
  const before = text.slice(0, index);
  const after = text.slice(index + whole.length);
  const prev = before.match(/([A-Za-z.']+)\W*$/)?.[1]?.toLowerCase() ?? "";
  if (digits && stuck && !STUCK_UNITS.test(stuck.toLowerCase())) return false;
  if (hyphen && !HYPHEN_UNITS.test(hyphen.toLowerCase())) return false;
  if (NOT_AMOUNT_AFTER.test(after.trimStart()) || MONTH_BEFORE.test(prev)) return false;
  if (digits && /^(?:19|20)\d\d$/.test(digits) && !/^\s+[a-z]+s\b/i.test(after)) return false;
  if (/\bat\s+least\s*$/i.test(before)) return true;
  if (prev === "to") return !LIMIT_TO.test(before.trimEnd());
  return !NOT_AMOUNT_BEFORE.test(prev);
}

/** One change to the step's text, in the original's positions. */
type Edit = { start: number; end: number; text: string };

/**
 * What an amount measures, because only one of them is halved: how many times he does it ("three runs", "on four
 * days", "twice"), how big each is ("20 to 27 minutes each", "30-minute sessions", "5 km"), or how long the whole
 * lasts ("for seven days", "four weeks in a row"). Halving the count and the size of each too asked for a quarter and
 * cut a run below what he had already run.
 */
type Role = "count" | "size" | "span";

/** Days or weeks, which a step either counts ("on three days") or lasts ("for seven days"). */
const PERIODS = /^(?:days?|nights?|evenings?|mornings?|weeks?|months?)$/i;
const SPAN_BEFORE = /^(?:for|over|across)$/;
/** Distances: halved to a tenth, because "2 km" for "5 km" asks less than half and "21.1 km" is not "10 km". */
const DISTANCE = /^(?:km|k|mi|miles?|kilomet\w*)$/i;

/** A number found in a step, what it would become halved, and how it would read. */
type Found = { index: number; m: RegExpMatchArray; value: number; next: number; role: Role; counted: Counted | null };
type Counted = NonNullable<ReturnType<typeof countedNoun>>;

function roleOf(text: string, f: Omit<Found, "role" | "next">): Role {
  const [whole, digits, stuck, word, hyphen] = f.m;
  if (hyphen || (digits && stuck)) return "size";
  if (word?.toLowerCase() === "twice") return "count";
  const after = text.slice(f.index + whole.length);
  if (/^\s+of\s+the\b/i.test(after)) return "count";
  const noun = f.counted?.noun;
  if (!noun) return "size";
  if (noun.toLowerCase() === "times") return "count";
  if (PERIODS.test(noun)) {
    const prev =
      text
        .slice(0, f.index)
        .match(/([A-Za-z]+)\W*$/)?.[1]
        ?.toLowerCase() ?? "";
    const tail = after.slice(f.counted!.end);
    return SPAN_BEFORE.test(prev) || /^\s+in\s+a\s+row\b/i.test(tail) ? "span" : "count";
  }
  return MEASURES.test(noun) ? "size" : "count";
}

/** The unit a number measures in, stuck to it, hyphened or the next word: "5km", "5-km", "5 km". */
function unitOf(text: string, f: Omit<Found, "role" | "next" | "value" | "counted">): string {
  const [whole, , stuck, , hyphen] = f.m;
  return stuck || hyphen || (text.slice(f.index + whole.length).match(/^\s+([a-z]+)/i)?.[1] ?? "");
}

/** Half of an amount: a distance to the tenth below, anything else to the whole number below, and at least one. */
function half(value: number, digits: string | undefined, unit: string): number {
  if (digits && (digits.includes(".") || DISTANCE.test(unit))) {
    const tenth = Math.floor(value * 5) / 10;
    return tenth > 0 ? tenth : value;
  }
  return Math.max(1, Math.floor(value / 2));
}

/** Races by name, with their distance when the text does not give it: halved, the name no longer fits. */
const RACE =
  /\b(?:the|a|an|your)\s+(?:(half[- ]marathon|marathon)|(\d+(?:\.\d+)?)\s?(?:km|k)\s+race|(\d+(?:\.\d+)?)\s?(?:km|k)(?=\s+(?:with|by|on|in)\b|\s*[(,.]|$))/i;
const RACE_KM: Record<string, number> = { "half marathon": 21.1, "half-marathon": 21.1, marathon: 42.2 };
/** What belongs to the race and not to a run of half its distance: its distance, its deadline, its alternatives. */
const RACE_ONLY = [
  /\s*\((\d+(?:\.\d+)?)\s?km\)/i,
  /,?\s+by the end of the [\w-]+ (?:days|weeks|months)/i,
  /,\s*or its distance[^,]*/i,
  /,\s*in a race or[^,]*/i,
];

/**
 * A named race halved is a run of half its distance: "run the half marathon with your brother by the end of the
 * ninety days (21.1 km)" → "run 10.5 km with your brother". Half a marathon still called "the half marathon", or a
 * race whose date stays while its distance halves, reads as nonsense.
 */
function halveRace(text: string): { text: string; halved: Halved[] } | null {
  const race = text.match(RACE);
  if (!race) return null;
  const index = race.index ?? 0;
  let rest = text.slice(index + race[0].length);
  const given = rest.match(RACE_ONLY[0]!)?.[1];
  const km = Number(given ?? race[2] ?? race[3] ?? RACE_KM[race[1]!.toLowerCase()]);
  for (const only of RACE_ONLY) rest = rest.replace(only, "");
  const distance = `${half(km, String(km), "km")} km`;
  return {
    text: `${text.slice(0, index)}${distance}${rest}`,
    halved: [{ value: half(km, String(km), "km"), start: index, end: index + distance.length, noun: null }],
  };
}

/** Words that only read right while he does it more than once: "20 to 27 minutes each", "make one of them …". */
const ONCE_ONLY: Array<[RegExp, string]> = [
  [/(?<=\b(?:minutes?|hours?|km|kilomet\w+|miles?|words|pages|metres|meters))\s+each\b/gi, ""],
  [/\bone of them\b/gi, "it"],
  [/,\s+the longest\s+/gi, ", "],
];

/**
 * Halves one amount of work in a step, rounded down and at least one (a distance to the tenth): how many times he
 * does it when it counts them ("three runs" → "one run", "ten real conversations" → "five real conversations"),
 * leaving the size of each as it is; else how big it is ("30 minutes", "18 km", "a 15-minute conversation"); else
 * how long it lasts ("for seven days"). A named race becomes a run of half its distance. When a count drops to one,
 * its noun follows ("two sessions" → "one session", "three times" → "once"), and so do the words that only fit more
 * than one ("… minutes each"). Returns the new text and where the halved amount (with the noun it counts) now is.
 */
export function halveAmounts(text: string): { text: string; halved: Halved[] } {
  const race = halveRace(text);
  if (race) return race;
  const all: Found[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const index = m.index ?? 0;
    const [whole, digits, , word, hyphen] = m;
    const value = digits ? Number(digits.replace(/,/g, "")) : wordValue(word ?? "");
    if (value === null || !Number.isFinite(value) || !isAmount(text, index, m)) continue;
    const end = index + whole.length;
    const counted = hyphen || !/^\s/.test(text.slice(end)) ? null : countedNoun(text.slice(end));
    const base = { index, m, value, counted };
    all.push({ ...base, role: roleOf(text, base), next: half(value, digits, unitOf(text, base)) });
  }
  // "20 to 27 minutes" is one amount: what the last number of a range measures, the whole range measures.
  const groups: Found[][] = [];
  for (const f of all) {
    const last = groups.at(-1)?.at(-1);
    const between = last ? text.slice(last.index + last.m[0].length, f.index) : "";
    if (last && /^\s*(?:to|-|–)\s*$/.test(between)) groups.at(-1)!.push(f);
    else groups.push([f]);
  }
  const roleOfGroup = (g: Found[]) => g.at(-1)!.role;
  const changes = (g: Found[]) => g.some((f) => f.next < f.value);
  const chosen = (["count", "size", "span"] as const)
    .map((role) => groups.find((g) => roleOfGroup(g) === role && changes(g)))
    .find((g) => g !== undefined);
  if (!chosen) return { text, halved: [] };

  const edits: Edit[] = [];
  const found: Array<{ value: number; start: number; end: number; noun: string | null }> = [];
  for (const { index, m, value, next, counted: countedAfter } of chosen) {
    if (next === value) continue;
    const [whole, digits, stuck = "", word, hyphen] = m;
    let number: string;
    if (digits) number = digits.includes(",") ? next.toLocaleString("en-US") : String(next);
    else if (word?.toLowerCase() === "twice") number = "once";
    else number = inWords(next);
    if (word && /^[A-Z]/.test(word)) number = capitalise(number);
    const numberEnd = index + whole.length - (hyphen ? hyphen.length + 1 : 0) - stuck.length;
    let end = index + whole.length;
    let noun: string | null = null;

    const counted = countedAfter;
    if (counted) {
      const headStart = end + counted.start;
      const headEnd = end + counted.end;
      if (next <= 2 && counted.noun.toLowerCase() === "times" && counted.describing === 0) {
        const times = next === 1 ? "once" : "twice";
        edits.push({ start: index, end: headEnd, text: /^[A-Z]/.test(number) ? capitalise(times) : times });
        found.push({ value: next, start: index, end: headEnd, noun: null });
        continue;
      }
      noun = next === 1 ? singular(counted.noun) : counted.noun;
      end = headEnd;
      if (next === 1) {
        edits.push({ start: headStart, end: headEnd, text: noun });
        const who = text.slice(headEnd).match(WHO_VERB);
        if (who) {
          const verb = who[2]!;
          const verbStart = headEnd + who[1]!.length;
          edits.push({
            start: verbStart,
            end: verbStart + verb.length,
            text: VERB_ONE[verb.toLowerCase()] ?? `${verb}s`,
          });
        }
      }
    }
    edits.push({ start: index, end: numberEnd, text: number });
    found.push({ value: next, start: index, end, noun });
  }
  if (roleOfGroup(chosen) === "count" && chosen.at(-1)!.next === 1) {
    for (const [words, replacement] of ONCE_ONLY) {
      for (const w of text.matchAll(words)) {
        const start = w.index ?? 0;
        edits.push({ start, end: start + w[0].length, text: replacement });
      }
    }
  }
  edits.sort((x, y) => x.start - y.start);
  let out = "";
  let last = 0;
  for (const e of edits) {
    out += text.slice(last, e.start) + e.text;
    last = e.end;
  }
  out += text.slice(last);
  // Where an original position now is: every edit wholly before it moved it by its change in length.
  const moved = (p: number) =>
    p + edits.filter((e) => e.end <= p).reduce((sum, e) => sum + e.text.length - (e.end - e.start), 0);
  const halved = found.map((f) => ({ value: f.value, start: moved(f.start), end: moved(f.end), noun: f.noun }));
  return { text: out, halved };
}

/** Text for comparing two todos: case and punctuation do not make them different. */
function bare(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * His own line, quoted as he wrote it: whole, or cut after a sentence that ends within the room; `null` when not even
 * his first sentence fits, so a fragment of his words never stands for all of them.
 */
export function quotedNote(note: string, room: number = NOTE_ROOM): string | null {
  // A trailing comma or dash ends no sentence; it would only read as punctuation doubled against the closing quote.
  const text = note
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*[,;:—–-]+$/, "");
  if (!text) return null;
  if (text.length <= room) return `“${text}”`;
  let fit = "";
  for (const [s] of text.matchAll(/[^.!?…]*[.!?…]+["”’)]*(?=\s|$)/g)) {
    const grown = `${fit}${s}`;
    if (grown.trim().length > room) break;
    fit = grown;
  }
  return fit.trim() ? `“${fit.trim()}”` : null;
}

/** An action as the tail of a sentence: "Write the README" → "write the README". */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

/** Nouns that measure work rather than count pieces of it: "the first of the 250 words" is not a step. */
const MEASURES =
  /^(?:words?|minutes?|hours?|seconds?|km|kilometres?|kilometers?|miles?|metres?|meters?|pages?|times|reps?|steps?|euros?|dollars?|pounds?)$/i;

/**
 * A first part of the halved step, in its own words: the first of the pieces it counts, the rest of the sentence
 * left for later ("Hold five real conversations with people who could buy" → "Hold the first of the five real
 * conversations"). `null` when it counts no pieces of two or more.
 */
function firstPiece(step: string, halved: Halved[]): string | null {
  const piece = halved.find((h) => h.value >= 2 && h.noun && !MEASURES.test(h.noun));
  if (!piece) return null;
  const head = step.slice(0, piece.start);
  const counted = step.slice(piece.start, piece.end);
  return `${head}the first of the ${counted}`;
}

/**
 * The offline writer's re-plan: the milestone's first action not yet done, made smaller (its amounts halved, or,
 * when it has none, limited to its first half) and framed by what got in the way; a date a little further out for a
 * sick week or a full calendar; and three todos that never repeat the step: a first move that fits the reason (his
 * own line quoted back whole when he wrote one that fits), a first piece of the step, and a check-in.
 */
export function writeReplan(input: ReplanInput): ReplanOutput {
  const key = input.reason.key;
  const actions = milestoneActions(input.milestone.description, input.challenge.title);
  const done = new Set(input.doneTodos.map((t) => bare(t)));
  const action = actions.find((a) => !done.has(bare(sentence(a)))) ?? actions[0] ?? input.challenge.title;
  const smaller = halveAmounts(action);
  const shrunk = smaller.halved.length > 0;
  const body = lowerFirst(smaller.text);
  const fits = key === "no_time" && (FEW.test(body) || ONE_EFFORT.test(body));
  const frame = fits ? (shrunk ? FIT_FRAME : FIT_HALF_FRAME) : shrunk ? FRAME[key] : HALF_FRAME[key];
  const nextStep = sentence(`${frame}: ${body}`);
  const days = defaultReplanDays[input.milestone.type] + EXTRA_DAYS[key];

  const quote = input.reason.note ? quotedNote(input.reason.note) : null;
  const firstMove = fits ? FIT_FIRST : FIRST[key].replace("{challenge}", input.challenge.title);
  const first = sentence(quote ? `${NOTE_LEAD}${quote}` : firstMove);
  const check = sentence(CHECK_IN);
  const taken = [bare(nextStep), bare(first), bare(check)];
  const candidates = [shrunk ? firstPiece(smaller.text, smaller.halved) : null, fits ? null : START[key], START.too_big]
    .filter((t): t is string => t !== null)
    .map(sentence);
  const second = candidates.find((t) => !taken.includes(bare(t))) ?? sentence(START.too_big);
  return {
    nextStep,
    daysFromToday: Math.min(Math.max(days, input.window.minDays), input.window.maxDays),
    todos: [first, second, check],
  };
}
