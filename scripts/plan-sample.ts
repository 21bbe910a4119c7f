/**
 * `npm run plan:sample [persona-id …]`: prints the offline plans of the issue 54 corpus (every man with the run he
 * proved) or of the named personas (corpus or harness) for a person to read, with the time each plan took.
 * `npm run plan:sample -- --check`: prints only the figures: sentence frames shared by more than two of the corpus's
 * plans, and the share of plans with a body thread.
 */

import { composePlan, createOfflineGenerator } from "#server/services/ai/offline/offline-generator.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { harnessPersonas } from "#tests/fixtures/harness-personas.ts";
import { planCorpus } from "#tests/fixtures/plan-corpus.ts";
import { framesOf, hasBodyThread, ownWords, sharedFrames } from "#tests/support/plan-quality.ts";

const args = process.argv.slice(2);
const answersOf = (texts: readonly string[]) =>
  QUIZ_QUESTIONS.map((question, i) => ({ question, answer: texts[i] ?? "" }));

if (args.includes("--check")) {
  const plans = planCorpus.map((p) => {
    const plan = composePlan(answersOf(p.answers), { run: p.run });
    return { id: p.id, plan, frames: framesOf(plan, ownWords([...p.answers, p.run.notes])) };
  });
  const shared = sharedFrames(plans);
  const withBody = plans.filter((p) => hasBodyThread(p.plan)).length;
  console.log(`plans: ${plans.length}`);
  console.log(`sentence frames in more than two plans: ${shared.length}`);
  for (const s of shared) console.log(`  ${s.ids.length}× ${s.frame}  (${s.ids.join(", ")})`);
  console.log(
    `plans with a body thread: ${withBody}/${plans.length} (${Math.round((withBody / plans.length) * 100)} %)`,
  );
  process.exit(0);
}

const ids = args.length > 0 ? args : planCorpus.map((p) => p.id);
const ai = createOfflineGenerator();
const everyone = [
  ...planCorpus.map((p) => ({ id: p.id, about: p.about, answers: p.answers, run: p.run })),
  ...harnessPersonas.map((p) => ({ ...p, run: null })),
];

for (const id of ids) {
  const persona = everyone.find((p) => p.id === id);
  if (!persona) {
    console.error(`No persona "${id}". Known: ${everyone.map((p) => p.id).join(", ")}`);
    process.exitCode = 1;
    continue;
  }
  const answers = answersOf(persona.answers);
  const started = performance.now();
  const plan = composePlan(answers, { run: persona.run });
  const ms = performance.now() - started;
  const first = plan.milestones[0];
  const todos = first
    ? await ai.todos({
        mission: plan.mission.life_mission,
        challenge: { title: plan.challenges[0]?.title ?? "", description: plan.challenges[0]?.description ?? "" },
        milestone: { type: "immediate", description: first.immediate },
      })
    : [];

  const out: string[] = [];
  out.push(`\n${"=".repeat(78)}\n${persona.id} — ${persona.about}  (${ms.toFixed(1)} ms)\n${"=".repeat(78)}`);
  for (const [i, a] of persona.answers.entries()) out.push(`  Q${i + 1}: ${a}`);
  if (persona.run)
    out.push(
      `  RUN: ${persona.run.minutes} min${persona.run.distanceMeters ? `, ${persona.run.distanceMeters} m` : ""} — ${persona.run.notes}`,
    );
  out.push("", `LIFE MISSION   ${plan.mission.life_mission}`, `STATEMENT      ${plan.mission.mission_statement}`);
  out.push(`VISION         ${plan.mission.vision}`, `SCREEN→ACTION  ${plan.mission.screen_to_action_plan}`);
  out.push(`ACCOUNTABLE    ${plan.mission.accountability_framework}`);
  plan.challenges.forEach((c, i) => {
    const m = plan.milestones[i];
    out.push(
      "",
      `CHALLENGE ${i + 1}: ${c.title}   (from ${plan.sources[i] === 5 ? "the run he proved" : `answer ${(plan.sources[i] ?? 0) + 1}`})`,
    );
    out.push(`  ${c.description}`, `  Insight: ${c.insight}`, `  Screen→action: ${c.screen_to_action}`);
    out.push(`  Accountability: ${c.accountability_framework}`);
    if (m) out.push(`  · 7 days:  ${m.immediate}`, `  · 30 days: ${m.short_term}`, `  · 90 days: ${m.medium_term}`);
  });
  out.push("", "TODOS for challenge 1, 7 days:", ...todos.map((t) => `  - ${t}`));
  console.log(out.join("\n"));
}
