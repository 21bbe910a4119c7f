import { type BodyPlan, bodyMilestones } from "./body.ts";
import { activityOf, appsOrPhone, eveningLine, hoursText, type Written } from "./plan-words.ts";
import type { Facts } from "./read-answers.ts";
import { capitalize, titleCase } from "./text.ts";

const FEEDS = new Set(["Instagram", "TikTok", "Reddit", "X", "Facebook", "Snapchat", "LinkedIn", "WhatsApp"]);

/** What the apps he named do to him, by the kind of app: a feed never ends, a video starts the next one. */
function pullOf(f: Facts): string {
  const apps = f.screen.apps;
  const subject = capitalize(appsOrPhone(f));
  const are = apps.length > 1 || apps[0] === "games" ? "are" : "is";
  if (apps.length === 0) return `${subject} is always within reach`;
  if (apps.every((a) => a === "games")) return `${subject} ${are} built to offer one more round`;
  if (apps.some((a) => FEEDS.has(a))) return `${subject} ${are} built as feeds without an end`;
  return `${subject} ${are} built to start the next video before you decide`;
}

/** The rule that takes the hours back, by when his phone takes them and what he already tried. */
function ruleOf(f: Facts): { rule: string; week: string } {
  const first = f.screen.apps.find((a) => a !== "games");
  const deleted = first && f.tried.deletedApps.includes(first);
  if (deleted)
    return {
      rule: `Deleting ${first} did not hold, so it stays installed but logged out and off your home screen`,
      week: `Keep ${first} logged out and off your home screen for seven days`,
    };
  switch (f.when.key) {
    case "in-bed":
    case "late":
      return {
        rule: `The charger moves out of the bedroom, and the hour before sleep goes to ${activityOf(f)}`,
        week: "Charge the phone outside the bedroom on five nights this week",
      };
    case "morning":
      return {
        rule: "An alarm clock wakes you, and the phone stays in the kitchen until you are dressed",
        week: "Leave the phone in the kitchen until you are dressed on five mornings this week",
      };
    case "night-shift":
    case "after-shift":
      return {
        rule: "The phone stays in your locker or bag during breaks, and goes on the hall table when you get home",
        week: "Leave the phone in your bag on your breaks for one whole week of shifts",
      };
    case "kids-asleep":
      return {
        rule: "When the kids are asleep, the phone goes in a drawer for the first hour",
        week: "Put the phone in a drawer for the first hour after the kids are asleep, on five days this week",
      };
    default:
      return first && !f.tried.appLimits
        ? {
            rule: `${first} comes off your phone for 30 days, and the first evening hour is phone-free`,
            week: `Delete ${first} for seven days and keep five phone-free evening hours this week`,
          }
        : {
            rule: "The phone goes in a drawer for the first evening hour, with no limit to tap away",
            week: "Keep the phone in a drawer for the first evening hour on five days this week",
          };
  }
}

/** The weekly look at the number, at a time his week has room for it. */
function reviewDay(f: Facts): string {
  switch (f.when.key) {
    case "morning":
      return "Every Sunday morning";
    case "night-shift":
    case "after-shift":
      return "On your first day off each week";
    case "kids-asleep":
      return "Every Sunday, once the kids are asleep";
    case "in-bed":
    case "late":
      return "Every Sunday before bed";
    case "after-work":
      return "Every Friday after work";
    default:
      return "Every Sunday evening";
  }
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The screen challenge: built from the apps and hours he gave, and, when it carries his body too, his runs. */
export function screenChallenge(f: Facts, body: BodyPlan | null): Written {
  const hours = hoursText(f);
  const first = f.screen.apps[0];
  const morning = f.when.key === "morning";
  const per = morning ? "a morning" : "a night";
  const half = f.screen.hours ? Math.max(1, Math.floor(f.screen.hours / 2)) : null;
  const { rule, week } = ruleOf(f);
  const evening = eveningLine(f);
  const takeBack = morning
    ? `This challenge gives your mornings back${hours ? `, all ${hours} of them` : ""}, starting with the first one.`
    : hours
      ? `Of the ${hours} ${per}, the first hour comes back this month and a second one after that.`
      : `The first hour ${f.when.text} comes back this month for ${activityOf(f)}, and a second one after that.`;
  const screenMilestones = {
    immediate: `${week}.`,
    short_term: half
      ? `Bring the ${hours} ${per} down to ${half} and hold it for four weeks, checked in the screen-time report, with the hours going to ${activityOf(f)}.`
      : `Halve the time ${appsOrPhone(f)} take${f.screen.apps.length > 1 ? "" : "s"} ${f.when.text}, checked in the screen-time report, and give it to ${activityOf(f)} for four weeks.`,
    medium_term: morning
      ? "Keep the first hour of every morning phone-free for ninety days, spent on your other two challenges."
      : `Keep two phone-free hours ${f.when.text} for ninety days, spent on your other two challenges.`,
  };
  const runs = body ? bodyMilestones(f, body) : null;
  return {
    source: 0,
    challenge: {
      title: body
        ? titleCase(`swap ${first ?? "the phone"} for running`)
        : hours
          ? morning
            ? "Take Your Mornings Back"
            : `Take Back ${titleCase(hours)}`
          : `Less ${first ?? "Phone"}, More Life`,
      description: [evening, takeBack, body ? `The hours you win back ${f.when.text} go to running first.` : null]
        .filter(Boolean)
        .join(" "),
      insight: `${pullOf(f)}, so the hours come back by a rule decided in advance, not by willpower ${f.when.text}.`,
      screen_to_action: `${rule}.`,
      accountability_framework: `${reviewDay(f)}, copy ${first ? `${first}'s line` : "the daily average"} from your screen-time report into your notes${f.tried.appLimits ? ", no limit to ignore, only a number that has to fall" : hours ? `, next to the ${hours} you started from` : ", where it has to fall week by week"}.`,
    },
    milestones: runs
      ? {
          immediate: `${week}, and ${lower(runs.immediate)}`,
          short_term: `${half ? `Bring the ${hours} ${per} down to ${half}` : `Halve the time ${appsOrPhone(f)} take${f.screen.apps.length > 1 ? "" : "s"} ${f.when.text}`}, and ${lower(runs.short_term)}`,
          medium_term: runs.medium_term,
        }
      : screenMilestones,
  };
}
