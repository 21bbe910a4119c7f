import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { type AiGenerator, DEFAULT_ANTHROPIC_MODEL } from "./generator.ts";

export type { AiGenerator, PlanContext, PlanDone, PlanSoFar } from "./generator.ts";
export { GenerationError, generatePlan } from "./generator.ts";
export type { GeneratedPlan } from "./schema.ts";

/**
 * The generator AI_PROVIDER selects (env.ts has already checked that its settings are present). Each loads at its
 * first use (issue 13): the offline writer's language library (compromise) holds ~40 MB, the model SDKs ~15 MB, and a
 * server that has generated nothing yet holds neither.
 */
export function createAiGenerator(env: Env, logger?: Logger): AiGenerator {
  switch (env.AI_PROVIDER) {
    case "anthropic":
      return lazyGenerator("anthropic", env.AI_MODEL ?? DEFAULT_ANTHROPIC_MODEL, async () =>
        (await import("./model-generator.ts")).createAnthropicGenerator({
          apiKey: env.ANTHROPIC_API_KEY ?? "",
          model: env.AI_MODEL,
          baseURL: env.AI_BASE_URL,
          ...callLimits(env, logger),
        }),
      );
    case "openai-compatible":
      return lazyGenerator("openai-compatible", env.AI_MODEL ?? "", async () =>
        (await import("./model-generator.ts")).createOpenAiCompatibleGenerator({
          baseURL: env.AI_BASE_URL ?? "",
          model: env.AI_MODEL ?? "",
          apiKey: env.AI_API_KEY,
          ...callLimits(env, logger),
        }),
      );
    default:
      return lazyGenerator("offline", "offline", async () =>
        (await import("./offline/offline-generator.ts")).createOfflineGenerator(),
      );
  }
}

function callLimits(env: Env, logger?: Logger) {
  return {
    logger,
    maxRetries: env.AI_MAX_RETRIES,
    timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
    stallMs: env.AI_STALL_SECONDS * 1000,
  };
}

function lazyGenerator(name: AiGenerator["name"], model: string, load: () => Promise<AiGenerator>): AiGenerator {
  let loaded: Promise<AiGenerator> | undefined;
  const generator = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    name,
    model,
    mission: async (answers, context) => (await generator()).mission(answers, context),
    challenges: async (answers, mission, context, onItems) =>
      (await generator()).challenges(answers, mission, context, onItems),
    milestones: async (answers, mission, challenges, context, onItems) =>
      (await generator()).milestones(answers, mission, challenges, context, onItems),
    todos: async (input, onItems) => (await generator()).todos(input, onItems),
    replan: async (input) => (await generator()).replan(input),
  };
}
