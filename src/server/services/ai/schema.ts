import { z } from "zod";
import type { MilestoneType } from "#shared/plan/rules.ts";
import type { ReplanReason } from "#shared/replan/rules.ts";

/**
 * What the model (or the offline generator) must return. Each schema exists twice: `wire` (types and descriptions
 * only) is sent to the provider as JSON schema — providers' structured-output modes reject many constraints such as
 * minItems > 1 or maxLength — and `strict` validates what comes back; a strict failure counts as invalid output.
 */
function build(strict: boolean) {
  const text = (min: number, max: number, description: string) =>
    (strict ? z.string().trim().min(min).max(max) : z.string()).describe(description);
  const three = <T extends z.ZodType>(item: T, description: string) =>
    (strict ? z.array(item).length(3) : z.array(item)).describe(description);

  const mission = z.object({
    life_mission: text(20, 600, "One or two sentences: his life mission, in the second person."),
    life_mission_for_others: text(
      20,
      600,
      'The same life mission as the people who follow his plan read it, under the heading "<his first name>\'s life mission": third person ("he", "his", "him"), never "you", "your", "I" or "my".',
    ),
    mission_statement: text(20, 400, "A first-person mission statement he can say out loud."),
    vision: text(20, 700, "Where this leads in five years, built from his own picture of the future."),
    screen_to_action_plan: text(20, 900, "How the time his phone takes turns into action, concretely."),
    accountability_framework: text(20, 900, "How he keeps himself honest: check-ins, people, measures."),
  });
  const challenge = z.object({
    title: text(3, 80, "Short, bold, imperative title."),
    description: text(20, 700, "What the challenge is and why it matters to him."),
    insight: text(20, 500, "What his answers reveal that makes this challenge the right one."),
    screen_to_action: text(20, 500, "Which scrolling habit this replaces, and with what."),
    accountability_framework: text(20, 500, "How progress on this challenge is checked."),
  });
  const milestoneSet = z.object({
    immediate: text(10, 300, "Something he can finish within 7 days."),
    short_term: text(10, 300, "A result within about 30 days."),
    medium_term: text(10, 300, "A result within about 90 days."),
  });
  return {
    mission,
    challenge,
    milestoneSet,
    challenges: z.object({ challenges: three(challenge, "Exactly three challenges, most important first.") }),
    milestones: z.object({
      milestones: three(milestoneSet, "Exactly three milestone sets, one per challenge, in the challenges' order."),
    }),
    todos: z.object({
      todos: (strict
        ? z
            .array(text(5, 200, "A todo"))
            .min(3)
            .max(5)
        : z.array(text(5, 200, "A todo"))
      ).describe("Three to five concrete todos, each doable in one sitting."),
    }),
    replan: z.object({
      next_step: text(10, 300, "The smaller next step: one concrete, checkable sentence, in the second person."),
      days_from_today: (strict ? z.number().int().min(1).max(120) : z.number()).describe(
        "In how many days the next step is due, within the window the task gives.",
      ),
      todos: three(text(5, 200, "A todo"), "Exactly three todos that lead to the next step, in order."),
    }),
  };
}

export const strictSchemas = build(true);
export const wireSchemas = build(false);

export type Mission = z.infer<typeof strictSchemas.mission>;
export type GeneratedChallenge = z.infer<typeof strictSchemas.challenge>;
export type MilestoneSet = z.infer<typeof strictSchemas.milestoneSet>;

/** The whole plan of one quiz response. */
export const planSchema = z.object({
  mission: strictSchemas.mission,
  challenges: strictSchemas.challenges.shape.challenges,
  milestones: strictSchemas.milestones.shape.milestones,
});
export type GeneratedPlan = z.infer<typeof planSchema>;

export type Answer = { question: string; answer: string };

/** A missed milestone to re-plan (issue 27): what it was, what got in the way, and the days a new date may use. */
export type ReplanInput = {
  mission: string;
  challenge: { title: string; description: string };
  milestone: { type: MilestoneType; description: string };
  /** The choice he picked, as he read it, and his own line (data, never instructions). */
  reason: { key: ReplanReason; label: string; note: string | null };
  /** Todos of the milestone he already ticked off: the new step does not repeat them. */
  doneTodos: string[];
  /** The new date, in days from his today: from `minDays` to `maxDays`. */
  window: { minDays: number; maxDays: number };
};

export type ReplanOutput = { nextStep: string; daysFromToday: number; todos: string[] };

export type TodoInput = {
  mission: string;
  challenge: { title: string; description: string };
  milestone: { type: MilestoneType; description: string };
};
