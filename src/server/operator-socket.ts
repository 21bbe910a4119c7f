import { chmodSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import type { Deps } from "./context.ts";
import { admitNext, announceAdmission } from "./services/community/admission.ts";
import { markOperator, unmarkOperator } from "./services/community/operators.ts";
import { waitlistCsv } from "./services/community/waitlist-export.ts";

/**
 * Decision 0153: PGlite lets one process open DATA_DIR, so while the server runs the operator's commands
 * (community:operator, community:admit, waitlist:export) ask it to do their work. A Unix socket in DATA_DIR, readable
 * by the server's OS user only, is the credential: nothing listens on the network and no token is kept.
 */
export function operatorSocketPath(dataDir: string): string {
  return join(resolve(dataDir), "operator.sock");
}

const MAX_BODY_BYTES = 4096;

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY_BYTES) throw new Error("request too large");
  }
  const parsed: unknown = JSON.parse(text || "{}");
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

type SocketDeps = Pick<Deps, "database" | "env" | "mailer" | "logger">;

async function handle(deps: SocketDeps, req: IncomingMessage, res: ServerResponse) {
  const { db } = deps.database;
  if (req.method === "POST" && req.url === "/operators") {
    const { email, remove } = await jsonBody(req);
    if (typeof email !== "string") return answer(res, 400, { error: "email is required" });
    return answer(res, 200, { change: await (remove === true ? unmarkOperator : markOperator)(db, email) });
  }
  if (req.method === "POST" && req.url === "/admissions") {
    const { count } = await jsonBody(req);
    if (typeof count !== "number") return answer(res, 400, { error: "count is required" });
    // Same as the command on a stopped server: admitted "by command", e-mailed with the server's own mailer.
    const admitted = await admitNext(db, count, "command");
    const { failed } = await announceAdmission(deps, admitted);
    return answer(res, 200, {
      positions: admitted.map((a) => a.position),
      failedPositions: failed.map((f) => f.position),
    });
  }
  if (req.method === "GET" && req.url === "/waitlist") {
    // One JSON string per line: a CSV line may hold line breaks inside quotes, and the command counts the lines.
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    for await (const line of waitlistCsv(db)) {
      if (res.destroyed) break;
      if (!res.write(`${JSON.stringify(line)}\n`)) await new Promise((r) => res.once("drain", r));
    }
    return void res.end();
  }
  answer(res, 404, { error: "not found" });
}

/**
 * Listens on DATA_DIR/operator.sock until `close`. A socket file left by a server that did not stop cleanly is
 * replaced (PGlite already keeps a second server off this folder). If it cannot listen (e.g. a path longer than the
 * ~107 bytes a Unix socket allows) the server runs on and the commands refuse as before.
 */
export async function startOperatorSocket(deps: SocketDeps): Promise<{ close: () => Promise<void> }> {
  const path = operatorSocketPath(deps.env.DATA_DIR);
  const server = createServer((req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      deps.logger.error({ err, url: req.url }, "an operator's command failed in the server");
      if (!res.headersSent) answer(res, 500, { error: err instanceof Error ? err.message : String(err) });
      else res.destroy();
    });
  });
  rmSync(path, { force: true });
  // The socket is created by bind(); a umask of 0177 makes it 0600 from its first instant, before chmod can run.
  const umask = process.umask(0o177);
  const listening = new Promise<boolean>((done) => {
    server.once("listening", () => done(true));
    server.once("error", (err) => {
      deps.logger.warn({ err, path }, "the operator's socket could not listen: stop the server to run its commands");
      done(false);
    });
  });
  try {
    server.listen(path);
  } finally {
    process.umask(umask);
  }
  if (await listening) chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        if (!server.listening) return done();
        server.close(() => {
          rmSync(path, { force: true });
          done();
        });
        server.closeIdleConnections();
      }),
  };
}
