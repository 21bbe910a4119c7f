import type { Mission } from "../schema.ts";
import { type BodyPlan, runSlot } from "./body.ts";
import { activityOf, appsOrPhone, eveningLine, goalPhrase, hoursText, type keyPerson } from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { firstPerson, withinLength } from "./text.ts";
import { toThirdPerson } from "./third-person.ts";

type Person = ReturnType<typeof keyPerson>;

function bodyVP(body: BodyPlan | null): string | null {
  if (!body) return null;
  switch (body.level) {
    case "beginner":
      return `to build on the ${body.minutes} minutes you ran`;
    case "returning":
      return "to run again without pain";
    case "regular":
      return body.race ? `to run the ${body.race}` : "to make the long run a weekly habit";
    default:
      return body.race
        ? `to run the ${body.race}${body.withWhom ? ` with ${body.withWhom}` : ""}`
        : "to find out how far you can run";
  }
}

function peopleVP(p: Person): string | null {
  if (!p) return null;
  const who = p.who;
  if (/father|mother|grand/.test(who)) return `to call ${who} while there is time`;
  if (/wife|girlfriend|partner|husband/.test(who)) return `to give ${who} your evenings`;
  if (/kids|son|daughter|family/.test(who)) return `to be there for ${who}`;
  return `to see ${who} every week`;
}

function timeVP(f: Facts): string {
  if (!f.screen.described) return "to guard the hours you already have";
  const apps = appsOrPhone(f);
  switch (f.when.key) {
    case "morning":
      return `to take your mornings back from ${apps}`;
    case "in-bed":
    case "late":
      return `to take your nights back from ${apps}`;
    case "night-shift":
    case "after-shift":
      return `to take the hours around your shifts back from ${apps}`;
    default:
      return `to take your evenings back from ${apps}`;
  }
}

function joinVPs(vps: string[]): string {
  const [first, ...rest] = vps;
  if (rest.length === 0) return `${first}.`;
  return `${[first, ...rest.slice(0, -1)].join(", ")}, and ${rest.at(-1)}.`;
}

/** The sentence he says out loud: his goal, his body, his person, his hours, each in words chosen by his facts. */
function statement(f: Facts, p: Person, body: BodyPlan | null): string {
  const g = firstPerson(goalPhrase(f));
  const parts = [`I ${g}.`];
  if (body && f.goalKind !== "fitness")
    parts.push(
      body.level === "beginner"
        ? `I run ${firstPerson(runSlot(f))}, even when it is slow.`
        : body.level === "returning"
          ? `I run at the pace my ${body.injury ?? "body"} allows.`
          : body.race
            ? `I train for the ${body.race}.`
            : `I keep running ${firstPerson(runSlot(f))}, a little further each week.`,
    );
  if (p) parts.push(`I make time for ${firstPerson(p.who)}.`);
  if (f.screen.described) {
    const apps = firstPerson(appsOrPhone(f));
    parts.push(
      f.when.key === "morning"
        ? `My mornings start without ${apps}.`
        : f.when.key === "in-bed" || f.when.key === "late"
          ? `${f.screen.apps.length > 0 ? `${appsOrPhone(f)} ${f.screen.apps.length > 1 ? "sleep" : "sleeps"}` : "My phone sleeps"} outside my bedroom.`
          : f.when.key === "kids-asleep"
            ? "When the kids sleep, the phone rests too."
            : f.when.key === "night-shift" || f.when.key === "after-shift"
              ? "My breaks are mine."
              : "My evenings are mine.",
    );
  } else parts.push(f.sport && !body ? `I keep ${f.sport.name} in my week.` : "I keep my word to myself.");
  return parts.join(" ");
}

function levelPhrase(body: BodyPlan | null, f: Facts): string {
  if (!body) return f.sport ? `the weeks you kept ${f.sport.name} in` : "the first weeks";
  switch (body.level) {
    case "beginner":
      return `the runs that grew from ${body.minutes} minutes`;
    case "returning":
      return `the easy runs after your ${body.injury ?? "injury"}`;
    case "regular":
      return "a weekly long run";
    default:
      return body.race ? `the long runs toward the ${body.race}` : "the long runs";
  }
}

function vision(f: Facts, body: BodyPlan | null): string {
  const started = `It began with ${activityOf(f)} and ${levelPhrase(body, f)}.`;
  if (f.future) return `In five years: ${f.future}. ${started}`;
  const quoted = quoteAnswer(f, 1);
  if (quoted) return `Your future, in your words: ${quoted} ${started}`;
  return `Five years from now, you ${f.goal ? "chose to" : "decided to"} ${goalPhrase(f)}, and your weeks show it. ${started}`;
}

function screenPlan(f: Facts, body: BodyPlan | null): string {
  if (!f.screen.described) {
    const line = eveningLine(f);
    return `${line ? `${line} ` : ""}No phone habit described, so none is invented: each challenge gets one fixed hour a week, and ${activityOf(f)} gets the first.`;
  }
  const hours = hoursText(f);
  const apps = appsOrPhone(f);
  const where = hours
    ? `${apps}: about ${hours} ${f.when.key === "morning" ? "a morning" : "a night"}.`
    : `${apps}, ${f.when.text}.`;
  const goes = body
    ? `the first hour you win back goes to running, the second to ${activityOf(f)}`
    : `the first hour you win back goes to ${activityOf(f)}`;
  return `${where.charAt(0).toUpperCase()}${where.slice(1)} From this week, ${goes.replace("you win back", `you win back ${f.when.text}`)}.`;
}

function accountability(f: Facts, p: Person, partner: string | null, body: BodyPlan | null): string {
  const parts = [activityOf(f), body ? "your runs" : null, p ? `your time with ${p.who}` : null].filter(
    (x): x is string => Boolean(x),
  );
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  const when =
    f.when.key === "morning"
      ? "Sunday mornings"
      : f.when.key === "night-shift" || f.when.key === "after-shift"
        ? "Your first day off"
        : "Every Sunday";
  const review = `${when}, 15 minutes: ${list}, what you did and the next step.`;
  // His accountability partner, when one confirmed, is the person to tell: he follows the plan and hears how it goes.
  const who = partner ?? p?.who ?? "one person you trust";
  const follows = partner ? ` ${partner} sees each milestone you tick off, and each one you miss.` : "";
  return `${review} Tell ${who} what you committed to for ${parts[0]}${body ? " and your runs" : ""}, and ask for a check-in every week.${follows}`;
}

export function writeMission(f: Facts, p: Person, partner: string | null, body: BodyPlan | null): Mission {
  const g = goalPhrase(f);
  // A race with the person he named already is his time with him; a fitness goal already is his body.
  const person = body?.withWhom && p?.who === body.withWhom ? null : p;
  const ownBody = f.goalKind === "fitness" ? null : body;
  const vps = [`To ${g}`, bodyVP(ownBody), peopleVP(person), timeVP(f)].filter((v): v is string => Boolean(v));
  const life = joinVPs(vps);
  return {
    life_mission: withinLength(life, 600),
    life_mission_for_others: withinLength(toThirdPerson(life), 600),
    mission_statement: withinLength(statement(f, p, body), 400),
    vision: withinLength(vision(f, body), 700),
    screen_to_action_plan: withinLength(screenPlan(f, body), 900),
    accountability_framework: withinLength(accountability(f, p, partner, body), 900),
  };
}
