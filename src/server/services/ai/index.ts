import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { AiGenerator } from "./generator.ts";
import { createAnthropicGenerator, createOpenAiCompatibleGenerator } from "./model-generator.ts";
import { createOfflineGenerator } from "./offline/offline-generator.ts";

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
      return createOfflineGenerator();
  }
}
