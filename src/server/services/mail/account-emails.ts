import type { MailMessage } from "./mailer.ts";

export type AccountEmailContext = { appName: string; appUrl: string; supportEmail: string };

type Recipient = { email: string; firstName?: string | null };

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

type Layout = {
  subject: string;
  recipient: Recipient;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button: expiry, and why the reader got this e-mail. */
  outro: string[];
};

/**
 * One layout for every account e-mail: a text part that reads well on its own (with the
 * bare link) and an HTML part with the same words, inline styles only (mail clients strip
 * <style>), dark like the app.
 */
function render(ctx: AccountEmailContext, layout: Layout): Omit<MailMessage, "to"> {
  const footer = `${ctx.appName} · ${ctx.appUrl} · Questions? ${ctx.supportEmail}`;
  const text = [
    greeting(layout.recipient),
    "",
    ...layout.intro.flatMap((p) => [p, ""]),
    `${layout.action.label}:`,
    layout.action.url,
    "",
    ...layout.outro.flatMap((p) => [p, ""]),
    `— The ${ctx.appName} team`,
    "",
    footer,
  ].join("\n");

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#e4e4e7">${escapeHtml(p)}</p>`;
  const small = (p: string) =>
    `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#a1a1aa">${escapeHtml(p)}</p>`;
  const url = escapeHtml(layout.action.url);
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
<p style="margin:8px 0 24px"><a href="${url}" style="display:inline-block;background:#c8ff2e;color:#0a0a0b;font-weight:800;text-transform:uppercase;letter-spacing:1px;text-decoration:none;padding:14px 28px;border-radius:999px">${escapeHtml(layout.action.label)}</a></p>
${small("If the button does not work, copy this link into your browser:")}
<p style="margin:0 0 20px;font-size:13px;line-height:1.5;word-break:break-all"><a href="${url}" style="color:#c8ff2e">${url}</a></p>
${layout.outro.map(small).join("\n")}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #2a2a31">${small(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: layout.subject, text, html };
}

export function confirmationEmail(ctx: AccountEmailContext, recipient: Recipient, url: string, validHours: number) {
  return render(ctx, {
    subject: `Confirm your ${ctx.appName} account`,
    recipient,
    intro: [
      `Welcome to ${ctx.appName}. One step left: confirm that this is your email address, then log in and accept your first challenge.`,
    ],
    action: { label: "Confirm my email", url },
    outro: [
      `The link works for ${validHours} hours. If it has expired, just try to log in and we will send you a new one.`,
      `You are receiving this email because someone signed up for ${ctx.appName} with ${recipient.email}. If that was not you, ignore this email: no account will be activated.`,
    ],
  });
}

export function passwordResetEmail(ctx: AccountEmailContext, recipient: Recipient, url: string, validMinutes: number) {
  return render(ctx, {
    subject: `Reset your ${ctx.appName} password`,
    recipient,
    intro: ["We received a request to reset the password of your account. Choose a new one here:"],
    action: { label: "Choose a new password", url },
    outro: [
      `The link works once, for ${validMinutes} minutes. After the reset you will be logged out everywhere.`,
      `You are receiving this email because a password reset was requested for ${recipient.email} on ${ctx.appName}. If that was not you, ignore this email: your password stays as it is.`,
    ],
  });
}

export function existingAccountEmail(ctx: AccountEmailContext, recipient: Recipient, loginUrl: string) {
  return render(ctx, {
    subject: `Your ${ctx.appName} account already exists`,
    recipient,
    intro: [
      `Someone just tried to create a new ${ctx.appName} account with this email address, but you already have one. Log in with your password instead.`,
      "Forgot it? On the login screen, enter your email and choose 'Reset it here'.",
    ],
    action: { label: "Log in", url: loginUrl },
    outro: [
      `You are receiving this email because of a sign-up attempt with ${recipient.email}. If that was not you, you can ignore it: nothing changed on your account.`,
    ],
  });
}

export function accountDeletedEmail(
  ctx: AccountEmailContext,
  recipient: Recipient,
  facts: { subscriptionCancelled: boolean },
) {
  return render(ctx, {
    subject: `Your ${ctx.appName} account has been deleted`,
    recipient,
    intro: [
      `As you asked, your ${ctx.appName} account is deleted: your profile, run, quiz answers, mission, challenges, milestones, to-dos and token history are gone for good, and you are signed out everywhere.`,
      ...(facts.subscriptionCancelled
        ? [
            "Your premium subscription was cancelled at once and will not be charged again. Stripe keeps the invoices, as the law requires.",
          ]
        : []),
      "We are sorry to see you go. You are welcome back any time with a new account.",
    ],
    action: { label: `Visit ${ctx.appName}`, url: ctx.appUrl },
    outro: [
      `You are receiving this email because the ${ctx.appName} account of ${recipient.email} was deleted. If that was not you, write to ${ctx.supportEmail} at once.`,
    ],
  });
}
