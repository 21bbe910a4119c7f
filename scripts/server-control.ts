import { existsSync } from "node:fs";
import { type IncomingMessage, request } from "node:http";
import { join, resolve } from "node:path";
import type { Env } from "#server/env.ts";
import { operatorSocketPath } from "#server/operator-socket.ts";
import { DatabaseRefused, heldByAnotherProcess } from "./server-database.ts";

/**
 * The running server's operator socket when it holds the embedded database (decision 0153); null when the command
 * opens the database itself (DATABASE_URL, or no process holds DATA_DIR).
 */
export function runningServer(env: Env): string | null {
  if (env.DATABASE_URL) return null;
  const dataDir = resolve(env.DATA_DIR);
  return existsSync(join(dataDir, "postmaster.pid")) ? operatorSocketPath(dataDir) : null;
}

/** One request over the socket; a server that does not answer there (an older one, or none) is today's refusal. */
function ask(socketPath: string, method: string, path: string, body?: unknown): Promise<IncomingMessage> {
  return new Promise((done, fail) => {
    const req = request({ socketPath, method, path, headers: { "content-type": "application/json" } }, (res) => {
      if (res.statusCode === 200) return done(res);
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => fail(new Error(`the server answered ${res.statusCode}: ${text}`)));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      const unanswered = error.code === "ENOENT" || error.code === "ECONNREFUSED";
      fail(unanswered ? new DatabaseRefused(heldByAnotherProcess(resolve(socketPath, ".."))) : error);
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A command's work done by the server, answered as JSON. */
export async function askServer<T>(socketPath: string, path: string, body: unknown): Promise<T> {
  const res = await ask(socketPath, "POST", path, body);
  let text = "";
  for await (const chunk of res) text += chunk;
  return JSON.parse(text) as T;
}

/** The server's answer as the lines it sent, one JSON string per line. */
export async function* serverLines(socketPath: string, path: string): AsyncGenerator<string> {
  const res = await ask(socketPath, "GET", path);
  let pending = "";
  for await (const chunk of res) {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) yield JSON.parse(line) as string;
  }
  if (pending) throw new Error("the server's answer ended early");
}
