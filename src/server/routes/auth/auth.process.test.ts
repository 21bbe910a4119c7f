import { mkdtemp, rm } from "node:fs/promises";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newAccount, signUpBody, uniqueEmail } from "#tests/support/personas.ts";
import { killServers, type RunningServer, STARTUP_MS, startServer, stopServer } from "#tests/support/server-process.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";

/**
 * Issue 12, row 11, as a developer meets it: `npm start` in development (better-auth checks origins outside
 * NODE_ENV=test, which in-process tests cannot show), opened in a browser on 127.0.0.1 or the LAN address instead of
 * localhost. The server runs the embedded database on both test projects, so it runs once.
 */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((net) => net && net.family === "IPv4" && !net.internal)?.address;

describe.skipIf(inject("testDb").kind === "postgres")("a development server opened on another address", () => {
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "unscroll-origin-"));
    smtp = await startSmtpSink();
    server = await startServer({ NODE_ENV: "development", DATA_DIR: dataDir, SMTP_URL: smtp.url });
  }, STARTUP_MS);
  afterAll(async () => {
    if (server) await stopServer(server).catch(() => killServers());
    killServers();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What Chromium sends from a page of `origin` with fetch(): Origin and Fetch Metadata. */
  function fromPage(origin: string, path: string, body?: unknown, cookie?: string) {
    return fetch(`${origin}${path}`, {
      method: body === undefined ? "GET" : "POST",
      redirect: "manual",
      headers: {
        origin,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": body === undefined ? "navigate" : "cors",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const hosts = ["127.0.0.1", ...(lanAddress ? [lanAddress] : [])];
  for (const host of hosts) {
    it(`signs up, confirms and logs in on http://${host}:<port>`, async () => {
      const origin = `http://${host}:${server.port}`;
      const account = newAccount({ email: uniqueEmail("addr") });
      const signUp = await fromPage(origin, "/api/auth/sign-up/email", signUpBody(account));
      expect(signUp.status).toBe(200);
      const mail = await smtp.waitFor(account.email);
      const link = new URL(mail.links.find((l) => l.includes("/api/auth/verify-email"))!);
      expect((await fromPage(origin, link.pathname + link.search)).headers.get("location")).toMatch(
        /\/EmailConfirmed\?confirmed=1$/,
      );
      const login = await fromPage(origin, "/api/auth/sign-in/email", {
        email: account.email,
        password: account.password,
      });
      expect([login.status, await login.text()]).toEqual([200, expect.stringContaining(account.email)]);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const me = await fetch(`${origin}/api/me`, { headers: { cookie } });
      expect((await me.json()).user.email).toBe(account.email);
    });
  }

  it("refuses another site's page on the same address", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: JSON.stringify(signUpBody(newAccount({ email: uniqueEmail("evil") }))),
    });
    expect(response.status).toBe(403);
  });
});
