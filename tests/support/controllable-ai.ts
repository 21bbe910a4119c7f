import type { AiGenerator } from "#server/services/ai/index.ts";
import { createOfflineGenerator } from "#server/services/ai/offline/offline-generator.ts";
import type { ReplanInput, TodoInput } from "#server/services/ai/schema.ts";

/**
 * The offline provider with a hand on its todo step: a test can make it fail (the provider is down, or answers
 * nonsense), hold it until released (so concurrent clicks pile up on one generation), and count its calls.
 */
export function createControllableAi() {
  const offline = createOfflineGenerator();
  let failing = false;
  let failingReplans = false;
  let gate: Promise<void> | null = null;
  let release: () => void = () => {};
  const control = {
    todoCalls: 0,
    lastTodoInput: null as TodoInput | null,
    replanCalls: 0,
    lastReplanInput: null as ReplanInput | null,
    /** Every re-plan from now on throws. */
    failReplans(fail = true) {
      failingReplans = fail;
    },
    /** Every todo generation from now on throws, as a provider outage would. */
    failTodos(fail = true) {
      failing = fail;
    },
    /** Todo generations and re-plans wait until `release()`; returns the release function. */
    hold() {
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return () => release();
    },
  };
  const ai: AiGenerator = {
    ...offline,
    async todos(input) {
      control.todoCalls += 1;
      control.lastTodoInput = input;
      if (gate) await gate;
      if (failing) throw new Error("provider unavailable");
      return offline.todos(input);
    },
    async replan(input) {
      control.replanCalls += 1;
      control.lastReplanInput = input;
      if (gate) await gate;
      if (failingReplans) throw new Error("provider unavailable");
      return offline.replan(input);
    },
  };
  return { ai, control };
}
