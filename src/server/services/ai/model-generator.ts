import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from "ai";
import type { z } from "zod";
import type { Logger } from "../../logger.ts";
import { type AiGenerator, GenerationError } from "./generator.ts";
import {
  challengesPrompt,
  milestonesPrompt,
  missionPrompt,
  replanPrompt,
  SYSTEM_PROMPT,
  todosPrompt,
} from "./prompts.ts";
import { strictSchemas, wireSchemas } from "./schema.ts";

const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";
/** Invalid output is retried once (PRODUCT.md): two attempts in all. */
const ATTEMPTS = 2;
const CALL_TIMEOUT_MS = 120_000;

type ModelGeneratorOptions = {
  name: "anthropic" | "openai-compatible";
  model: LanguageModel;
  logger?: Logger;
  /** Retries of failed HTTP calls (rate limits, 5xx) inside the AI SDK, separate from invalid-output retries. */
  maxRetries?: number;
};

export function createAnthropicGenerator(config: {
  apiKey: string;
  model?: string;
  baseURL?: string;
  logger?: Logger;
  maxRetries?: number;
}): AiGenerator {
  const anthropic = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseURL });
  return createModelGenerator({
    name: "anthropic",
    model: anthropic(config.model ?? DEFAULT_ANTHROPIC_MODEL),
    logger: config.logger,
    maxRetries: config.maxRetries,
  });
}

export function createOpenAiCompatibleGenerator(config: {
  baseURL: string;
  model: string;
  apiKey?: string;
  logger?: Logger;
  maxRetries?: number;
}): AiGenerator {
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    supportsStructuredOutputs: true,
  });
  return createModelGenerator({
    name: "openai-compatible",
    model: provider(config.model),
    logger: config.logger,
    maxRetries: config.maxRetries,
  });
}

function createModelGenerator(options: ModelGeneratorOptions): AiGenerator {
  const { model, logger } = options;

  /** One structured call, validated by the strict schema; invalid output gets exactly one more attempt. */
  async function structured<S extends z.ZodType>(
    step: string,
    wire: z.ZodType,
    strict: S,
    prompt: string,
    maxOutputTokens: number,
  ): Promise<z.infer<S>> {
    let lastProblem = "";
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let raw: unknown;
      try {
        const result = await generateText({
          model,
          system: SYSTEM_PROMPT,
          prompt,
          output: Output.object({ schema: wire, name: step }),
          maxOutputTokens,
          temperature: 0.7,
          maxRetries: options.maxRetries ?? 2,
          abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        raw = result.output;
      } catch (error) {
        if (!NoObjectGeneratedError.isInstance(error)) throw error; // provider or network failure: no retry here
        lastProblem = `unparseable output (${error.finishReason ?? "unknown finish"})`;
        // The parser's message can quote the model's output, which is built from his answers: log only its kind.
        logger?.warn(
          {
            step,
            attempt,
            finishReason: error.finishReason ?? "unknown",
            errorName: error.cause instanceof Error ? error.cause.name : error.name,
          },
          "AI output was not valid JSON for the schema",
        );
        continue;
      }
      const parsed = strict.safeParse(raw);
      if (parsed.success) return parsed.data;
      lastProblem = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
      logger?.warn({ step, attempt, problem: lastProblem }, "AI output failed validation");
    }
    throw new GenerationError(`AI ${step} output invalid after ${ATTEMPTS} attempts: ${lastProblem}`, "");
  }

  return {
    name: options.name,
    mission: (answers, context) =>
      structured("mission", wireSchemas.mission, strictSchemas.mission, missionPrompt(answers, context), 2000),
    challenges: async (answers, mission, context) =>
      (
        await structured(
          "challenges",
          wireSchemas.challenges,
          strictSchemas.challenges,
          challengesPrompt(answers, mission, context),
          3000,
        )
      ).challenges,
    milestones: async (answers, mission, challenges) =>
      (
        await structured(
          "milestones",
          wireSchemas.milestones,
          strictSchemas.milestones,
          milestonesPrompt(answers, mission, challenges),
          2000,
        )
      ).milestones,
    todos: async (input) =>
      (await structured("todos", wireSchemas.todos, strictSchemas.todos, todosPrompt(input), 1000)).todos,
    replan: async (input) => {
      const out = await structured("replan", wireSchemas.replan, strictSchemas.replan, replanPrompt(input), 1000);
      return { nextStep: out.next_step, daysFromToday: out.days_from_today, todos: out.todos };
    },
  };
}
