import nlp from "compromise";
import type { PlanContext } from "../generator.ts";
import type { GeneratedChallenge, MilestoneSet, Mission } from "../schema.ts";
import { capitalize, type Facts, isNonAnswer, listOf, toSecondPerson } from "./read-answers.ts";
import { goalKits, obstacleAnswers } from "./themes.ts";
import { toThirdPerson } from "./third-person.ts";

/** A written plan plus, per challenge, the answer (0–4) it is grounded in — the harness checks they differ. */
export type WrittenPlan = {
  mission: Mission;
  challenges: GeneratedChallenge[];
  milestones: MilestoneSet[];
  sources: number[];
};

const MAX_QUOTE_WORDS = 30;

/** Picks one of several equivalent frames; `salt` keeps the choices of different fields independent. */
function pick<T>(f: Facts, salt: number, options: T[]): T {
  return options[((f.seed >>> (salt % 24)) + salt * 7) % options.length] as T;
}

/** His answer quoted whole (all its sentences) when it is short enough, for answers we do not rewrite. */
function quoteAnswer(f: Facts, i: number): string | null {
  const text = f.texts[i] ?? "";
  if (!text || text.split(/\s+/).length > MAX_QUOTE_WORDS) {
    const first = f.sentences[i]?.[0];
    return first && first.split(/\s+/).length <= MAX_QUOTE_WORDS ? `“${first}”` : null;
  }
  return `“${text}”`;
}

/** Second-person infinitive phrase → first person, for the statement he says out loud. */
function firstPerson(phrase: string): string {
  return phrase
    .replace(/\byou are\b/g, "I am")
    .replace(/\byou(?= [a-z])/g, "I")
    .replace(/\byour\b/g, "my")
    .replace(/\byourself\b/g, "myself")
    .replace(/\byou\b/g, "me");
}

function languageOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(
    /\b(spanish|german|french|italian|japanese|chinese|mandarin|portuguese|arabic|russian|korean|english)\b/i,
  );
  return m?.[1] ? capitalize(m[1].toLowerCase()) : "the language";
}

function instrumentOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(/\b(guitar|piano|drums|bass|violin|ukulele|saxophone|trumpet)\b/i);
  return m?.[1]?.toLowerCase() ?? "instrument";
}

/** The thing his craft makes or restores, so milestones name his motorcycle rather than "a piece". */
function craftObjectOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(
    /\b(motorcycle|motorbike|bike|car|boat|cabin|table|chair|bench|cabinet|bookshelf|shelf|guitar|engine|garden|furniture)\b/i,
  );
  const thing = m?.[1]?.toLowerCase();
  return thing === "furniture" ? "piece of furniture" : (thing ?? "piece");
}

function goalPhrase(f: Facts): string {
  return f.goal ?? goalKits[f.goalKind].general;
}

function appsOrPhone(f: Facts): string {
  return f.screen.apps.length > 0 ? listOf(f.screen.apps) : "your phone";
}

/**
 * The one person the plan may promise him time with: named in the regret, in the vision, or as someone he wants more
 * time with. A brother who only appears in a story about a wedding he organised is not a wish to see him more.
 */
function keyPerson(f: Facts): { who: string; answer: number } | null {
  const wanted = f.people.filter((p) => p.answer === 4 || p.answer === 1 || p.wanted);
  return wanted.find((p) => p.answer === 4) ?? wanted.find((p) => p.who !== "your friends") ?? wanted[0] ?? null;
}

/** When his screen time happens, in his own time words: shift workers do not scroll "after dinner". */
function whenOf(f: Facts): string {
  const t = f.english[0] ? (f.texts[0] ?? "") : "";
  if (/\b(on|during) (your |my )?night shifts?\b/i.test(t)) return "on your night shifts";
  if (/\b(after|from) (the |my )?(night |late )?shifts?\b|\b(night|late) shifts?\b/i.test(t))
    return /\bin bed\b/i.test(t) ? "after your shift, in bed" : "after your shift";
  if (/\bin bed\b/i.test(t) && !/\b(dinner|evening)\b/i.test(t)) return "in bed";
  if (/\bmornings?\b/i.test(t) && !/\b(evening|night|dinner)\b/i.test(t)) return "in the morning";
  return "after dinner";
}

function hoursText(f: Facts): string | null {
  if (f.screen.hours) return `${f.screen.hours} hour${f.screen.hours === 1 ? "" : "s"}`;
  return null;
}

function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i) => (i > 0 && /^(a|an|the|and|or|of|to|in|on|for|with|at|by)$/i.test(w) ? w : capitalize(w)))
    .join(" ");
}

function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  // Drop whole trailing sentences until it fits; never cut inside one.
  const parts = text.split(/(?<=[.!?])\s+/);
  while (parts.length > 1 && parts.join(" ").length > max) parts.pop();
  return parts.join(" ").slice(0, max);
}

function goalChallenge(f: Facts): { challenge: GeneratedChallenge; milestones: MilestoneSet } {
  const g = goalPhrase(f);
  const kit = goalKits[f.goalKind];
  const x =
    f.goalKind === "language"
      ? languageOf(f)
      : f.goalKind === "music"
        ? instrumentOf(f)
        : f.goalKind === "craft"
          ? craftObjectOf(f)
          : "piece";
  const short = g.split(" ").length <= 6;
  const said = f.goal
    ? pick(f, 1, [
        `You named it yourself: you want to ${g}.`,
        `To ${g} — that is what you keep putting off.`,
        `You have wanted to ${g} for a long time.`,
      ])
    : isNonAnswer(f.texts[2] ?? "")
      ? "You did not name one thing you keep putting off — an honest answer, and a common one, so the first step is choosing one."
      : f.english[2] && quoteAnswer(f, 2)
        ? `About what you keep putting off you wrote: ${quoteAnswer(f, 2)}`
        : quoteAnswer(f, 2)
          ? `In your own words: ${quoteAnswer(f, 2)}`
          : "You did not pin one goal down, so this challenge starts with choosing one and finishing it.";
  const obstacle = f.obstacle
    ? `${pick(f, 2, ["What stops you, you said:", "You know what stops you:", "The obstacle you named:"])} ${f.obstacle}. ${obstacleAnswers[f.obstacleKind]}`
    : f.strength
      ? `You said ${f.strength}. That is the kind of person who finishes this.`
      : "Nothing stops a plan that starts small and has a fixed time.";
  return {
    challenge: {
      title: withinLength(short ? titleCase(g) : titleCase(kit.general), 80),
      description: withinLength(
        `${said} This challenge gives it a fixed time every week and a result you can show within ninety days.`,
        700,
      ),
      insight: withinLength(obstacle, 500),
      screen_to_action: f.screen.described
        ? `Take the first hour you would give to ${appsOrPhone(f)} each evening and spend it on this instead.`
        : "Give it a fixed slot in your week, before anything else can take that time.",
      accountability_framework: kit.measure,
    },
    milestones: kit.milestones(g, x),
  };
}

function peopleChallenge(f: Facts): { challenge: GeneratedChallenge; milestones: MilestoneSet; source: number } | null {
  const person = keyPerson(f);
  const regretText = f.regret ?? quoteAnswer(f, 4);
  if (person && (person.answer === 4 || !regretText)) {
    const p = person.who;
    const talk = /\b(call|phone|talk|speak|visit|see)\w*\b/i.test(f.texts[person.answer] ?? "");
    const looked =
      person.answer === 4
        ? `Looking ten years ahead, you named your regret: ${regretText}.`
        : `You named ${p} in your answers.`;
    return {
      source: person.answer,
      challenge: {
        title: talk ? titleCase(`Call ${p} this week`) : titleCase(`Make time for ${p}`),
        description: `${looked} This challenge makes time with ${p} a fixed date instead of a good intention.`,
        insight: `Regrets about people rarely come from one big mistake; they come from weeks in which there was no time. A standing date with ${p} removes that excuse.`,
        screen_to_action: f.screen.described
          ? `One evening a week that ${appsOrPhone(f)} would have taken belongs to ${p}.`
          : `One evening a week belongs to ${p}, phone in another room.`,
        accountability_framework: `Mark each week you kept your time with ${p}. Two missed weeks in a row means you call that same day.`,
      },
      milestones: {
        immediate: talk
          ? `Call ${p} this week and set a date to meet or talk again.`
          : `Spend one phone-free evening with ${p} this week and agree on the next one.`,
        short_term: `Keep a weekly time with ${p} for four weeks in a row — a call, a meal or a walk.`,
        medium_term: `Plan and do one whole day with ${p} that you organise yourself.`,
      },
    };
  }
  if (!regretText) return null;
  const kind = regretKindOf(f.texts[4] ?? "");
  const r = f.regret && words(f.regret) >= 3 && words(f.regret) <= 16 ? f.regret : null;
  const echo = r && /^that\s/i.test(r) ? ` — because you do not want to look back and find ${r}` : "";
  const grounded = kind !== "general" ? regretKits[kind] : null;
  return {
    source: 4,
    challenge: {
      title:
        grounded?.title ??
        pick(f, 3, ["Make the Regret Impossible", "Close the Gap You Fear", "Start What You Would Regret"]),
      description: `Looking ten years ahead, you named your regret: ${regretText}. ${grounded?.description ?? "This challenge takes one concrete step against it every week, so it cannot come true by default."}`,
      insight: `A regret is a plan you have not started yet. Naming yours — ${regretText} — was the first step; the rest is a calendar.`,
      screen_to_action: f.screen.described
        ? `Each time you reach for ${appsOrPhone(f)} in the evening, do one small thing against that regret first.`
        : "Put one small step against that regret at the start of each week, before anything else.",
      accountability_framework:
        "Every Sunday, write down one thing you did this week that makes that regret less likely.",
    },
    milestones: grounded
      ? {
          immediate: `${grounded.immediate}${echo}.`,
          short_term: grounded.short_term,
          medium_term: grounded.medium_term,
        }
      : {
          immediate: r
            ? `Write down the one action that would most make this less likely — ${r} — and do it before the week is out.`
            : "Write down the one action that would most make that regret less likely, and do it before the week is out.",
          short_term: "Repeat that action every week for four weeks and note what changed.",
          medium_term: "Reach the point where you could honestly say the regret no longer fits, and write down why.",
        },
  };
}

type RegretKind = "career" | "health" | "time" | "general";
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

function regretKindOf(text: string): RegretKind {
  if (
    /\b(job|career|work|boss|office|profession|tried anything new|trying something new|business|study|degree)\b/i.test(
      text,
    )
  )
    return "career";
  if (/\b(health|body|weight|fit|fitness|smok\w*|drink\w*|sport|exercise|sick|unhealthy)\b/i.test(text))
    return "health";
  if (/\b(wast\w* (my )?time|time|phone|scroll\w*|screens?)\b/i.test(text)) return "time";
  return "general";
}

/** A regret that names no person still names a field of life; the challenge works in that field. */
const regretKits: Record<
  Exclude<RegretKind, "general">,
  {
    title: string;
    description: string;
    immediate: string;
    short_term: string;
    medium_term: string;
  }
> = {
  career: {
    title: "Try One New Field of Work",
    description:
      "This challenge tests one new line of work in small, real steps: talk to people who do it, try it on the side, then decide.",
    immediate: "Pick one field of work you are curious about and write down three people who do it",
    short_term:
      "Talk to two people who work in that field and spend four weekly sessions on a small side project in it.",
    medium_term:
      "Apply for one role, course or trial day in that field — or start the side project for real — and decide with what you learned.",
  },
  health: {
    title: "Take Your Health Back",
    description:
      "This challenge puts your body first for ninety days: a fixed training time, one habit changed, one number checked.",
    immediate: "Book a check-up or set one health number to track, and move for 30 minutes on four days this week",
    short_term: "Train three times a week for four weeks and change one habit that works against your body.",
    medium_term: "Beat the health number you wrote down in week one, checked on a fixed date.",
  },
  time: {
    title: "Spend Your Time on Purpose",
    description:
      "This challenge gives every week a plan for its free hours, written down in advance, so they stop disappearing.",
    immediate: "Write down where every free hour went this week and plan next week's free hours in advance",
    short_term: "For four weeks, plan each week's free hours on Sunday and keep at least three of those plans.",
    medium_term: "Keep that weekly plan for ninety days and finish one thing with the hours it gave back.",
  },
};

function screenChallenge(f: Facts): { challenge: GeneratedChallenge; milestones: MilestoneSet } {
  const apps = appsOrPhone(f);
  const first = f.screen.apps[0];
  const hours = hoursText(f);
  const evening = eveningLine(f);
  const half = f.screen.hours ? Math.max(1, Math.floor(f.screen.hours / 2)) : null;
  return {
    challenge: {
      title: hours
        ? pick(f, 4, [`Win Back ${titleCase(hours)} a Night`, `${titleCase(hours)} Back From ${first ?? "the Phone"}`])
        : pick(f, 4, ["Take Back Your Evenings", `Less ${first ?? "Phone"}, More Life`]),
      description: withinLength(
        `${evening}${hours && !evening.includes(String(f.screen.hours)) ? ` That is about ${hours} a night.` : ""} This challenge takes back one hour every evening, then two, for what you said you want.`,
        700,
      ),
      insight: `${capitalize(apps)} ${f.screen.apps.length > 1 || first === "games" ? "are" : "is"} built to keep you there. The hours come back by rules decided in advance, not by willpower at 11 pm.`,
      screen_to_action: first
        ? `Delete ${first} from your phone for 30 days; ${whenOf(f)}, the phone goes in a drawer for the first hour.`
        : `${capitalize(whenOf(f))}, the phone goes in a drawer for the first hour; the charger moves out of the bedroom.`,
      accountability_framework:
        "Read your screen-time report every Sunday and write the number down. It must go down every week for a month.",
    },
    milestones: {
      immediate: first
        ? `Delete ${first} for seven days and keep five phone-free evening hours this week.`
        : "Keep the phone in a drawer for the first evening hour on five days this week.",
      short_term: half
        ? `Bring the ${hours} a night down to ${half} and hold it for four weeks, checked in the screen-time report.`
        : "Halve your evening screen time, checked in the screen-time report, and hold it for four weeks.",
      medium_term: `Keep two phone-free hours every evening for ninety days, spent on your other two challenges.`,
    },
  };
}

/** Without a screen habit, the third challenge builds on what he is good at (or, failing that, his future). */
function strengthChallenge(f: Facts, source: number): { challenge: GeneratedChallenge; milestones: MilestoneSet } {
  const said =
    source === 3
      ? f.strength
        ? `You said ${f.strength}.`
        : isNonAnswer(f.texts[3] ?? "")
          ? "You did not name a strength — most people undersell theirs, and this challenge finds yours by using it."
          : `About what you are good at you wrote: ${quoteAnswer(f, 3) ?? "very little"}.`
      : f.future
        ? `Five years from now, you pictured this: ${f.future}.`
        : `About your future you wrote: ${quoteAnswer(f, 1) ?? "very little"}.`;
  return {
    challenge: {
      title: source === 3 ? "Put Your Strength to Work" : "Take the First Step Toward Your Picture",
      description: withinLength(
        `${said} This challenge makes that visible to other people, not only to yourself.`,
        700,
      ),
      insight: "What you are already good at is the shortest road to something you are proud of next year.",
      screen_to_action: "Keep the evenings you described as they are; this challenge takes one fixed hour a week.",
      accountability_framework: "Once a month, show one person what you did with it and ask what they noticed.",
    },
    milestones: {
      immediate: "Write down three ways this strength could help someone else, and offer one of them this week.",
      short_term: "Use it every week for a month where someone else sees it, and note what came back.",
      medium_term: "Take on one responsibility that depends on exactly that strength.",
    },
  };
}

function clauseOf(f: Facts, i: number): string | null {
  const s = f.sentences[i]?.[0];
  if (!s || s.split(/\s+/).length > 28) return null;
  const t = toSecondPerson(s.replace(/[.!?…]+$/, ""));
  const clause =
    /^(I|I'm|I've)\b/.test(s) || nlp(t.split(" ")[0] ?? "").has("#ProperNoun")
      ? t
      : t.charAt(0).toLowerCase() + t.slice(1);
  // Only a sentence about him reads well after "You described your evenings:"; anything else is quoted whole.
  return /\byou('re|'ve)?\b/i.test(clause) ? clause : null;
}

/** How his evening reads back to him: his sentence in second person, or his answer quoted whole. */
function eveningLine(f: Facts): string {
  const clause = f.english[0] ? clauseOf(f, 0) : null;
  if (clause) return `You described your evenings: ${clause}.`;
  const quoted = quoteAnswer(f, 0);
  return quoted ? `About your evenings you wrote: ${quoted}` : "You did not say much about your evenings.";
}

function mission(f: Facts, people: ReturnType<typeof keyPerson>, partner: string | null): Mission {
  const g = goalPhrase(f);
  const p = people?.who;
  const apps = appsOrPhone(f);
  const future = f.future ?? (quoteAnswer(f, 1) ? `in your words, ${quoteAnswer(f, 1)}` : null);
  const peopleVP = p ? `make real time for ${p}` : "keep the promises you make to yourself";
  const timeVP = f.screen.described ? `take your evenings back from ${apps}` : "guard the hours you already have";
  const life = pick(f, 5, [
    `To ${g}, to ${peopleVP}, and to ${timeVP}.`,
    `Use the hours you win back to ${g} — and ${peopleVP} while you do it.`,
    `Stop postponing: ${g}, ${peopleVP}, and ${timeVP}.`,
    `Spend your best hours on what you said matters: to ${g} and to ${peopleVP}.`,
  ]);
  const gI = firstPerson(g);
  const pI = p ? firstPerson(p) : null;
  const statement = pick(f, 6, [
    `I ${gI}. ${pI ? `I make time for ${pI}.` : "I keep my word to myself."} ${f.screen.described ? `${firstPerson(apps) === "my phone" ? "My phone gets" : `${firstPerson(apps)} get`} what is left, not my best hours.` : "My best hours go to what matters."}`,
    `I am done postponing. I will ${gI}${pI ? `, and I will be there for ${pI}` : ""}.`,
    `My evenings are mine: I ${gI}${pI ? ` and I show up for ${pI}` : ""}, one week at a time.`,
    `Every week I do one real thing to ${gI}${pI ? ` and one for ${pI}` : ""}. That is my promise.`,
  ]);
  const vision = future
    ? pick(f, 7, [
        `In five years: ${future}. It began with the weeks in which you chose to ${g}.`,
        `Picture it the way you wrote it — ${future}. What got you there were ordinary evenings spent on what you wanted instead of on ${apps}.`,
        /^you\b/.test(future)
          ? `Five years on, ${future}. Nobody handed it to you; you built it one week at a time.`
          : `The picture you gave for five years from now: ${future}. Nobody hands you that; you build it one week at a time.`,
      ])
    : `Five years from now, you have done what you keep putting off: you ${f.goal ? "chose to" : "decided to"} ${g}, and your weeks show it.`;
  const hours = hoursText(f);
  const screenPlan = f.screen.described
    ? `${hours ? `About ${hours} a night go to ${apps}.` : `Your evenings go to ${apps}${f.screen.window ? ` ${f.screen.window}` : ""}.`} Take back the first hour ${whenOf(f)}: phone in a drawer, that hour goes to the first challenge. From week three, a second hour goes to the other two. Delete the one app you open without thinking.`
    : `${eveningLine(f)} You did not describe a phone habit, so this plan does not invent one: it keeps those evenings and adds one fixed hour a week for each challenge.`;
  const strength = f.strength
    ? `You said ${f.strength} — bring that to a 15-minute review every Sunday`
    : quoteAnswer(f, 3) && !isNonAnswer(f.texts[3] ?? "")
      ? `About what you are good at you wrote ${quoteAnswer(f, 3)} — bring that to a 15-minute review every Sunday`
      : "Hold a 15-minute review every Sunday";
  // His accountability partner, when one confirmed, is the person to tell: he follows the plan and hears how it goes.
  const tell = partner
    ? `Tell ${partner} what you committed to`
    : p
      ? `Tell ${p} what you committed to`
      : "Tell one person you trust what you committed to";
  const follows = partner ? ` ${partner} sees each milestone you tick off, and each one you miss.` : "";
  return {
    life_mission: withinLength(life, 600),
    life_mission_for_others: withinLength(toThirdPerson(life), 600),
    mission_statement: withinLength(statement, 400),
    vision: withinLength(vision, 700),
    screen_to_action_plan: withinLength(screenPlan, 900),
    accountability_framework: withinLength(
      `${strength}: what you did for each challenge, and one thing you finished. ${tell}, and ask for a check-in every week.${follows}`,
      900,
    ),
  };
}

/**
 * One of his answers as a reason, in his words: a fact read from it, or the answer quoted whole. null for an answer
 * that says nothing (a non-answer is never framed as a strength or a goal).
 */
function witness(f: Facts, answer: number): string | null {
  if (isNonAnswer(f.texts[answer] ?? "")) return null;
  const quoted = quoteAnswer(f, answer);
  switch (answer) {
    case 0:
      return f.texts[0] ? eveningLine(f) : null;
    case 1:
      return f.future
        ? `Five years from now you pictured this: ${f.future}.`
        : quoted && `About five years from now you wrote ${quoted}`;
    case 2:
      return f.goal
        ? `It also clears room to ${f.goal}, the thing you keep putting off.`
        : quoted && `About what you keep putting off you wrote ${quoted}`;
    case 3:
      return f.strength ? `You said ${f.strength}.` : quoted && `About what you are good at you wrote ${quoted}`;
    default:
      return f.regret
        ? `The regret you want to avoid: ${f.regret}.`
        : quoted && `About the next ten years you wrote ${quoted}`;
  }
}

/**
 * Each challenge's reason ends with a second answer of his, so no two people share a reason line unless they wrote
 * the same words (issue 35 row 6): first the answers no challenge is built on, so the three reasons together cite
 * every answer that says something, then any other answer whose words the challenge does not already repeat.
 */
function withReasons(f: Facts, picked: Array<{ challenge: GeneratedChallenge; source: number }>): GeneratedChallenge[] {
  const sources = new Set(picked.map((p) => p.source));
  const unused = [0, 1, 2, 3, 4].filter((i) => !sources.has(i));
  const cited = new Set<number>();
  return picked.map(({ challenge, source }) => {
    const own = `${challenge.description} ${challenge.insight}`;
    const fresh = (i: number) => {
      const line = i === source ? null : witness(f, i);
      return line && !own.includes(line.replace(/^[^:]*:\s*/, "").replace(/[.”]+$/, "")) ? line : null;
    };
    const at = unused.findIndex((i) => fresh(i));
    const others = [2, 4, 1, 3, 0].filter((i) => fresh(i));
    const chosen = at >= 0 ? unused.splice(at, 1)[0] : (others.find((i) => !cited.has(i)) ?? others[0]);
    const line = chosen === undefined ? null : fresh(chosen);
    if (chosen !== undefined) cited.add(chosen);
    return line ? { ...challenge, insight: withinLength(`${challenge.insight} ${line}`, 500) } : challenge;
  });
}

/** Sentence ends after an interpolated quote: exactly one full stop, and one after a quote that had none. */
function polish(text: string): string {
  return text
    .replace(/([.!?])”\./g, "$1”")
    .replace(/([^.!?])”(\s+\p{Lu})/gu, "$1”.$2")
    .replace(/([^.!?])”$/, "$1”.")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([.,;:])/g, "$1");
}

function polishAll<T extends Record<string, string>>(record: T): T {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, polish(v)])) as T;
}

/** The partner's first name as the plan may print it: one line, or null without a confirmed partner. */
function partnerName(context: PlanContext): string | null {
  const name = context.partnerFirstName?.replace(/\s+/g, " ").trim();
  return name ? name : null;
}

/** "one person" in an accountability line becomes his partner, who will actually be checking. */
function namingPartner(challenge: GeneratedChallenge, partner: string | null): GeneratedChallenge {
  if (!partner) return challenge;
  return {
    ...challenge,
    accountability_framework: challenge.accountability_framework.replace(/\bone person\b/, () => partner),
  };
}

/**
 * Writes the whole plan from the facts: three challenges, each from a different answer. With a confirmed
 * accountability partner (issue 25), the plan names him where it would say "one person you trust".
 */
export function writePlan(f: Facts, context: PlanContext = {}): WrittenPlan {
  const partner = partnerName(context);
  const one = goalChallenge(f);
  const people = peopleChallenge(f);
  const used = new Set([2]);
  const picked: Array<{ challenge: GeneratedChallenge; milestones: MilestoneSet; source: number }> = [
    { ...one, source: 2 },
  ];
  if (people && !used.has(people.source)) {
    picked.push(people);
    used.add(people.source);
  }
  if (f.screen.described) {
    picked.push({ ...screenChallenge(f), source: 0 });
    used.add(0);
  }
  for (const source of [3, 1]) {
    if (picked.length >= 3) break;
    if (used.has(source)) continue;
    picked.push({ ...strengthChallenge(f, source), source });
    used.add(source);
  }
  const key = people ? keyPerson(f) : null;
  return {
    mission: polishAll(mission(f, key, partner)),
    challenges: withReasons(f, picked).map((c) => polishAll(namingPartner(c, partner))),
    milestones: picked.map((p) => polishAll(p.milestones)),
    sources: picked.map((p) => p.source),
  };
}
