import nodemailer from "nodemailer";
import type { Logger } from "../../logger.ts";

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * SMTP when a URL is configured; otherwise every message (with its links) goes to the
 * server log, so a developer can confirm an account without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          `E-mail (not sent: SMTP_URL is not set)\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
        );
      },
    };
  }
  const url = new URL(smtpUrl);
  // A local relay or test sink without TLS is addressed as plain smtp://127.0.0.1.
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  const transport = nodemailer.createTransport(local ? `${smtpUrl}${url.search ? "&" : "?"}ignoreTLS=true` : smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject } }, "e-mail sent");
    },
  };
}
