import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { confirmationEmail } from "./account-emails.ts";
import { createMailer } from "./mailer.ts";

const discard = new Writable({ write: (_chunk, _encoding, done) => done() });

describe("mailer without SMTP_URL", () => {
  const link =
    "http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2FEmailConfirmed%3Fconfirmed%3D1";
  const message = {
    to: "marcus@example.com",
    ...confirmationEmail(
      { appName: "Unscroll", appUrl: "http://localhost:3000", supportEmail: "help@example.com" },
      { email: "marcus@example.com", firstName: "Marcus" },
      link,
      24,
    ),
  };

  it("prints the mail with its link alone on one line, ready to copy", async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      from: "Unscroll <no-reply@localhost>",
      logger: pino({ level: "info" }, discard),
      print: (text) => printed.push(text),
    });
    await mailer.send(message);
    const lines = printed.join("").split("\n");
    expect(lines).toContain("To: marcus@example.com");
    expect(lines).toContain(`Subject: ${message.subject}`);
    expect(lines).toContain(link);
    // No escaped line breaks run on after the link (a JSON log line would print them as a literal \n).
    expect(printed.join("")).not.toContain("\\n");
  });

  it("keeps the link, its token and the recipient out of the structured log line", async () => {
    const logged: string[] = [];
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        logged.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({
      from: "Unscroll <no-reply@localhost>",
      logger: pino({ level: "info" }, sink),
      print: () => {},
    });
    await mailer.send(message);
    expect(logged.join("")).toContain(message.subject);
    expect(logged.join("")).not.toContain("abc.def");
    expect(logged.join("")).not.toContain(message.to);
  });

  it("prints nothing when the log level hides information messages", async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      from: "Unscroll <no-reply@localhost>",
      logger: pino({ level: "warn" }, discard),
      print: (text) => printed.push(text),
    });
    await mailer.send(message);
    expect(printed).toEqual([]);
  });

  it("prints no mail in production, where its links would be keys in a shared log", async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      from: "Unscroll <no-reply@localhost>",
      logger: pino({ level: "info" }, discard),
      print: (text) => printed.push(text),
      production: true,
    });
    await mailer.send(message);
    expect(printed).toEqual([]);
  });
});
