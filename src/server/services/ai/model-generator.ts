import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type LanguageModel, NoObjectGeneratedError, Output, streamText } from "ai";
import type { z } from "zod";
import type { Logger } from "#server/logger.ts";
import { bodyThreadProblem } from "./body-thread.ts";
import { type AiGenerator, DEFAULT_ANTHROPIC_MODEL, GenerationError, type PlanContext } from "./generator.ts";
import {
  challengesPrompt,
  milestonesPrompt,
  missionPrompt,
  replanPrompt,
  SYSTEM_PROMPT,
  todosPrompt,
} from "./prompts.ts";
import { type GeneratedChallenge, strictSchemas, wireSchemas } from "./schema.ts";
import { recordUsage } from "./usage-meter.ts";

/** Invalid output is retried once (PRODUCT.md): two attempts in all. */
const ATTEMPTS = 2;

/** What an operator sets about calls to the model (AI_TIMEOUT_SECONDS, AI_STALL_SECONDS, AI_MAX_RETRIES). */
type CallLimits = {
  logger?: Logger;
  /** Retries of failed HTTP calls (rate limits, 5xx) inside the AI SDK, separate from invalid-output retries. */
  maxRetries?: number;
  /** The longest one call may take, and the longest a streamed answer may stay silent. */
  timeoutMs?: number;
  stallMs?: number;
};

type ModelGeneratorOptions = CallLimits & {
  name: "anthropic" | "openai-compatible";
  modelName: string;
  model: LanguageModel;
};

export function createAnthropicGenerator(
  config: CallLimits & { apiKey: string; model?: string; baseURL?: string },
): AiGenerator {
  const anthropic = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseURL });
  const modelName = config.model ?? DEFAULT_ANTHROPIC_MODEL;
  return createModelGenerator({ ...config, name: "anthropic", modelName, model: anthropic(modelName) });
}

export function createOpenAiCompatibleGenerator(
  config: CallLimits & { baseURL: string; model: string; apiKey?: string },
): AiGenerator {
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    supportsStructuredOutputs: true,
  });
  return createModelGenerator({
    ...config,
    name: "openai-compatible",
    modelName: config.model,
    model: provider(config.model),
  });
}

/**
 * The items of a streamed list that are complete and valid: every one before the last (the model has moved on to the
 * next), and the last once the answer ended. Shown as they complete, so he never sees half a sentence (issue 28).
 */
function completeItems<T>(items: unknown, item: z.ZodType<T>, finished: boolean): T[] {
  if (!Array.isArray(items)) return [];
  const done: T[] = [];
  for (const value of finished ? items : items.slice(0, -1)) {
    const parsed = item.safeParse(value);
    if (!parsed.success) break;
    done.push(parsed.data);
  }
  return done;
}

/**
 * The milestones a plan may keep: valid sets, and for a man who proved a run, one challenge whose three milestones move
 * his body (issue 54). A plan without that thread is invalid output, retried like any other.
 */
function milestonesFor(challenges: GeneratedChallenge[], context: PlanContext | undefined) {
  if (!context?.run) return strictSchemas.milestones;
  return strictSchemas.milestones.superRefine((value, ctx) => {
    const problem = bodyThreadProblem(context.run, challenges, value.milestones);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["milestones"] });
  });
}

function createModelGenerator(options: ModelGeneratorOptions): AiGenerator {
  const { model, logger } = options;

  /**
   * One structured call, streamed and validated by the strict schema; invalid output gets exactly one more attempt.
   * `onPartial` sees the answer as it grows (each attempt starts from nothing again).
   */
  async function structured<S extends z.ZodType>(
    step: string,
    wire: z.ZodType,
    strict: S,
    prompt: string,
    maxOutputTokens: number,
    onPartial?: (partial: unknown) => void,
  ): Promise<z.infer<S>> {
    let lastProblem = "";
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const started = performance.now();
      let raw: unknown;
      try {
        const result = streamText({
          model,
          system: SYSTEM_PROMPT,
          prompt,
          output: Output.object({ schema: wire, name: step }),
          maxOutputTokens,
          temperature: 0.7,
          maxRetries: options.maxRetries ?? 2,
          timeout: { totalMs: options.timeoutMs ?? 120_000, chunkMs: options.stallMs ?? 20_000 },
          // Failures reach us through `output` below; the SDK's own console report would print them twice.
          onError: () => {},
        });
        for await (const partial of result.partialOutputStream) onPartial?.(partial);
        raw = await result.output;
        const usage = await result.totalUsage;
        recordUsage(usage.inputTokens, usage.outputTokens);
        // Figures only: the prompt and the answer are built from his words and stay out of the log.
        logger?.info(
          {
            step,
            attempt,
            provider: options.name,
            model: options.modelName,
            ms: Math.round(performance.now() - started),
            inputTokens: usage.inputTokens ?? null,
            outputTokens: usage.outputTokens ?? null,
          },
          "AI call finished",
        );
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

  /** Passes each newly completed item of a streamed list on, once; a new attempt starts the list again. */
  function itemsOf<T>(key: string, item: z.ZodType<T>, onItems?: (items: T[]) => void) {
    if (!onItems) return undefined;
    let shown = -1;
    return (partial: unknown) => {
      const done = completeItems((partial as Record<string, unknown> | undefined)?.[key], item, false);
      if (done.length !== shown) {
        shown = done.length;
        onItems(done);
      }
    };
  }

  return {
    name: options.name,
    model: options.modelName,
    mission: (answers, context) =>
      structured("mission", wireSchemas.mission, strictSchemas.mission, missionPrompt(answers, context), 2000),
    challenges: async (answers, mission, context, onItems) =>
      (
        await structured(
          "challenges",
          wireSchemas.challenges,
          strictSchemas.challenges,
          challengesPrompt(answers, mission, context),
          3000,
          itemsOf("challenges", strictSchemas.challenge, onItems),
        )
      ).challenges,
    milestones: async (answers, mission, challenges, context, onItems) =>
      (
        await structured(
          "milestones",
          wireSchemas.milestones,
          milestonesFor(challenges, context),
          milestonesPrompt(answers, mission, challenges, context),
          2000,
          itemsOf("milestones", strictSchemas.milestoneSet, onItems),
        )
      ).milestones,
    todos: async (input, onItems) =>
      (
        await structured(
          "todos",
          wireSchemas.todos,
          strictSchemas.todos,
          todosPrompt(input),
          1000,
          itemsOf("todos", strictSchemas.todos.shape.todos.element, onItems),
        )
      ).todos,
    replan: async (input) => {
      const out = await structured("replan", wireSchemas.replan, strictSchemas.replan, replanPrompt(input), 1000);
      return { nextStep: out.next_step, daysFromToday: out.days_from_today, todos: out.todos };
    },
  };
}
