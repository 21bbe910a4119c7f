import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { paths } from "#shared/paths.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

/** What a kind's composer and sender are given: the database, the mail server, the settings and the log. */
export type OutboxDeps = { db: Db; mailer: Mailer; env: Env; logger: Logger };

export type DeliveryOutcome = "sent" | "already-sent" | "dropped";

/** An e-mail ready to go: its content, its one recipient and its RFC 8058 one-click address. */
type Outgoing = { mail: Omit<MailMessage, "to" | "headers">; to: string; oneClickUrl: string };

/**
 * One claimed delivery, as its area keeps it. `take` marks it as being sent (undefined: another job sent it already);
 * `compose` answers the e-mail, "sent" when it went out another way (a push), or null when what it would say is no
 * longer true; `release` undoes `take` after a failure, so the queue's retry sends it; `drop` deletes a claim no
 * longer true, so a later one can be planned.
 */
export type ClaimedDelivery<T> = {
  take(): Promise<T | undefined>;
  compose(taken: T): Promise<Outgoing | "sent" | null>;
  release(taken: T): Promise<unknown>;
  drop?(taken: T): Promise<unknown>;
};

/**
 * Sends one claimed delivery, the way every e-mail of the outbox goes: marked before the mail server is asked, so a
 * retried or duplicated job (two instances, a restart) never sends it twice; a failed compose or send releases the
 * mark and throws, for the queue to retry with its backoff.
 */
export async function sendOnce<T>(mailer: Mailer, delivery: ClaimedDelivery<T>): Promise<DeliveryOutcome> {
  const taken = await delivery.take();
  if (taken === undefined) return "already-sent";
  try {
    const outgoing = await delivery.compose(taken);
    if (outgoing === null) {
      await delivery.drop?.(taken);
      return "dropped";
    }
    if (outgoing === "sent") return "sent";
    await mailer.send({
      ...outgoing.mail,
      to: outgoing.to,
      headers: {
        "List-Unsubscribe": `<${outgoing.oneClickUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  } catch (error) {
    // The release must not hide why the send failed; the claim stays marked only if the database is gone too.
    await delivery.release(taken).catch(() => {});
    throw error;
  }
  return "sent";
}

/**
 * The two unsubscribe links of an e-mail signed with `token`: the page with a button (`page`, his lists' page by
 * default) and the one-click address mail providers POST (`oneClick`, the area's own route).
 */
export function unsubscribeLinks(
  env: Pick<Env, "APP_URL">,
  token: string,
  oneClick: string,
  page: string = paths.unsubscribe,
): { unsubscribeUrl: string; oneClickUrl: string } {
  return {
    unsubscribeUrl: new URL(`${page}?token=${token}`, env.APP_URL).toString(),
    oneClickUrl: new URL(`${oneClick}?token=${token}`, env.APP_URL).toString(),
  };
}
