import { and, eq } from "drizzle-orm";
import { phoneDownAnswers, pushSubscriptions, reminderDeliveries, users } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { paths } from "#shared/paths.ts";
import { listOfKind } from "#shared/reminders/rules.ts";
import { FALLBACK_TIME_ZONE } from "#shared/time.ts";
import { emailContext } from "../mail/email-layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { deliveryRow } from "../outbox/delivery-row.ts";
import { type DeliveryOutcome, type OutboxDeps, sendOnce, unsubscribeLinks } from "../outbox/send.ts";
import { unsubscribeToken } from "../outbox/unsubscribe-token.ts";
import { type PushNotice, pushToUser } from "../push/send-push.ts";
import { REMINDERS_ONE_CLICK } from "../reminders/deliver.ts";
import { listIsOn, readReminderSettings } from "../reminders/settings.ts";
import { phoneDownToken } from "./answer.ts";
import { checkInEmail, checkInPushText, phoneDownEmail, phoneDownPushText, readTonightsStep } from "./compose.ts";

/** The action a phone-down push offers; the service worker POSTs the answer with the nudge's token. */
const PHONE_DOWN_ACTION = "phone-down";

type Delivery = typeof reminderDeliveries.$inferSelect;
type Nudge = { push: PushNotice; mail: Omit<MailMessage, "to" | "headers"> };

function urls(env: Env, userId: string, delivery: Delivery, now: Date) {
  const unsubscribe = unsubscribeToken(env.AUTH_SECRET, userId, listOfKind[delivery.kind]);
  const answer = phoneDownToken(env.AUTH_SECRET, userId, delivery.subjectKey, now);
  return {
    answerToken: answer,
    answerPage: `${paths.phoneDown}?token=${answer}`,
    // Turned off at his reminder lists' one-click route: the evening's lists are his reminder settings.
    ...unsubscribeLinks(env, unsubscribe, REMINDERS_ONE_CLICK),
    dashboardUrl: new URL(paths.dashboard, env.APP_URL).toString(),
  };
}

/**
 * Sends one claimed evening nudge (issue 55, decision 0161) through the outbox: to his push devices if he has any,
 * else by e-mail. As with every reminder it is marked sent before anything goes out, so a retried or duplicated job
 * never sends it twice; a failed e-mail clears the mark and throws for the queue to retry. A nudge that became untrue
 * (switched off, answered meanwhile, his address unconfirmed) is dropped and its claim deleted.
 */
export async function deliverEveningNudge(deps: OutboxDeps, deliveryId: string, now: Date): Promise<DeliveryOutcome> {
  const { db, env } = deps;
  return sendOnce(deps.mailer, {
    ...deliveryRow(db, reminderDeliveries, deliveryId, now),
    compose: async (delivery) => {
      const [user] = await db.select().from(users).where(eq(users.id, delivery.userId));
      const settings = await readReminderSettings(db, delivery.userId);
      if (!user?.emailVerified || !listIsOn(settings, listOfKind[delivery.kind])) return null;
      const links = urls(env, user.id, delivery, now);
      const ctx = emailContext(env);
      const recipient = { email: user.email, firstName: user.firstName };
      let nudge: Nudge;
      if (delivery.kind === "phone_down") {
        const [answer] = await db
          .select({ day: phoneDownAnswers.day })
          .from(phoneDownAnswers)
          .where(and(eq(phoneDownAnswers.userId, user.id), eq(phoneDownAnswers.day, delivery.subjectKey)));
        if (answer) return null;
        const step = await readTonightsStep(db, user.id);
        const evening = {
          day: delivery.subjectKey,
          phoneDownAt: settings.phoneDownAt ?? "",
          timeZone: settings.timeZone ?? FALLBACK_TIME_ZONE,
          step,
        };
        nudge = {
          push: {
            ...phoneDownPushText(step),
            // A tap on the notification opens the page with the button; the action answers at once (same token).
            url: links.answerPage,
            tag: deliveryId,
            actions: [
              {
                action: PHONE_DOWN_ACTION,
                title: "Phone down",
                post: `/api/evening/phone-down/link?token=${links.answerToken}`,
              },
            ],
          },
          mail: phoneDownEmail(ctx, recipient, evening, {
            answerUrl: new URL(links.answerPage, env.APP_URL).toString(),
            unsubscribeUrl: links.unsubscribeUrl,
          }),
        };
      } else {
        nudge = {
          push: { ...checkInPushText(), url: paths.dashboard, tag: deliveryId },
          mail: checkInEmail(ctx, recipient, links),
        };
      }
      const devices = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .limit(1);
      if (devices.length > 0 && env.vapid) {
        const report = await pushToUser(deps, user.id, nudge.push);
        deps.logger.info({ reminder: { id: deliveryId, kind: delivery.kind }, push: report }, "evening nudge pushed");
        // A push that reached no device (every one gone or failing) falls back to the e-mail.
        if (report.sent > 0) return "sent";
      }
      return { mail: nudge.mail, to: user.email, oneClickUrl: links.oneClickUrl };
    },
  });
}
