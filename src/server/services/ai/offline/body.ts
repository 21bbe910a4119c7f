import type { ProvedRun } from "../body-thread.ts";
import type { GeneratedChallenge, MilestoneSet } from "../schema.ts";
import type { Facts } from "./read-answers.ts";
import { injuryOf } from "./read-life.ts";
import { capitalize, titleCase } from "./text.ts";

/**
 * The body thread (issue 54): the first challenge of the product is a run, and the plan carries it on. Built from
 * the run he proved (minutes, distance and pace when a file proved it), the sport he named and the race he wants,
 * progressive over 7 / 30 / 90 days: small steps with walking allowed for a beginner, easy pace and no pain for a
 * man coming back from an injury, a longer run and a race for a runner.
 */
type BodyLevel = "beginner" | "regular" | "runner" | "returning";

function levelOf(run: ProvedRun, injury: string | null): BodyLevel {
  if (injury) return "returning";
  const km = (run.distanceMeters ?? 0) / 1000;
  if (run.minutes >= 60 || km >= 10 || (run.previousMaxMinutes ?? 0) >= 90) return "runner";
  return run.minutes >= 30 ? "regular" : "beginner";
}

const five = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

/** What each step asks, in figures: minutes, and kilometres where a file gave the distance. */
export type BodyPlan = {
  level: BodyLevel;
  injury: string | null;
  minutes: number;
  km: number | null;
  week: string;
  month: string;
  quarter: string;
  race: string | null;
  withWhom: string | null;
};

function raceFor(f: Facts, level: BodyLevel, run: ProvedRun): string | null {
  const km = (run.distanceMeters ?? 0) / 1000;
  if (f.race === "marathon") return level === "runner" && km >= 15 ? "marathon" : "half marathon";
  if (f.race === "half marathon") return level === "runner" || run.minutes >= 45 ? "half marathon" : "10 km";
  return f.race;
}

/** The person he named in the same sentence as his race: "a half marathon with my brother". */
function raceCompanion(f: Facts): string | null {
  for (const s of f.sentences.flat()) {
    if (!/\bmarathon|\b10 ?k|\b5 ?k|\brac(e|ing)\b/i.test(s)) continue;
    const person = f.people.find((p) => new RegExp(`\\b${p.who.replace(/^your /, "")}`, "i").test(s));
    if (person) return person.who;
  }
  return null;
}

/** When his runs go, by when his time is free: the hour the phone took, or the start of his day. */
export function runSlot(f: Facts): string {
  switch (f.when.key) {
    case "morning":
      return "before work";
    case "night-shift":
    case "after-shift":
      return "on the days between shifts";
    case "kids-asleep":
      return "while the kids are in bed";
    case "in-bed":
      return "in the hour before bed";
    case "late":
      return "early in the evening";
    case "after-work":
      return "straight after work";
    default:
      return f.screen.described ? "in the first evening hour" : "on fixed days";
  }
}

/** How a beginner may ease off, in the words his own first run suggests. */
function easeOf(notes: string): string {
  if (/\bwalk\w*\b/i.test(notes)) return "walking whenever you need to, as on your first run";
  if (/\b(lungs?|breath\w*|hard|tough|burn\w*|fire)\b/i.test(notes)) return "slow enough to talk";
  return "with a minute of walking whenever you need it";
}

export function planBody(f: Facts, run: ProvedRun): BodyPlan {
  const injury = injuryOf(f.texts, run.notes);
  const level = levelOf(run, injury);
  const m = run.minutes;
  const km = run.distanceMeters ? Math.round(run.distanceMeters / 1000) : null;
  const race = raceFor(f, level, run);
  const withWhom = race ? raceCompanion(f) : null;
  const plans: Record<BodyLevel, Omit<BodyPlan, "level" | "injury" | "minutes" | "km" | "race" | "withWhom">> = {
    beginner: {
      week: `run three times this week ${runSlot(f)}, ${five(m * 0.8)} to ${m} minutes each, ${easeOf(run.notes)}`,
      month: `run ${five(m * 1.4)} minutes without stopping ${runSlot(f)}, three runs a week for four weeks`,
      quarter:
        m >= 20
          ? `run ${five(m * 2)} minutes without stopping ${runSlot(f)}, on a date you put in the calendar now`
          : `run 5 km ${/\bwalk/i.test(run.notes) ? "without a walking break" : /\b(lungs?|breath\w*|hard|tough|burn\w*|fire)\b/i.test(run.notes) ? "at an easy pace, without stopping" : "without stopping"} ${runSlot(f)}, on a date you put in the calendar now`,
    },
    returning: {
      week: `run three easy ${Math.max(5, Math.floor(Math.min(m, 20) / 5) * 5)}-minute runs on flat ground this week and stop the moment your ${injury ?? "body"} complains`,
      month: `run ${five(Math.max(m * 1.6, 25))} minutes at an easy pace without pain, three times a week for four weeks`,
      quarter: `run ${race === "10 km" || f.race ? "10 km" : "45 minutes"} again without pain, on a date you set today`,
    },
    regular: {
      week: `run three times this week ${runSlot(f)} and make one of them ${m} minutes again, at a pace you could still talk at`,
      month: `build your longest run to ${five(m * 1.3)} minutes over four weeks, three runs a week ${runSlot(f)}`,
      quarter: race
        ? `run the ${race}${withWhom ? ` with ${withWhom}` : ""}, or its distance on a course you choose, by the end of the ninety days`
        : `run 10 km without stopping ${runSlot(f)}, on a date you put in the calendar now`,
    },
    runner: {
      week: km
        ? `run three times this week, the longest ${km} km at an easy pace`
        : `run three times this week, the longest ${m} minutes at an easy pace`,
      month: km
        ? `build your long run to ${Math.round(km * 1.25)} km over four weeks and add one faster session a week`
        : `build your long run to ${five(m * 1.25)} minutes over four weeks and add one faster session a week`,
      quarter: race
        ? `run the ${race}${withWhom ? ` with ${withWhom}` : ""} by the end of the ninety days${race === "half marathon" ? " (21.1 km)" : race === "marathon" ? " (42.2 km)" : ""}`
        : km && km >= 14
          ? "run a half marathon (21.1 km), in a race or on a course you mark yourself"
          : "run a 10 km race as fast as you can hold",
    },
  };
  return { level, injury, minutes: m, km, race, withWhom, ...plans[level] };
}

/** What the sport he named adds to each step, so his running serves it. */
function sportSteps(f: Facts): { week: string; month: string; quarter: string } | null {
  switch (f.sport?.key) {
    case "football":
      return {
        week: "and play or train football once",
        month: "and last one whole football session at full intensity",
        quarter: "and play a full 90-minute match without fading",
      };
    case "boxing":
    case "martial":
      return {
        week: `and go to one beginner ${f.sport.key === "boxing" ? "boxing" : "martial arts"} class`,
        month: `and train ${f.sport.key === "boxing" ? "boxing" : "on the mat"} twice a week`,
        quarter:
          f.sport.key === "boxing"
            ? "and spar three rounds at a boxing gym"
            : "and roll or spar three rounds at a martial arts gym",
      };
    case "cycling":
      return {
        week: "and ride outside once, not on the trainer",
        month: "and ride one climb of at least 20 minutes every week",
        quarter: "and ride a climb of an hour without stopping",
      };
    case "gym":
      return f.tried.inGym
        ? {
            week: "on top of your gym sessions",
            month: "while keeping your gym week as it is",
            quarter: "without dropping a gym week",
          }
        : { week: "and lift once", month: "and lift twice a week", quarter: "and lift twice a week throughout" };
    case "swimming":
      return { week: "and swim once", month: "and swim once a week", quarter: "and swim a full kilometre" };
    case "hiking":
      return {
        week: "and take one long walk at the weekend",
        month: "and hike three hours one weekend",
        quarter: "and hike a full day",
      };
    case "climbing":
      return { week: "and climb once", month: "and climb once a week", quarter: "and climb a grade harder" };
    default:
      return null;
  }
}

const sentence = (text: string) => `${capitalize(text.trim())}.`;

/** The three body milestones, from his run and his sport. */
export function bodyMilestones(f: Facts, plan: BodyPlan): MilestoneSet {
  const sport = sportSteps(f);
  return {
    immediate: sentence(`${plan.week}${sport ? `, ${sport.week}` : ""}`),
    short_term: sentence(`${plan.month}${sport ? `, ${sport.month}` : ""}`),
    medium_term: sentence(`${plan.quarter}${sport ? `, ${sport.quarter}` : ""}`),
  };
}

/** What he proved, in figures: "84 minutes and 14 km, 24 minutes past your longest run before". */
function provedLine(plan: BodyPlan, run: ProvedRun): string {
  const beyond =
    run.previousMaxMinutes && run.minutes > run.previousMaxMinutes
      ? `, ${run.minutes - run.previousMaxMinutes} minutes past your longest run before`
      : "";
  const pace = run.paceSecondsPerKm
    ? ` at ${Math.floor(run.paceSecondsPerKm / 60)}:${String(Math.round(run.paceSecondsPerKm % 60)).padStart(2, "0")} a kilometre`
    : "";
  return `${plan.minutes} minutes${plan.km ? ` and ${plan.km} km` : ""}${pace}${beyond}`;
}

/** Why these steps fit him, by his level and the sport or slot they serve. */
function reasonOf(plan: BodyPlan, f: Facts, sport: string | null): string {
  const serves = sport ? `, and every step also serves your ${sport}` : `, ${runSlot(f)}`;
  switch (plan.level) {
    case "beginner":
      return `A short first run is the right start, so the steps stay small and walking breaks are allowed${serves}.`;
    case "returning":
      return `Coming back from your ${plan.injury ?? "injury"}, the pace stays easy and pain decides, not the watch.`;
    case "regular":
      return `Half an hour or more means your body can already do this, so the plan adds a little every week${serves}.`;
    default:
      return `You are already a runner, so the plan asks for a longer run and a real test${plan.race ? `: the ${plan.race}` : ""}.`;
  }
}

/** The title: his race, else what the running is for. */
function bodyTitle(plan: BodyPlan, f: Facts, sport: string | null): string {
  if (plan.race) return titleCase(`run the ${plan.race}${plan.withWhom ? ` with ${plan.withWhom}` : ""}`);
  if (plan.level === "returning") return "Run Again Without Pain";
  if (sport) return titleCase(`run for ${sport}`);
  if (plan.level === "beginner") return plan.minutes < 20 ? "Run 5 km" : `Run ${five(plan.minutes * 2)} Minutes`;
  return f.screen.described ? titleCase(`run instead of ${f.screen.apps[0] ?? "the phone"}`) : "Run 10 km";
}

/** The body thread as a challenge of its own. */
export { bodyTitle };

export function bodyChallenge(f: Facts, run: ProvedRun, plan: BodyPlan): GeneratedChallenge {
  const sport = f.sport && f.sport.key !== "running" ? f.sport.name : null;
  const notes = run.notes.replace(/\s+/g, " ").trim();
  const quoted = notes.split(" ").length >= 4 && notes.length <= 200 ? `After the run: “${notes}”` : null;
  return {
    title: bodyTitle(plan, f, sport),
    description: `You proved ${provedLine(plan, run)}, and ${reasonOf(plan, f, sport).replace(/^./, (c) => c.toLowerCase())}`,
    insight: [quoted, `Three runs a week ${runSlot(f)} turn one run into a habit.`].filter(Boolean).join(" "),
    screen_to_action: f.screen.described
      ? `The runs go ${runSlot(f)}, in time ${f.screen.apps[0] ?? "your phone"} would otherwise take.`
      : `The runs go into fixed slots in your week, ${runSlot(f)}.`,
    accountability_framework: plan.km
      ? `Log the kilometres of every run ${runSlot(f)} and watch the week's longest grow.`
      : `Log the minutes of every run ${runSlot(f)}${sport ? ` and every ${sport} session` : ""}, and watch the week's longest grow.`,
  };
}
