import {
  activityOf,
  appsOrPhone,
  craftObjectOf,
  goalPhrase,
  hoursText,
  instrumentOf,
  languageOf,
  type Written,
} from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { isNonAnswer } from "./read-answers.ts";
import { asTitle, capitalize, titleCase, withinLength } from "./text.ts";
import { goalKits, obstacleAnswer, obstacleLog } from "./themes.ts";

/** The thing his goal names, so the kit's milestones say "Spanish", "guitar", "motorcycle". */
function objectOf(f: Facts): string {
  if (f.goalKind === "language") return languageOf(f);
  if (f.goalKind === "music") return instrumentOf(f);
  if (f.goalKind === "craft") return craftObjectOf(f);
  if (f.goalKind === "fitness" && f.sport) return f.sport.name;
  return "piece";
}

/** How he said it, read back: how long he has wanted it, what failed before, or simply that he named it. */
function saidLine(f: Facts, g: string): string {
  if (f.goal) {
    if (f.tried.failedBefore) return `You tried it before and it failed; now you want to ${g}.`;
    if (f.goalSince) return `You have wanted to ${g} ${f.goalSince}.`;
    return f.obstacle ? `You want to ${g}.` : `You named it yourself: you want to ${g}.`;
  }
  if (isNonAnswer(f.texts[2] ?? ""))
    return "You did not name one thing you keep putting off, so the first step is choosing one.";
  const quoted = quoteAnswer(f, 2);
  if (!quoted) return "You did not pin one goal down, so this challenge starts with choosing one and finishing it.";
  return f.english[2] ? `Your goal, in your words: ${quoted}` : `In your own words: ${quoted}`;
}

/** What stops him, in a frame that fits its grammar: a clause after "that", a noun phrase after "is". */
function obstacleLine(f: Facts): string | null {
  if (!f.obstacle) return null;
  return f.obstacleForm === "clause" ? `What stops you is that ${f.obstacle}.` : `What stops you: ${f.obstacle}.`;
}

/** Where the hours for it come from, by when his phone takes them. */
function slotLine(f: Facts, what: string): string {
  const apps = appsOrPhone(f);
  if (!f.screen.described)
    return `${capitalize(what)} gets fixed hours in your week, written in the calendar before the week starts.`;
  const hours = hoursText(f);
  switch (f.when.key) {
    case "night-shift":
      return `The breaks on your night shifts that went to ${apps} go to ${what}, ten minutes at a time.`;
    case "after-shift":
      return `The first hour after your shift, which ${apps} used to take, goes to ${what}.`;
    case "morning":
      return `The time in bed with ${apps} each morning goes to ${what}, before work starts.`;
    case "kids-asleep":
      return `Once the kids are asleep, the first hour goes to ${what} instead of ${apps}.`;
    case "in-bed":
      return `Before bed, the hour ${apps} would take goes to ${what}, away from the bedroom.`;
    case "after-work":
      return `Straight after work, before ${apps} ${f.screen.apps.length > 1 ? "start" : "starts"}, one hour goes to ${what}.`;
    case "late":
      return `Of the late hours with ${apps}, the first one goes to ${what}${hours ? `, and the ${hours} get shorter` : ""}.`;
    default:
      return `The first evening hour you would give to ${apps} goes to ${f.goal ? activityOf(f) : what} instead.`;
  }
}

export function goalChallenge(f: Facts): Written {
  const g = goalPhrase(f);
  const kit = goalKits[f.goalKind];
  const x = objectOf(f);
  const title = (f.goal ? asTitle(g) : null) ?? titleCase(kit.general);
  const insight = [obstacleLine(f), obstacleAnswer(f)].filter(Boolean).join(" ");
  return {
    source: 2,
    challenge: {
      title: withinLength(title, 80),
      description: withinLength(`${saidLine(f, g)} ${kit.promise(x)}`, 700),
      insight: withinLength(
        insight ||
          (f.strength
            ? f.goal || f.goalKind !== "general"
              ? `You said ${f.strength}, and that is what ${activityOf(f)} needs.`
              : `You said ${f.strength}: bring that to it.`
            : `Nothing stops a plan for ${f.goalKind === "general" ? "it" : x === "piece" ? "this" : `the ${x}`} that starts small and has a fixed time.`),
        500,
      ),
      screen_to_action: slotLine(f, f.goal ? "this" : "it"),
      accountability_framework: `${kit.measure}, ${obstacleLog(f)}.`,
    },
    milestones: kit.milestones(g, x, f),
  };
}
