/**
 * `npm run plan:sample [persona-id …]`: prints the offline plans of a few harness personas (the two answer
 * sets, a terse one, a German one, a long one by default) for a person to read, with the time each plan took.
 */

import { composePlan, createOfflineGenerator } from "#server/services/ai/offline/offline-generator.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { harnessPersonas } from "#tests/fixtures/harness-personas.ts";

const DEFAULT_IDS = ["issue-woodworker", "issue-spanish", "terse-1", "german-1", "musician-long"];
const ids = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_IDS;
const ai = createOfflineGenerator();

for (const id of ids) {
  const persona = harnessPersonas.find((p) => p.id === id);
  if (!persona) {
    console.error(`No persona "${id}". Known: ${harnessPersonas.map((p) => p.id).join(", ")}`);
    process.exitCode = 1;
    continue;
  }
  const answers = QUIZ_QUESTIONS.map((question, i) => ({ question, answer: persona.answers[i] ?? "" }));
  const started = performance.now();
  const plan = composePlan(answers);
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
  out.push("", `LIFE MISSION   ${plan.mission.life_mission}`, `STATEMENT      ${plan.mission.mission_statement}`);
  out.push(`VISION         ${plan.mission.vision}`, `SCREEN→ACTION  ${plan.mission.screen_to_action_plan}`);
  out.push(`ACCOUNTABLE    ${plan.mission.accountability_framework}`);
  plan.challenges.forEach((c, i) => {
    const m = plan.milestones[i];
    out.push("", `CHALLENGE ${i + 1}: ${c.title}   (from answer ${(plan.sources[i] ?? 0) + 1})`);
    out.push(`  ${c.description}`, `  Insight: ${c.insight}`, `  Screen→action: ${c.screen_to_action}`);
    out.push(`  Accountability: ${c.accountability_framework}`);
    if (m) out.push(`  · 7 days:  ${m.immediate}`, `  · 30 days: ${m.short_term}`, `  · 90 days: ${m.medium_term}`);
  });
  out.push("", "TODOS for challenge 1, 7 days:", ...todos.map((t) => `  - ${t}`));
  console.log(out.join("\n"));
}
