import type { ProvedRun } from "../body-thread.ts";
import type { PlanContext } from "../generator.ts";
import type { GeneratedChallenge, MilestoneSet, Mission } from "../schema.ts";
import { type BodyPlan, bodyChallenge, bodyMilestones, bodyTitle, planBody } from "./body.ts";
import { goalChallenge } from "./goal-challenge.ts";
import { writeMission } from "./mission.ts";
import { peopleChallenge } from "./people-challenge.ts";
import { keyPerson, type Written } from "./plan-words.ts";
import type { Facts } from "./read-answers.ts";
import { withReasons } from "./reasons.ts";
import { regretChallenge, regretKindOf } from "./regret-challenge.ts";
import { screenChallenge } from "./screen-challenge.ts";
import { strengthChallenge } from "./strength-challenge.ts";
import { asTitle, polishAll } from "./text.ts";

/**
 * A written plan plus, per challenge, what it is grounded in: an answer (0–4), or 5 for the run he proved. The
 * harness checks that they differ.
 */
export type WrittenPlan = {
  mission: Mission;
  challenges: GeneratedChallenge[];
  milestones: MilestoneSet[];
  sources: number[];
};

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

/** His goal is his body (a race, a sport, fitness): the goal challenge carries the run on, with his goal's words. */
function bodyGoal(f: Facts, body: BodyPlan): Written {
  const goal = goalChallenge(f);
  const sport = f.sport && f.sport.key !== "running" ? f.sport.name : null;
  const title = (f.goal ? asTitle(f.goal) : null) ?? bodyTitle(body, f, sport);
  return { ...goal, milestones: bodyMilestones(f, body), challenge: { ...goal.challenge, title } };
}

/**
 * Chooses the three challenges by what he wrote: his goal first; then the person he wants time with; his screen
 * habit; his body, carried on from the run he proved (issue 54); a regret about his work; what he is good at. When
 * his body has no room of its own, it runs through the screen challenge: the hours he wins back go to running.
 */
function choose(f: Facts, run: ProvedRun | null): { picked: Written[]; body: BodyPlan | null } {
  const body = run ? planBody(f, run) : null;
  const goalIsBody = body !== null && f.goalKind === "fitness";
  const goal = goalIsBody && body ? bodyGoal(f, body) : goalChallenge(f);
  const person = peopleChallenge(f);
  // A race with the person he named is the time with him: one challenge, not two.
  const sameAsRace = person && body?.withWhom && keyPerson(f)?.who === body.withWhom;
  const candidates: Array<Written | null> = [goal];
  if (person && !sameAsRace) candidates.push(person);
  else if (!person && !run) candidates.push(regretChallenge(f));
  const needsBody = body !== null && !goalIsBody;
  const roomForBody = candidates.length + (f.screen.described ? 1 : 0) < 3;
  if (f.screen.described) candidates.push(screenChallenge(f, needsBody && !roomForBody ? body : null));
  if (needsBody && roomForBody && run && body) {
    const grounded = [4, 1, 3].find((i) =>
      /\b(run(s|ning)?|body|fit|fitness|health|sport|marathon|football|weight|shape)\b(?! (a|my|our) )/i.test(
        f.texts[i] ?? "",
      ),
    );
    candidates.push({
      source: grounded ?? 5,
      challenge: bodyChallenge(f, run, body),
      milestones: bodyMilestones(f, body),
    });
  }
  if (candidates.length < 3 && run && !person && regretKindOf(f.texts[4] ?? "") === "career")
    candidates.push(regretChallenge(f));
  const picked = candidates.filter((c): c is Written => c !== null);
  const used = new Set(picked.map((p) => p.source));
  for (const source of [3, 1] as const) {
    if (picked.length >= 3) break;
    if (!used.has(source)) picked.push(strengthChallenge(f, source));
  }
  return { picked: picked.slice(0, 3), body };
}

/**
 * Writes the whole plan from the facts: three challenges, each from a different answer or the run. With a confirmed
 * accountability partner (issue 25), the plan names him where it would say "one person you trust".
 */
export function writePlan(f: Facts, context: PlanContext = {}): WrittenPlan {
  const partner = partnerName(context);
  const run = context.run ?? null;
  const { picked, body } = choose(f, run);
  const challenges = withReasons(f, picked).map((c) => polishAll(namingPartner(c, partner)));
  return {
    mission: polishAll(writeMission(f, keyPerson(f), partner, body)),
    challenges,
    milestones: picked.map((p) => polishAll(p.milestones)),
    sources: picked.map((p) => p.source),
  };
}
