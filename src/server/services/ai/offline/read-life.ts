/**
 * What the answers say about his body, his hours and what he already tried (issue 54): the facts the plan needs to
 * carry his run on, to speak to the time of day his phone takes, and never to ask for what he says he already did.
 */

export type Sport = { key: SportKey; name: string };
type SportKey = "football" | "boxing" | "cycling" | "gym" | "swimming" | "climbing" | "hiking" | "running" | "martial";

const SPORTS: Array<[SportKey, RegExp, string]> = [
  ["football", /\b(football|soccer|sunday league|five-a-side)\b/i, "football"],
  ["boxing", /\b(box(ing|er)?|kickbox\w*)\b/i, "boxing"],
  ["martial", /\b(bjj|jiu.?jitsu|judo|karate|mma|wrestl\w*)\b/i, "martial arts"],
  ["cycling", /\b(cycl\w*|bike ride|road bike|alpine pass|zwift|stelvio|ride\b|riding)\b/i, "cycling"],
  ["swimming", /\b(swim\w*|triathlon)\b/i, "swimming"],
  ["climbing", /\b(climb\w*|boulder\w*)\b/i, "climbing"],
  ["hiking", /\b(hik\w*|camino|trek\w*)\b/i, "hiking"],
  ["gym", /\b(gym|lift\w*|weights|crossfit)\b/i, "the gym"],
  ["running", /\b(run(s|ning)?|ran|marathon|10k|5k|jog\w*|strava)\b/i, "running"],
];

/** The sport he names most clearly, from his goal first, then his picture of the future, then anywhere. */
export function sportOf(texts: string[]): Sport | null {
  for (const i of [2, 1, 3, 4, 0]) {
    const text = (texts[i] ?? "").replace(
      /\b(running|run) (a|my|our|the) (small |own )?(business|shop|label|company|workshop|practice|roastery|gym|group)\b/gi,
      "",
    );
    const hit = SPORTS.find(([, re]) => re.test(text));
    if (hit) return { key: hit[0], name: hit[2] };
  }
  return null;
}

/** A race he names as a target, as it is written in a plan. */
export function raceOf(texts: string[]): "marathon" | "half marathon" | "10 km" | "5 km" | null {
  const all = texts.join(" ");
  if (/\bhalf[- ]marathon\b/i.test(all)) return "half marathon";
  if (/\bmarathon\b/i.test(all)) return "marathon";
  if (/\b10 ?k(m)?\b/i.test(all)) return "10 km";
  if (/\b5 ?k(m)?\b|parkrun/i.test(all)) return "5 km";
  return null;
}

export function injuryOf(texts: string[], notes: string): string | null {
  const m = `${texts.join(" ")} ${notes}`.match(
    /\b(knee|back|ankle|hip|achilles|shin|shoulder)s?\b(?=[^.]*\b(injur\w*|hurt|pain|bad|complain\w*|surgery)\b)|\b(knee|back|ankle|hip|shoulder) (injury|surgery|pain)\b/i,
  );
  return m ? (m[1] ?? m[3] ?? "").toLowerCase() : null;
}

/** When his phone takes his time, as a key the plan chooses its words by, and the words themselves. */
export type When = { key: WhenKey; text: string };
type WhenKey = "night-shift" | "after-shift" | "in-bed" | "morning" | "kids-asleep" | "after-work" | "late" | "evening";

export function whenOf(text: string): When {
  if (/\b(on|during) (your |my )?night shifts?\b/i.test(text))
    return { key: "night-shift", text: "on your night shifts" };
  if (/\b(after|from) (the |my )?(night |late )?shifts?\b/i.test(text))
    return { key: "after-shift", text: "after your shift" };
  if (/\bmornings?\b|\bwake up\b/i.test(text) && !/\b(evening|dinner|night)\b/i.test(text))
    return { key: "morning", text: "in the morning" };
  if (/\b(kids|children) (are )?(asleep|in bed)\b/i.test(text))
    return { key: "kids-asleep", text: "once the kids are asleep" };
  if (/\bin bed\b/i.test(text)) return { key: "in-bed", text: "in bed" };
  // Scrolling "till 1am" is a late night, whenever he got home.
  if (/\b(1|2|3) ?am\b|\bmidnight\b|\btill late\b|\blate\b|\bnite\b/i.test(text))
    return { key: "late", text: "late at night" };
  if (/\b(after work|get home|come home|home from work)\b/i.test(text))
    return { key: "after-work", text: "after work" };
  return { key: "evening", text: "in the evening" };
}

/**
 * What he says he already did or tried, so no milestone asks for it again: deleting an app, app limits, a
 * language app, a gym he already goes to, a guitar he already owns.
 */
export type Tried = {
  deletedApps: string[];
  appLimits: boolean;
  languageApp: boolean;
  inGym: boolean;
  ownsInstrument: boolean;
  failedBefore: string | null;
};

export function triedOf(texts: string[]): Tried {
  const all = texts.join(" ");
  const deletedApps = [
    ...all.matchAll(
      /\b(deleted|uninstalled|removed|quit) (instagram|insta|tiktok|youtube|reddit|facebook|snapchat|twitter|x)\b/gi,
    ),
  ].map((m) => normaliseApp(m[2] ?? ""));
  return {
    deletedApps,
    appLimits: /\b(screen ?time|app) limits?\b|\btap ignore\b|\bignore the limit\b/i.test(all),
    languageApp: /\b(duolingo|babbel|rosetta|language app)\b/i.test(all),
    inGym: /\b(train|go|am) (at|to|in) the gym\b|\bgym (\w+ )?(times|days) a week\b|\bhaven'?t missed a gym\b/i.test(
      all,
    ),
    ownsInstrument: /\b(bought|have|own|got) (a|my) (guitar|piano|keyboard|drum kit|violin|bass)\b/i.test(all),
    failedBefore:
      all.match(
        /\b(tried|started) (starting |to start )?(a|an|my) ([a-z ]{3,30}?) (in \d{4} |once |before )?and it failed\b/i,
      )?.[4] ?? null,
  };
}

function normaliseApp(name: string): string {
  const lower = name.toLowerCase();
  const names: Record<string, string> = {
    insta: "Instagram",
    instagram: "Instagram",
    tiktok: "TikTok",
    youtube: "YouTube",
    reddit: "Reddit",
    facebook: "Facebook",
    snapchat: "Snapchat",
    twitter: "X",
    x: "X",
  };
  return names[lower] ?? name;
}
