import type { Env } from "#server/env.ts";
import type { MailMessage } from "./mailer.ts";

export type EmailContext = { appName: string; appUrl: string; supportEmail: string };

/** The app's name, address and support address as every e-mail's layout shows them, from the settings. */
export const emailContext = (env: Pick<Env, "APP_URL" | "publicConfig">): EmailContext => ({
  appName: env.publicConfig.appName,
  appUrl: env.APP_URL,
  supportEmail: env.publicConfig.supportEmail,
});

export type Recipient = { email: string; firstName?: string | null };

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}

function greeting(recipient: Recipient) {
  const name = recipient.firstName?.trim();
  return name ? `Hi ${name},` : "Hi,";
}

export type Layout = {
  subject: string;
  recipient: Recipient;
  /** Paragraphs before the button. */
  intro: string[];
  /** The button. Account e-mails lead to the app; partner e-mails to a cheer (decision 0125), never to his plan. */
  action?: { label: string; url: string };
  /** Paragraphs after the button: expiry, and why the reader got this e-mail. */
  outro: string[];
  /** Reminder e-mails end with a link that turns them off. */
  unsubscribe?: { label: string; url: string };
};

/**
 * One layout for every account e-mail: a text part that reads well on its own (with the
 * bare link) and an HTML part with the same words, inline styles only (mail clients strip
 * <style>), dark like the app.
 */
export function renderEmail(ctx: EmailContext, layout: Layout): Omit<MailMessage, "to"> {
  const footer = `${ctx.appName} · ${ctx.appUrl} · Questions? ${ctx.supportEmail}`;
  const unsubscribe = layout.unsubscribe;
  const text = [
    greeting(layout.recipient),
    "",
    ...layout.intro.flatMap((p) => [p, ""]),
    ...(layout.action ? [`${layout.action.label}:`, layout.action.url, ""] : []),
    ...layout.outro.flatMap((p) => [p, ""]),
    `— The ${ctx.appName} team`,
    "",
    footer,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join("\n");

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#e4e4e7">${escapeHtml(p)}</p>`;
  const small = (p: string) =>
    `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#a1a1aa">${escapeHtml(p)}</p>`;
  const action = layout.action;
  const button = action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#c8ff2e;color:#0a0a0b;font-weight:800;text-transform:uppercase;letter-spacing:1px;text-decoration:none;padding:14px 28px;border-radius:999px">${escapeHtml(action.label)}</a></p>
${small("If the button does not work, copy this link into your browser:")}
<p style="margin:0 0 20px;font-size:13px;line-height:1.5;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#c8ff2e">${escapeHtml(action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:0;background:#0a0a0b;font-family:Inter,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0a0a0b;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#131316;border:1px solid #2a2a31;border-radius:16px">
<tr><td style="padding:28px 28px 8px">
<p style="margin:0 0 24px;font-size:22px;font-weight:800;letter-spacing:2px;text-transform:uppercase;color:#c8ff2e">${escapeHtml(ctx.appName)}</p>
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:#f4f4f5">${escapeHtml(layout.subject)}</h1>
${paragraph(greeting(layout.recipient))}
${layout.intro.map(paragraph).join("\n")}
${button}
${layout.outro.map(small).join("\n")}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #2a2a31">${small(footer)}${
    unsubscribe
      ? `<p style="margin:0;font-size:13px;line-height:1.5"><a href="${escapeHtml(unsubscribe.url)}" style="color:#a1a1aa;text-decoration:underline">${escapeHtml(unsubscribe.label)}</a></p>`
      : ""
  }</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: layout.subject, text, html };
}
