import { describe, expect, it } from "vitest";
import { type CorpusRule, planCorpus } from "#tests/fixtures/plan-corpus.ts";
import { answersFor } from "#tests/support/personas.ts";
import { bodyAmounts, framesOf, ownWords, planFields, sharedFrames } from "#tests/support/plan-quality.ts";
import { bodyThreadIndex, bodyThreadProblem } from "../body-thread.ts";
import { planSchema } from "../schema.ts";
import { composePlan } from "./offline-generator.ts";
import { carriesMeaning } from "./quotes.ts";
import { readAnswers } from "./read-answers.ts";

/**
 * Issue 54: the plan a new man meets, read across a corpus of men as they really answer, each with the run he
 * proved. Rules, not exact text: a body thread that grows from his run, quotes that mean something in frames that
 * read right, titles that are titles, nothing he already did or tried asked again, and no sentence frame shared by
 * more than two men.
 */
const plans = planCorpus.map((persona) => {
  const answers = answersFor(persona.answers);
  return { persona, facts: readAnswers(answers), plan: composePlan(answers, { run: persona.run }) };
});

function textFor(plan: (typeof plans)[number]["plan"], where: CorpusRule["in"]): string {
  if (where === "milestones") return plan.milestones.flatMap((m) => Object.values(m)).join("\n");
  if (where === "titles") return plan.challenges.map((c) => c.title).join("\n");
  return planFields(plan)
    .map((f) => f.text)
    .join("\n");
}

describe("the plan corpus (issue 54)", () => {
  it("holds at least 20 men, sport-heavy and without sport, terse and long, typos and German", () => {
    expect(planCorpus.length).toBeGreaterThanOrEqual(20);
    expect(new Set(planCorpus.map((p) => p.id)).size).toBe(planCorpus.length);
  });

  describe.each(plans)("$persona.id", ({ persona, facts, plan }) => {
    it("passes the output schema", () => {
      expect(planSchema.safeParse(plan).success).toBe(true);
    });

    it("carries his body on from the run he proved, each step asking more than the last", () => {
      expect(bodyThreadProblem(persona.run, plan.challenges, plan.milestones)).toBeNull();
      const set = plan.milestones[bodyThreadIndex(plan.milestones)];
      if (!set) throw new Error("no body thread");
      const steps = [set.immediate, set.short_term, set.medium_term].map(bodyAmounts);
      for (const unit of ["minutes", "km"] as const) {
        const peaks = steps.map((s) => Math.max(0, ...s[unit]));
        // Compare the steps that name this unit: each asks more than the one before.
        const named = peaks.filter((n) => n > 0);
        for (let i = 1; i < named.length; i++)
          expect(named[i], `${unit}: ${named.join(" → ")}`).toBeGreaterThan(named[i - 1] ?? 0);
      }
      // It starts from his run: the first step names his minutes (or his distance), not someone else's.
      const first = steps[0];
      const km = persona.run.distanceMeters ? Math.round(persona.run.distanceMeters / 1000) : null;
      expect(
        (first?.minutes ?? []).some((m) => m <= persona.run.minutes && m >= persona.run.minutes * 0.6) ||
          (km !== null && (first?.km ?? []).includes(km)),
        set.immediate,
      ).toBe(true);
    });

    it("quotes only whole sentences that mean something, each after a label that frames it", () => {
      const sources = [...facts.texts, ...facts.sentences.flat(), persona.run.notes.replace(/\s+/g, " ").trim()];
      for (const field of planFields(plan)) {
        for (const m of field.text.matchAll(/(.{0,2})“([^”]*)”/g)) {
          const quote = m[2] ?? "";
          expect(sources, `cut quote “${quote}” in ${field.key}`).toContain(quote);
          expect(carriesMeaning(quote), `filler quoted: “${quote}”`).toBe(true);
          expect(m[1], `no frame before “${quote}”: ${field.text}`).toMatch(/: $/);
        }
      }
    });

    it("writes titles as titles: short, without his time phrases or a full stop", () => {
      for (const { title } of plan.challenges) {
        expect(title.split(" ").length, title).toBeLessThanOrEqual(8);
        expect(title).not.toMatch(/[.!?]$|\b(for years|since|again|one day|someday)\b/i);
      }
    });

    it("keeps his rules: what his plan must and must not say", () => {
      for (const rule of persona.must ?? [])
        expect(textFor(plan, rule.in), `${persona.id} must: ${rule.why}`).toMatch(rule.pattern);
      for (const rule of persona.mustNot ?? [])
        expect(textFor(plan, rule.in), `${persona.id} must not: ${rule.why}`).not.toMatch(rule.pattern);
    });
  });

  it("shares no sentence frame among more than two men", () => {
    const frames = plans.map(({ persona, plan }) => ({
      id: persona.id,
      frames: framesOf(plan, ownWords([...persona.answers, persona.run.notes])),
    }));
    expect(sharedFrames(frames, 2)).toEqual([]);
  });

  it("writes a beginner's steps with walking allowed and a runner's with a longer run and a race", () => {
    const by = (id: string) => plans.find((p) => p.persona.id === id)?.plan;
    const milestonesOf = (id: string) => {
      const plan = by(id);
      return plan ? Object.values(plan.milestones[bodyThreadIndex(plan.milestones)] ?? {}).join(" ") : "";
    };
    expect(milestonesOf("desk-novelist")).toMatch(/walk/i);
    expect(milestonesOf("desk-novelist")).not.toMatch(/marathon|race/i);
    expect(milestonesOf("brother-half")).toMatch(/half marathon with your brother/i);
    expect(milestonesOf("marathoner")).toMatch(/\b2[0-9] km\b/);
    expect(milestonesOf("bad-knee")).toMatch(/without pain|complains/i);
  });
});
