import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake model provider on 127.0.0.1 that speaks enough of the Anthropic Messages API (POST …/messages) and the
 * OpenAI chat completions API (POST …/chat/completions) for the real AI SDK to talk to it, whole or streamed token by
 * token (issue 28). Each request is recorded; the reply comes from `respond`, by default a valid answer for the step
 * the request's JSON schema asks for, streamed at the server's pace when the request asks for a stream.
 */
export type FakeStep = "mission" | "challenges" | "milestones" | "todos" | "replan" | "unknown";
export type FakeRequest = { api: "anthropic" | "openai"; step: FakeStep; body: Record<string, unknown>; text: string };
/**
 * `content`: the model's text (JSON for a structured step). When the request streams: `stallAfter` characters are sent
 * and then nothing more while the connection stays open; `cutAfter` characters are sent and then the connection is
 * dropped mid-stream. `status`/`json`: an HTTP error answer, such as 429 or 500.
 */
export type FakeReply =
  | { status?: number; json?: unknown }
  | { content: string; stallAfter?: number; cutAfter?: number };

/** How fast a streamed answer comes: `chunkChars` characters (about a token) every `chunkMs`. */
export type FakePace = { chunkMs: number; chunkChars: number };

export const validOutputs = {
  mission: {
    life_mission: "To build furniture that outlives you and be the father your kids can count on.",
    life_mission_for_others: "To build furniture that outlives him and be the father his kids can count on.",
    mission_statement: "I build with my hands every evening and I give my family my full attention.",
    vision: "A workshop behind the house, orders on the wall, kids sanding on Saturdays.",
    screen_to_action_plan: "The two hours of Instagram after dinner become two hours in the workshop.",
    accountability_framework: "Every Sunday: hours in the workshop, pieces finished, screen time. Shared with my wife.",
  },
  challenges: {
    // As long as a real model's challenges: this step is most of a plan's text, and of the time it takes to stream.
    challenges: [1, 2, 3].map((n) => ({
      title: `Model challenge ${n}`,
      description: `Description of model challenge number ${n}: build one piece of furniture from start to finish in the evenings, measured in hours at the bench and pieces finished, so the habit is something you can see.`,
      insight: `Insight for model challenge number ${n}: your answers say you feel most like yourself when your hands are busy, and that the phone fills exactly the hours the workshop used to.`,
      screen_to_action: `Screen to action for challenge ${n}: the first hour after dinner, the one that went to Instagram, goes to the workshop; the phone stays in the kitchen drawer until nine.`,
      accountability_framework: `Accountability for challenge ${n}: every Sunday you write down the hours at the bench and one photo of the piece, and you show both to your wife over coffee.`,
    })),
  },
  milestones: {
    // The first set moves his body, as a plan for a man who proved a run must (issue 54): a valid answer either way.
    milestones: [1, 2, 3].map((n) => ({
      immediate: `Immediate step for challenge ${n}${n === 1 ? ": run 20 minutes three times this week" : ""}`,
      short_term: `Short-term result for challenge ${n}${n === 1 ? ": run 35 minutes without stopping" : ""}`,
      medium_term: `Medium-term result for challenge ${n}${n === 1 ? ": run a 10 km race" : ""}`,
    })),
  },
  todos: { todos: ["Buy the oak boards", "Sketch the table", "Cut the four legs"] },
  replan: {
    next_step: "Sketch only the table top this week, at the workbench.",
    days_from_today: 5,
    todos: ["Clear the workbench", "Draw the top at full size", "Mark the cuts"],
  },
} satisfies Record<Exclude<FakeStep, "unknown">, unknown>;

/** The pace at which the three answers of a whole plan stream in `planMs` (issue 28: a real model's 20–60 s). */
export function paceForPlan(planMs: number, chunkChars = 4): FakePace {
  const chunks = (["mission", "challenges", "milestones"] as const).reduce(
    (sum, step) => sum + Math.ceil(Array.from(JSON.stringify(validOutputs[step])).length / chunkChars),
    0,
  );
  return { chunkChars, chunkMs: planMs / chunks };
}

function stepOf(raw: string): FakeStep {
  if (raw.includes('"life_mission":')) return "mission";
  if (raw.includes('"insight":')) return "challenges";
  if (raw.includes('"short_term":')) return "milestones";
  if (raw.includes('"next_step":')) return "replan";
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

function chunksOf(content: string, size: number): string[] {
  // Whole characters, never half a surrogate pair: a token boundary never splits a letter.
  const chars = Array.from(content);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

/** The server-sent events of one streamed answer, in the provider's dialect: first, per chunk, and last. */
function streamEvents(api: "anthropic" | "openai", body: Record<string, unknown>) {
  const sse = (event: string | null, data: unknown) =>
    `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
  if (api === "openai") {
    const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: String(body.model) };
    return {
      start: sse(null, {
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
      }),
      chunk: (text: string) =>
        sse(null, { ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }),
      end:
        sse(null, {
          ...base,
          choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
          usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
        }) + sse(null, "[DONE]"),
    };
  }
  const jsonTool = ((body.tools as Array<{ name: string }> | undefined) ?? []).some((t) => t.name === "json");
  return {
    start:
      sse("message_start", {
        type: "message_start",
        message: {
          id: "msg_fake",
          type: "message",
          role: "assistant",
          model: String(body.model),
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 1 },
        },
      }) +
      sse("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: jsonTool
          ? { type: "tool_use", id: "toolu_fake", name: "json", input: {} }
          : { type: "text", text: "" },
      }),
    chunk: (text: string) =>
      sse("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: jsonTool ? { type: "input_json_delta", partial_json: text } : { type: "text_delta", text },
      }),
    end:
      sse("content_block_stop", { type: "content_block_stop", index: 0 }) +
      sse("message_delta", {
        type: "message_delta",
        delta: { stop_reason: jsonTool ? "tool_use" : "end_turn", stop_sequence: null },
        usage: { output_tokens: 200 },
      }) +
      sse("message_stop", { type: "message_stop" }),
  };
}

export async function startFakeAiServer(initialPace: Partial<FakePace> = {}) {
  const defaultPace: FakePace = { chunkMs: 0, chunkChars: 16, ...initialPace };
  let pace = { ...defaultPace };
  const requests: FakeRequest[] = [];
  const open = new Set<ServerResponse>();
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
    if ("content" in reply && body.stream === true) {
      await streamReply(api, body, reply, res);
      return;
    }
    if ("content" in reply) {
      const json = api === "anthropic" ? anthropicMessage(reply.content, body) : openAiCompletion(reply.content, body);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
      return;
    }
    res.writeHead(reply.status ?? 500, { "content-type": "application/json" }).end(JSON.stringify(reply.json ?? {}));
  }

  async function streamReply(
    api: "anthropic" | "openai",
    body: Record<string, unknown>,
    reply: { content: string; stallAfter?: number; cutAfter?: number },
    res: ServerResponse,
  ) {
    const events = streamEvents(api, body);
    open.add(res);
    res.on("close", () => open.delete(res));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(events.start);
    let sent = 0;
    const started = Date.now();
    for (const [index, chunk] of chunksOf(reply.content, pace.chunkChars).entries()) {
      if (res.destroyed) return;
      if (reply.stallAfter !== undefined && sent >= reply.stallAfter) return; // silent, connection held open
      if (reply.cutAfter !== undefined && sent >= reply.cutAfter) {
        res.socket?.destroy();
        return;
      }
      // Each chunk at its own moment from the start, so timer lateness does not add up over hundreds of chunks.
      const wait = started + (index + 1) * pace.chunkMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      res.write(events.chunk(chunk));
      sent += chunk.length;
    }
    res.end(events.end);
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
    /** How fast streamed answers come from now on; `reset()` restores the pace the server started with. */
    pace(next: Partial<FakePace>) {
      pace = { ...pace, ...next };
    },
    /** Replaces the reply logic; call `reset()` to go back to valid answers. */
    respond(fn: (request: FakeRequest) => FakeReply) {
      respond = fn;
    },
    reset() {
      requests.length = 0;
      pace = { ...defaultPace };
      respond = (request) => ({
        content: JSON.stringify(validOutputs[request.step as Exclude<FakeStep, "unknown">] ?? {}),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled streams hold their connections open: end them so the server can close.
        for (const res of open) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAiServer = Awaited<ReturnType<typeof startFakeAiServer>>;
