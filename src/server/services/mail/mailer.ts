import type { Transporter } from "nodemailer";
import type { Logger } from "#server/logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on reminders. */
  headers?: Record<string, string>;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * A mail that was not sent, as a plain block for a developer's terminal: the text part keeps every link alone on
 * its own line, so it can be copied (inside a JSON log line it would sit in a string full of \n escapes).
 */
function printableMail(message: MailMessage): string {
  const rule = "─".repeat(72);
  return [
    rule,
    "E-mail (not sent: SMTP_URL is not set)",
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    "",
    message.text,
    rule,
    "",
  ].join("\n");
}

/**
 * SMTP when a URL is configured; otherwise every message is logged (subject only) and, outside production, printed in
 * full to stderr, so a developer can confirm an account without a mail server. A production server without SMTP
 * prints no mail: its links are keys to accounts, and a production log is read by more people than its owner.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  print?: (text: string) => void;
  production?: boolean;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    const print = options.print ?? ((text: string) => process.stderr.write(text));
    return {
      async send(message) {
        // The log holds no address; the printed block below is the one place a development install shows the mail,
        // its link included, on purpose: that is how a developer confirms an account without a mail server.
        if (options.production) {
          logger.error({ mail: { subject: message.subject } }, "e-mail not sent: SMTP_URL is not set");
          return;
        }
        logger.info({ mail: { subject: message.subject } }, "e-mail not sent (SMTP_URL is not set)");
        if (logger.isLevelEnabled("info")) print(printableMail(message));
      },
    };
  }
  const url = new URL(smtpUrl);
  // A local relay or test sink without TLS is addressed as plain smtp://127.0.0.1.
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  const transportUrl = local ? `${smtpUrl}${url.search ? "&" : "?"}ignoreTLS=true` : smtpUrl;
  // nodemailer (~7 MB) loads with the first e-mail, not at start (issue 13).
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(transportUrl));
      await (await transport).sendMail({ from, ...message });
      // Recipients are personal data: the log says that a mail went out, not to whom.
      logger.info({ mail: { subject: message.subject } }, "e-mail sent");
    },
  };
}
