import type { Database } from "./db/client.ts";
import { digestKind } from "./services/community/outbox-kind.ts";
import { eveningKind } from "./services/evening/outbox-kind.ts";
import { type Outbox, type OutboxKind, startOutbox } from "./services/outbox/queue.ts";
import type { OutboxDeps } from "./services/outbox/send.ts";
import { partnerEmailKind } from "./services/partners/outbox-kind.ts";
import { reminderKind } from "./services/reminders/outbox-kind.ts";

/**
 * Every e-mail the outbox plans and sends, in the order a tick claims them (decision 0172): his reminders, his
 * partners' e-mails, the community digests, the evening's nudges. The list lives here, at the composition root, so the
 * outbox imports no area and no area imports another's kind.
 */
export function outboxKinds(deps: OutboxDeps): OutboxKind[] {
  return [reminderKind(deps), partnerEmailKind(deps), digestKind(deps), eveningKind(deps)];
}

/** The outbox of one instance with every kind, on the app's database (server.ts, the tests of the whole queue). */
export function startMailOutbox(
  deps: OutboxDeps & { database: Database },
  options: Parameters<typeof startOutbox>[2],
): Promise<Outbox> {
  return startOutbox(deps, outboxKinds(deps), options);
}
