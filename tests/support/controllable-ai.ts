import type { AiGenerator } from "../../src/server/services/ai/index.ts";
import { createOfflineGenerator } from "../../src/server/services/ai/offline/offline-generator.ts";
import type { TodoInput } from "../../src/server/services/ai/schema.ts";

/**
 * The offline provider with a hand on its todo step: a test can make it fail (the provider is down, or answers
 * nonsense), hold it until released (so concurrent clicks pile up on one generation), and count its calls.
 */
export function createControllableAi() {
  const offline = createOfflineGenerator();
  let failing = false;
  let gate: Promise<void> | null = null;
  let release: () => void = () => {};
  const control = {
    todoCalls: 0,
    lastTodoInput: null as TodoInput | null,
    /** Every todo generation from now on throws, as a provider outage would. */
    failTodos(fail = true) {
      failing = fail;
    },
    /** Todo generations wait until `release()`; returns the release function. */
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
  };
  return { ai, control };
}
