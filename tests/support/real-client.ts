import { type Agent, type IncomingHttpHeaders, request } from "node:http";
import type { OpenAPIV3_1 } from "openapi-types";
import { answerBodyChecker } from "./answer-bodies.ts";
import { keepAnswer, type Answer as Seen, undocumentedStatuses } from "./answered-statuses.ts";
import { newAccount, signUpBody } from "./personas.ts";
import { STARTUP_MS, until } from "./server-process.ts";
import type { CapturedMail } from "./smtp-sink.ts";

/**
 * A client of a server running in its own process (the bundle `npm start` runs), over real sockets: each request may
 * speak from an address of its own on the loopback network (127.0.0.x), so per-address limits of one test never touch
 * another's. For the process tests and the benches that need what only a socket shows.
 */
export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  reusedSocket: boolean;
  json: () => Record<string, unknown>;
};
export type Send = {
  method?: string;
  from?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The body in chunks without a Content-Length, as a browser streams an upload. */
  chunked?: boolean;
  agent?: Agent;
};

/** Sockets whose late write errors are ignored (once each: a kept-alive socket carries many requests). */
const quieted = new WeakSet<object>();

/** `origin`: what its pages' Origin header says; the server's own address unless it sits behind a proxy's. */
export function realClient(port: number, smtp: { mails: CapturedMail[] }, origin = `http://localhost:${port}`) {
  const seen: Seen[] = [];
  // Each JSON body is checked against the schema the server's own document gives it, as in-process (decision 0171).
  const checkBody = answerBodyChecker(async () => (await send("/api/openapi.json", {}, false)).body.toString("utf8"));
  /** `checked`: false only for the document the checks are read from. */
  function send(path: string, options: Send = {}, checked = true): Promise<Answer> {
    const { method = "GET", from = "127.0.0.1", body, chunked = false } = options;
    const headers: Record<string, string | number> = { ...options.headers };
    if (body !== undefined && !chunked) headers["content-length"] = Buffer.byteLength(body);
    return new Promise((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, localAddress: from, path, method, headers, agent: options.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const bytes = Buffer.concat(chunks);
            const answer = { method, path: new URL(path, "http://localhost").pathname, status: res.statusCode ?? 0 };
            seen.push(answer);
            keepAnswer(answer);
            const body = async () => bytes.toString("utf8");
            const check = checked ? checkBody(answer, res.headers["content-type"] ?? null, body) : Promise.resolve();
            check.then(
              () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: bytes,
                  reusedSocket: req.reusedSocket,
                  json: () => JSON.parse(bytes.toString("utf8")),
                }),
              reject,
            );
          });
        },
      );
      req.on("error", reject);
      // A server that answers before reading a whole upload closes the connection under the rest of it: the write
      // fails after the answer came, and the answer is what counts (an error before it still reaches `reject`).
      req.on("socket", (socket) => {
        if (quieted.has(socket)) return;
        quieted.add(socket);
        socket.on("error", () => {});
      });
      if (body !== undefined && chunked) {
        const bytes = Buffer.from(body);
        for (let at = 0; at < bytes.length; at += 64 * 1024) req.write(bytes.subarray(at, at + 64 * 1024));
        req.end();
      } else req.end(body);
    });
  }

  const postJson = (path: string, json: unknown, options: Send = {}) =>
    send(path, {
      ...options,
      method: "POST",
      headers: { "content-type": "application/json", origin, ...options.headers },
      body: JSON.stringify(json),
    });

  /** A new confirmed account, signed in from address `from`: its cookie header. */
  async function signedIn(from: string) {
    const account = newAccount();
    const signUp = await postJson("/api/auth/sign-up/email", signUpBody(account), { from });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    await until(
      () => smtp.mails.some((m) => m.to.includes(account.email)),
      STARTUP_MS,
      () => "no confirmation e-mail",
    );
    const link = smtp.mails.find((m) => m.to.includes(account.email))?.links.find((l) => l.includes("verify-email"));
    await send(new URL(String(link)).pathname + new URL(String(link)).search, { from });
    const signIn = await postJson(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { from },
    );
    return (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  }

  /** Posts `fields` as a browser's FormData sends them, signed in with `cookie`. */
  async function postForm(path: string, fields: Record<string, string | Blob>, options: Send & { cookie: string }) {
    const { body, type } = await multipart(fields);
    return send(path, {
      ...options,
      method: "POST",
      headers: { "content-type": type, origin, cookie: options.cookie, ...options.headers },
      body,
    });
  }

  /** Every status a documented route answered this client that the server's own document does not list. */
  async function undocumented() {
    const document = (await send("/api/openapi.json")).json() as unknown as OpenAPIV3_1.Document;
    return undocumentedStatuses(document, seen);
  }

  return { origin, send, postJson, signedIn, postForm, undocumentedStatuses: undocumented };
}

/** A multipart body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: String(encoded.headers.get("content-type")) };
}
