import type { AiGenerator, PlanContext } from "../generator.ts";
import { type Answer, type ReplanInput, strictSchemas, type TodoInput } from "../schema.ts";
import { readAnswers } from "./read-answers.ts";
import { writeReplan } from "./replan.ts";
import { writeTodos } from "./todos.ts";
import { type WrittenPlan, writePlan } from "./write-plan.ts";

/** Reads the five answers into facts and writes the whole plan from them (the harness checks this directly). */
export function composePlan(answers: Answer[], context: PlanContext = {}): WrittenPlan {
  return writePlan(readAnswers(answers), context);
}

/**
 * The default provider: no key, no network, deterministic. It reads the answers into facts (the time sink, the goal,
 * what stops him, the regret, the people he named) and writes the plan in second person from those facts only.
 */
export function createOfflineGenerator(): AiGenerator {
  return {
    name: "offline",
    model: "offline",
    async mission(answers: Answer[], context?: PlanContext) {
      return strictSchemas.mission.parse(composePlan(answers, context).mission);
    },
    async challenges(answers: Answer[], _mission, context?: PlanContext) {
      return strictSchemas.challenges.parse({ challenges: composePlan(answers, context).challenges }).challenges;
    },
    async milestones(answers: Answer[], _mission, _challenges, context?: PlanContext) {
      return strictSchemas.milestones.parse({ milestones: composePlan(answers, context).milestones }).milestones;
    },
    async todos(input: TodoInput) {
      return strictSchemas.todos.parse({ todos: writeTodos(input) }).todos;
    },
    async replan(input: ReplanInput) {
      const written = writeReplan(input);
      // The same schema the models answer to, so the offline writer can never store what a model could not.
      strictSchemas.replan.parse({
        next_step: written.nextStep,
        days_from_today: written.daysFromToday,
        todos: written.todos,
      });
      return written;
    },
  };
}
