import { appsOrPhone, keyPerson, type Written } from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { capitalize, titleCase } from "./text.ts";

/** Who he named decides how the time together looks: calls for a parent, evenings for a partner, days for kids. */
type Group = "parent" | "partner" | "kids" | "sibling" | "friends";

function groupOf(who: string): Group {
  if (/father|mother|grand(mother|father|parents)/.test(who)) return "parent";
  if (/wife|husband|girlfriend|boyfriend|partner/.test(who)) return "partner";
  if (/kids|son|daughter|grandchildren|family/.test(who)) return "kids";
  if (/brother|sister/.test(who)) return "sibling";
  return "friends";
}

/** When children can have him: his days off after night shifts, before their bedtime, or the weekend. */
function kidsTime(f: Facts): string {
  if (f.when.key === "night-shift" || f.when.key === "after-shift") return "on your days off";
  return f.when.key === "kids-asleep" ? "before their bedtime" : "at the weekend";
}

const WHY: Record<Group, (p: string, f: Facts) => string> = {
  parent: (p) => `Calls with ${p} go in the calendar like appointments, so they stop depending on a free evening.`,
  partner: (p) => `An evening a week with ${p}, phone in another room, is the time this plan protects first.`,
  kids: (p, f) => `Time with ${p} gets fixed slots ${kidsTime(f)} that no screen can take, yours or theirs.`,
  sibling: (p) => `A standing date with ${p} turns "some time soon" into a day in both calendars.`,
  friends: (p) => `Seeing ${p} every week, in person, is the habit this challenge builds.`,
};

const INSIGHT: Record<Group, (f: Facts, p: string) => string> = {
  parent: () =>
    "Regrets about parents rarely come from one big mistake; they come from the calls that waited for a better week.",
  partner: (f) =>
    `A relationship rarely drifts because of one evening, it drifts in the hours both of you spend on screens ${f.when.text}.`,
  kids: (f, p) =>
    f.when.key === "night-shift" || f.when.key === "after-shift"
      ? `${capitalize(p)} will remember who was there, and on your days off they can see you awake and without a phone.`
      : f.when.key === "kids-asleep"
        ? `${capitalize(p)} will remember who was there, so the hour before sleep is theirs and the phone can wait.`
        : `${capitalize(p)} will remember who was there, not who meant to be, and they notice a phone ${f.when.text}.`,
  sibling: () => "Brothers and sisters drift apart without a quarrel, simply because nobody sets the next date.",
  friends: () => "Friendships fade from missed weeks, not from arguments; the fix is a date that repeats.",
};

const WEEKLY: Record<Group, (p: string) => string> = {
  parent: (p) => `Mark each week you called ${p}; a missed week means you call the next morning.`,
  partner: (p) => `Mark each week you kept your evening with ${p}; two missed weeks in a row and you plan a whole day.`,
  kids: (p) => `Keep a list of what you did with ${p} each week and read it together at the end of the month.`,
  sibling: (p) => `Mark each week you spoke to ${p}; the one who misses sets the next date.`,
  friends: (p) => `Count the weeks you saw ${p} in person; the aim is no week without.`,
};

/** The challenge for the person he wants time with: his regret or his picture of the future named him. */
export function peopleChallenge(f: Facts): Written | null {
  const person = keyPerson(f);
  if (!person) return null;
  const p = person.who;
  const group = groupOf(p);
  const talk = /\b(call\w*|talk\w*|speak\w*|visit\w*)\b/i.test(f.texts[person.answer] ?? "");
  const named =
    person.answer === 4
      ? f.regret
        ? `Your regret: ${f.regret}.`
        : quoteAnswer(f, 4)
          ? `Your regret, in your words: ${quoteAnswer(f, 4)}`
          : `You named ${p} in your regret.`
      : f.future
        ? `In the picture of your future, ${f.future}.`
        : `${p.charAt(0).toUpperCase()}${p.slice(1)} is in the picture of your future.`;
  const apps = appsOrPhone(f);
  return {
    source: person.answer,
    challenge: {
      title: talk ? titleCase(`call ${p} this week`) : titleCase(`make time for ${p}`),
      description: `${named} ${WHY[group](p, f)}`,
      insight: INSIGHT[group](f, p),
      screen_to_action: f.screen.described
        ? `One evening a week that ${apps} would have taken belongs to ${p}${f.when.key === "night-shift" || f.when.key === "after-shift" ? ", on a day off" : f.when.key === "evening" ? "" : `, ${f.when.text}`}.`
        : `One evening a week belongs to ${p}, phone in another room.`,
      accountability_framework: WEEKLY[group](p),
    },
    milestones: {
      immediate: talk
        ? `Call ${p} this week and set a date to meet or talk again.`
        : `Spend one phone-free evening with ${p} this week and agree on the next one.`,
      short_term:
        group === "parent"
          ? `Call ${p} every week for four weeks in a row, and visit once.`
          : group === "partner"
            ? `Keep one phone-free evening a week with ${p} for four weeks in a row, out of the house at least once.`
            : group === "kids"
              ? `Keep a weekly time with ${p} ${kidsTime(f)} for four weeks in a row, doing something they choose.`
              : `Keep a weekly time with ${p} for four weeks in a row: a call, a meal or a run together.`,
      medium_term:
        group === "kids"
          ? `Plan and do one whole day with ${p} that they will remember, organised by you.`
          : group === "parent"
            ? `Visit ${p} for a whole day you organise yourself, with the phone left in the car.`
            : group === "partner"
              ? `Plan a whole day away with ${p}, organised by you, with the phones left at home.`
              : `Plan and do one whole day with ${p} that you organise yourself.`,
    },
  };
}
