import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { AiGenerator } from "./generator.ts";
import { createAnthropicGenerator, createOpenAiCompatibleGenerator } from "./model-generator.ts";

export type { AiGenerator } from "./generator.ts";
export { GenerationError, generatePlan } from "./generator.ts";
export type { GeneratedPlan } from "./schema.ts";

/** The generator AI_PROVIDER selects (env.ts has already checked that its settings are present). */
export function createAiGenerator(env: Env, logger?: Logger): AiGenerator {
  switch (env.AI_PROVIDER) {
    case "anthropic":
      return createAnthropicGenerator({
        apiKey: env.ANTHROPIC_API_KEY ?? "",
        model: env.AI_MODEL,
        baseURL: env.AI_BASE_URL,
        logger,
      });
    case "openai-compatible":
      return createOpenAiCompatibleGenerator({
        baseURL: env.AI_BASE_URL ?? "",
        model: env.AI_MODEL ?? "",
        apiKey: env.AI_API_KEY,
        logger,
      });
    default:
      return lazyOfflineGenerator();
  }
}

/**
 * The offline writer with its language library (compromise, ~40 MB of memory) loaded at its first use: a server
 * that uses a model, or has not generated anything yet, never holds it (issue 13).
 */
function lazyOfflineGenerator(): AiGenerator {
  let loaded: Promise<AiGenerator> | undefined;
  const generator = () => {
    loaded ??= import("./offline/offline-generator.ts").then((m) => m.createOfflineGenerator());
    return loaded;
  };
  return {
    name: "offline",
    mission: async (answers) => (await generator()).mission(answers),
    challenges: async (answers, mission) => (await generator()).challenges(answers, mission),
    milestones: async (answers, mission, challenges) => (await generator()).milestones(answers, mission, challenges),
    todos: async (input) => (await generator()).todos(input),
  };
}
