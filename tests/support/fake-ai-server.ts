import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake model provider on 127.0.0.1 that speaks enough of the Anthropic Messages API (POST …/messages) and the
 * OpenAI chat completions API (POST …/chat/completions) for the real AI SDK to talk to it. Each request is recorded;
 * the reply comes from `respond`, by default a valid answer for the step the request's JSON schema asks for.
 */
export type FakeStep = "mission" | "challenges" | "milestones" | "todos" | "unknown";
export type FakeRequest = { api: "anthropic" | "openai"; step: FakeStep; body: Record<string, unknown>; text: string };
export type FakeReply = { status?: number; json?: unknown } | { content: string };

export const validOutputs: Record<Exclude<FakeStep, "unknown">, unknown> = {
  mission: {
    life_mission: "To build furniture that outlives you and be the father your kids can count on.",
    mission_statement: "I build with my hands every evening and I give my family my full attention.",
    vision: "A workshop behind the house, orders on the wall, kids sanding on Saturdays.",
    screen_to_action_plan: "The two hours of Instagram after dinner become two hours in the workshop.",
    accountability_framework: "Every Sunday: hours in the workshop, pieces finished, screen time. Shared with my wife.",
  },
  challenges: {
    challenges: [1, 2, 3].map((n) => ({
      title: `Model challenge ${n}`,
      description: `Description of model challenge number ${n}, long enough.`,
      insight: `Insight for model challenge number ${n}, long enough.`,
      screen_to_action: `Screen to action for challenge ${n}, long enough.`,
      accountability_framework: `Accountability for challenge ${n}, long enough.`,
    })),
  },
  milestones: {
    milestones: [1, 2, 3].map((n) => ({
      immediate: `Immediate step for challenge ${n}`,
      short_term: `Short-term result for challenge ${n}`,
      medium_term: `Medium-term result for challenge ${n}`,
    })),
  },
  todos: { todos: ["Buy the oak boards", "Sketch the table", "Cut the four legs"] },
};

function stepOf(raw: string): FakeStep {
  if (raw.includes('"life_mission":')) return "mission";
  if (raw.includes('"insight":')) return "challenges";
  if (raw.includes('"short_term":')) return "milestones";
  if (raw.includes('"todos":')) return "todos";
  return "unknown";
}

function textOf(body: Record<string, unknown>): string {
  const parts: string[] = [];
  const system = body.system;
  if (typeof system === "string") parts.push(system);
  if (Array.isArray(system)) for (const s of system) parts.push(String((s as { text?: string }).text ?? ""));
  for (const message of (body.messages as Array<{ content: unknown }>) ?? []) {
    if (typeof message.content === "string") parts.push(message.content);
    else if (Array.isArray(message.content)) {
      for (const c of message.content) parts.push(String((c as { text?: string }).text ?? ""));
    }
  }
  return parts.join("\n");
}

function anthropicMessage(content: string, body: Record<string, unknown>) {
  const tools = (body.tools as Array<{ name: string }> | undefined) ?? [];
  const jsonTool = tools.find((t) => t.name === "json");
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model: String(body.model),
    content: jsonTool
      ? [{ type: "tool_use", id: "toolu_fake", name: "json", input: JSON.parse(content) }]
      : [{ type: "text", text: content }],
    stop_reason: jsonTool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 200 },
  };
}

function openAiCompletion(content: string, body: Record<string, unknown>) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: String(body.model),
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
  };
}

export async function startFakeAiServer() {
  const requests: FakeRequest[] = [];
  let respond: (request: FakeRequest) => FakeReply = (request) => ({
    content: JSON.stringify(validOutputs[request.step as Exclude<FakeStep, "unknown">] ?? {}),
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const api = req.url?.endsWith("/messages") ? "anthropic" : req.url?.endsWith("/chat/completions") ? "openai" : null;
    if (req.method !== "POST" || !api) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const request: FakeRequest = { api, step: stepOf(raw), body, text: textOf(body) };
    requests.push(request);
    const reply = respond(request);
    if ("content" in reply) {
      const json = api === "anthropic" ? anthropicMessage(reply.content, body) : openAiCompletion(reply.content, body);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
      return;
    }
    res.writeHead(reply.status ?? 500, { "content-type": "application/json" }).end(JSON.stringify(reply.json ?? {}));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Base URL for AI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces the reply logic; call `reset()` to go back to valid answers. */
    respond(fn: (request: FakeRequest) => FakeReply) {
      respond = fn;
    },
    reset() {
      requests.length = 0;
      respond = (request) => ({
        content: JSON.stringify(validOutputs[request.step as Exclude<FakeStep, "unknown">] ?? {}),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeAiServer = Awaited<ReturnType<typeof startFakeAiServer>>;
