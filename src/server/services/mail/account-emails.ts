import { type EmailContext, type Recipient, renderEmail as render } from "./email-layout.ts";

export type AccountEmailContext = EmailContext;

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
