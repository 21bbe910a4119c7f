import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/db/schema.ts";
import type { Env, VapidConfig } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { isAllowedPushEndpoint } from "./endpoint-policy.ts";

export type PushDeps = { db: Db; env: Env; logger: Logger };

/**
 * What the service worker shows (public/…/push handler): a short title and body, and the page a tap opens; `actions`
 * are the notification's buttons, each answered by a POST to its same-origin `post` path (the evening's "Phone down").
 */
export type PushNotice = {
  title: string;
  body: string;
  url: string;
  tag?: string;
  actions?: Array<{ action: string; title: string; post: string }>;
};

export type PushReport = { sent: number; failed: number; removed: number };

/** A day: a reminder that has not reached a phone switched off for longer is stale (RFC 8030 TTL). */
const PUSH_TTL_SECONDS = 86_400;
const TIMEOUT_MS = 10_000;
const MAX_BODY = 180;

/**
 * Pushes one notice to each of his devices (decision 0098). web-push encrypts the payload (RFC 8291, aes128gcm) and
 * signs the VAPID header (RFC 8292); the request itself goes out with fetch, which never follows a redirect here and
 * gives up after 10 s. An endpoint the push service answers 404 or 410 for is gone for good: its subscription is
 * deleted. Never throws: a push that fails is logged and not retried, so it can neither hold up nor repeat the
 * e-mail it accompanies.
 */
export async function pushToUser(deps: PushDeps, userId: string, notice: PushNotice): Promise<PushReport> {
  const report: PushReport = { sent: 0, failed: 0, removed: 0 };
  const vapid = deps.env.vapid;
  if (!vapid) return report;
  try {
    const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const payload = JSON.stringify({
      ...notice,
      body: notice.body.length > MAX_BODY ? `${notice.body.slice(0, MAX_BODY - 1)}…` : notice.body,
    });
    const gone: string[] = [];
    const delivered: string[] = [];
    await Promise.all(
      devices.map(async (device) => {
        const status = await postPush(deps.env, vapid, device, payload).catch((error: unknown) => {
          deps.logger.warn({ err: error, push: { subscription: device.id } }, "push could not be sent");
          return null;
        });
        if (status !== null && status >= 200 && status < 300) delivered.push(device.id);
        else if (status === 404 || status === 410) gone.push(device.id);
        else {
          if (status !== null) deps.logger.warn({ push: { subscription: device.id, status } }, "push refused");
          report.failed++;
        }
      }),
    );
    if (delivered.length > 0) {
      await deps.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(inArray(pushSubscriptions.id, delivered));
    }
    if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    report.sent = delivered.length;
    report.removed = gone.length;
  } catch (error) {
    deps.logger.error({ err: error }, "pushes failed");
  }
  return report;
}

async function postPush(
  env: Env,
  vapid: VapidConfig,
  device: typeof pushSubscriptions.$inferSelect,
  payload: string,
): Promise<number | null> {
  // Checked again at send time: the rule may have tightened since the endpoint was saved.
  if (!isAllowedPushEndpoint(device.endpoint, { production: env.NODE_ENV === "production" })) {
    return 410;
  }
  // web-push (~4 MB with its crypto helpers) loads with the first push, not at start (issue 13).
  const webPush = (await import("web-push")).default;
  const request = webPush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: "normal", contentEncoding: "aes128gcm" },
  );
  const response = await fetch(request.endpoint, {
    method: "POST",
    headers: request.headers,
    body: new Uint8Array(request.body),
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}
