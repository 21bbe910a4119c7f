import type { AddressInfo, createServer as createNetServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; raw: string; subject: string; text: string; links: string[] };

function decodeQuotedPrintable(input: string) {
  return input
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): CapturedMail {
  const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
  const text = decodeQuotedPrintable(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])].map((l) => l.replace(/&amp;/g, "&"));
  return { to, raw, subject, text, links };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read. */
export async function startSmtpSink(port = 0) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parse(Buffer.concat(chunks).toString("utf8"), to));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // Once it listens, an error is a client's connection going away (a server process stopped with its mail
  // connection open: ECONNRESET), which smtp-server emits on the server; unheard, it ended the test run (seen in CI).
  server.on("error", () => {});
  const address = (server as unknown as { server: ReturnType<typeof createNetServer> }).server.address() as AddressInfo;

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** The newest mail to `to` that arrives after `since` mails were seen (waits up to `timeoutMs`). */
    async waitFor(to: string, options: { since?: number; subject?: RegExp; timeoutMs?: number } = {}) {
      // Generous: on a busy machine hashing the password and sending can take seconds.
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      for (;;) {
        const found = mails
          .slice(options.since ?? 0)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && (!options.subject || options.subject.test(m.subject)));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No e-mail to ${to} arrived in time`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    countFor: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
