import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import webPush from "web-push";
import { pushSubscriptions, reminderDeliveries } from "#server/db/schema.ts";
import { isAllowedPushEndpoint } from "#server/services/push/endpoint-policy.ts";
import { deliverReminder } from "#server/services/reminders/deliver.ts";
import { claimDueReminders } from "#server/services/reminders/planner.ts";
import { MAX_PUSH_DEVICES, pushMessages } from "#shared/push/rules.ts";
import { addDays } from "#shared/time.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import {
  type BrowserSubscription,
  type FakePushService,
  startFakePushService,
  verifyVapidHeader,
} from "#tests/support/fake-push-service.ts";
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp, type TestUser } from "#tests/support/test-app.ts";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The subscription as PushSubscription.toJSON() gives it. */
const json = (s: Pick<BrowserSubscription, "endpoint" | "keys">) => ({
  endpoint: s.endpoint,
  expirationTime: null,
  keys: s.keys,
});

const browserLike = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
});

describe("the push endpoint rule (SSRF guard)", () => {
  it("accepts only known push services over https in production, and loopback besides outside it", () => {
    const allowed = [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGZ4",
      "https://api.push.apple.com/3/device/x",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
    ];
    const refused = [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://evilpush.apple.com.example/x",
      "https://user:pw@fcm.googleapis.com/fcm/send/abc",
      "https://169.254.169.254/latest/meta-data/",
      "https://example.com/push",
      "ftp://fcm.googleapis.com/x",
      "not a url",
    ];
    for (const url of allowed) expect(isAllowedPushEndpoint(url, { production: true }), url).toBe(true);
    for (const url of refused) expect(isAllowedPushEndpoint(url, { production: true }), url).toBe(false);
    for (const url of ["http://127.0.0.1:4000/push/1", "http://localhost:9/x", "http://[::1]:9/x"]) {
      expect(isAllowedPushEndpoint(url, { production: true }), url).toBe(false);
      expect(isAllowedPushEndpoint(url, { production: false }), url).toBe(true);
    }
    expect(isAllowedPushEndpoint("http://10.0.0.5/push", { production: false })).toBe(false);
  });
});

describe("/api/push", () => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const rowsOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  async function subscribe(user: TestUser, subscription: ReturnType<typeof json>, userAgent = ANDROID_CHROME) {
    return user.api.push.subscriptions.$post({ json: subscription }, { headers: { "user-agent": userAgent } });
  }

  it("gives the key to subscribe with, keeps this device's subscription, and forgets it when switched off", async () => {
    const user = await t.createUser();
    const device = push.subscribe();
    const before = await (await user.api.push.$get({ query: { endpoint: device.endpoint } })).json();
    expect(before).toEqual({ available: true, publicKey: t.deps.env.vapid?.publicKey, subscribed: false, devices: 0 });
    expect(before.publicKey).toMatch(/^[\w-]{87}$/);

    const saved = await subscribe(user, json(device));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ subscribed: true, devices: 1 });
    expect((await (await user.api.push.$get({ query: { endpoint: device.endpoint } })).json()).subscribed).toBe(true);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      deviceLabel: "Chrome on Android",
    });

    // The browser renews its keys: the same endpoint, saved again, stays one device.
    const renewed = push.subscribe();
    expect(await (await subscribe(user, { ...json(device), keys: renewed.keys })).json()).toMatchObject({ devices: 1 });
    expect((await rowsOf(user.id)).map((r) => r.p256dh)).toEqual([renewed.keys.p256dh]);

    const off = await user.api.push.subscriptions.$delete({ json: { endpoint: device.endpoint } });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ subscribed: false, devices: 0 });
    expect(await rowsOf(user.id)).toEqual([]);
    const again = await user.api.push.subscriptions.$delete({ json: { endpoint: device.endpoint } });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: pushMessages.notFound });
  });

  it("refuses a bad subscription, a foreign host, and an eleventh device with a clear message, changing nothing", async () => {
    const user = await t.createUser();
    const device = push.subscribe();
    const cases: Array<[unknown, number, string]> = [
      [{ ...json(device), keys: { p256dh: "short", auth: device.keys.auth } }, 400, pushMessages.invalid],
      [{ ...json(device), keys: undefined }, 400, pushMessages.invalid],
      [{ ...json(device), endpoint: "ftp://127.0.0.1/push/1" }, 400, pushMessages.invalid],
      [{ ...json(device), endpoint: "javascript:alert(1)" }, 400, pushMessages.invalid],
      // Outside production only loopback is allowed besides the real push services.
      [{ ...json(device), endpoint: "http://10.0.0.5/push/1" }, 400, pushMessages.endpointRefused],
      [{ ...json(device), endpoint: "https://example.com/push/1" }, 400, pushMessages.endpointRefused],
    ];
    for (const [body, status, error] of cases) {
      const response = await user.api.push.subscriptions.$post({ json: body as ReturnType<typeof json> });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.json()).toEqual({ error });
    }
    expect(await rowsOf(user.id)).toEqual([]);

    const devices = Array.from({ length: MAX_PUSH_DEVICES }, () => push.subscribe());
    for (const d of devices) expect((await subscribe(user, json(d))).status).toBe(200);
    const eleventh = await subscribe(user, json(push.subscribe()));
    expect(eleventh.status).toBe(409);
    expect(await eleventh.json()).toEqual({ error: pushMessages.tooManyDevices(MAX_PUSH_DEVICES) });
    // One of his ten, saved again, is no new device.
    expect((await subscribe(user, json(devices[0]!))).status).toBe(200);
    expect(await rowsOf(user.id)).toHaveLength(MAX_PUSH_DEVICES);
  });

  it("never deletes another user's subscription (the same 404 as an unknown one)", async () => {
    const a = await t.createUser({ firstName: "Annika" });
    const b = await t.createUser({ firstName: "Bert" });
    const device = push.subscribe();
    await subscribe(a, json(device));

    const foreign = await b.api.push.subscriptions.$delete({ json: { endpoint: device.endpoint } });
    const unknown = await b.api.push.subscriptions.$delete({ json: { endpoint: push.subscribe().endpoint } });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect((await (await b.api.push.$get({ query: { endpoint: device.endpoint } })).json()).subscribed).toBe(false);
  });

  it("never moves another user's subscription to the caller: his endpoint is refused with 409 and stays his (issue 24 #5)", async () => {
    const a = await t.createUser({ firstName: "Annika" });
    const b = await t.createUser({ firstName: "Bert" });
    const device = push.subscribe();
    await subscribe(a, json(device));
    const [before] = await rowsOf(a.id);

    // With A's endpoint, and with other keys (his reminders would then be encrypted for B's browser).
    for (const keys of [device.keys, push.subscribe().keys]) {
      const taken = await subscribe(b, { ...json(device), keys });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toEqual({ error: pushMessages.endpointTaken });
    }
    expect(await rowsOf(a.id)).toEqual([before]);
    expect(await rowsOf(b.id)).toEqual([]);
    expect((await (await a.api.push.$get({ query: { endpoint: device.endpoint } })).json()).devices).toBe(1);
    // A fresh subscription of the same browser (what it gets after unsubscribing) is B's to save.
    expect((await subscribe(b, json(push.subscribe()))).status).toBe(200);
  });

  it("asks for a session", async () => {
    expect((await t.api.push.$get({ query: {} })).status).toBe(401);
    const device = push.subscribe();
    expect((await t.api.push.subscriptions.$post({ json: json(device) })).status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("/api/push in production", () => {
  it("accepts only https endpoints of known push services (SSRF)", async () => {
    const keys = webPush.generateVAPIDKeys();
    const t = await createTestApp({
      ...PRODUCTION_TEST_ENV,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const user = await t.createUser();
      for (const endpoint of [
        "http://127.0.0.1:9/push/1",
        "http://localhost:3000/api/me",
        "https://169.254.169.254/latest/meta-data/",
        "https://fcm.googleapis.com.evil.example/fcm/send/1",
        "https://internal.example/push",
      ]) {
        const response = await user.api.push.subscriptions.$post({ json: browserLike(endpoint) });
        expect(response.status, endpoint).toBe(400);
        expect(await response.json()).toEqual({ error: pushMessages.endpointRefused });
      }
      expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
      const fcm = await user.api.push.subscriptions.$post({
        json: browserLike("https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"),
      });
      expect(fcm.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("is off without VAPID keys: no key to subscribe with, and a subscription is refused", async () => {
    const t = await createTestApp(PRODUCTION_TEST_ENV);
    try {
      expect(t.deps.env.vapid).toBeNull();
      const user = await t.createUser();
      expect(await (await user.api.push.$get({ query: {} })).json()).toEqual({
        available: false,
        publicKey: null,
        subscribed: false,
        devices: 0,
      });
      const response = await user.api.push.subscriptions.$post({
        json: browserLike("https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: pushMessages.unavailable });
    } finally {
      await t.close();
    }
  });
});

describe("reminders as push notifications", () => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const reminderDeps = () => ({ db: t.db, mailer: t.deps.mailer, env: t.deps.env, logger: t.deps.logger });

  /** 10:00 in Tokyo (UTC+9, no daylight saving) on `day`. */
  const tokyoMorning = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + (10 - 9) * 3_600_000);

  /** A user in Tokyo whose first milestone is due in five days, with push on for `devices` devices. */
  async function userWithDevices(devices: number) {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const due = addDays(new Date().toISOString().slice(0, 10), 5);
    await user.api.milestones.$patch({
      json: { milestones: [{ id: challenge.milestones[0]!.id, milestoneDeadline: due }] },
    });
    await user.api.reminders.settings.$patch({ json: { timeZone: "Asia/Tokyo" } });
    const subscriptions = Array.from({ length: devices }, () => push.subscribe());
    for (const s of subscriptions) {
      expect((await user.api.push.subscriptions.$post({ json: json(s) })).status).toBe(200);
    }
    return { user, challenge, subscriptions, morning: tokyoMorning(addDays(due, -1)) };
  }

  /** Plans at `now` and answers the ids of this user's claimed reminders (other tests' users share the database). */
  async function claimFor(userId: string, now: Date) {
    const ids = await claimDueReminders(t.db, now);
    if (ids.length === 0) return [];
    const rows = await t.db
      .select({ id: reminderDeliveries.id })
      .from(reminderDeliveries)
      .where(and(inArray(reminderDeliveries.id, ids), eq(reminderDeliveries.userId, userId)));
    return rows.map((r) => r.id);
  }

  it("sends the reminder to each of his devices, encrypted for the browser and signed with the VAPID key", async () => {
    const { user, challenge, subscriptions, morning } = await userWithDevices(2);
    const [id] = await claimFor(user.id, morning);
    expect(await deliverReminder(reminderDeps(), id!, morning)).toBe("sent");
    await t.smtp.waitFor(user.email, { subject: /^Due tomorrow/ });

    for (const subscription of subscriptions) {
      const received = push.pushesTo(subscription);
      expect(received).toHaveLength(1);
      const [message] = received;
      expect(message!.headers["content-encoding"]).toBe("aes128gcm");
      expect(message!.headers.ttl).toBe("86400");
      const vapid = verifyVapidHeader(message!.headers.authorization, push.origin);
      expect(vapid.publicKey).toBe(t.deps.env.vapid?.publicKey);
      expect(vapid.claims.sub).toBe("mailto:support@unscroll.example");
      expect(JSON.parse(subscription.decrypt(message!.body))).toEqual({
        title: `Due tomorrow: ${challenge.title}`,
        body: "Your Immediate Milestone is due tomorrow. One focused hour today makes it easy.",
        url: "/dashboard",
        tag: id,
      });
    }
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.every((r) => r.lastSuccessAt !== null)).toBe(true);
  });

  it("pushes each device once when the send job is retried after the mail server failed, and never again", async () => {
    const { user, subscriptions, morning } = await userWithDevices(2);
    const [id] = await claimFor(user.id, morning);
    const send = vi.spyOn(t.deps.mailer, "send").mockRejectedValueOnce(new Error("SMTP is down"));
    try {
      await expect(deliverReminder(reminderDeps(), id!, morning)).rejects.toThrow("SMTP is down");
    } finally {
      send.mockRestore();
    }
    // Nothing went out: the e-mail failed before any push started.
    for (const s of subscriptions) expect(push.pushesTo(s)).toHaveLength(0);

    // The queue retries the job, then a duplicate of it runs on another instance.
    expect(await deliverReminder(reminderDeps(), id!, morning)).toBe("sent");
    expect(await deliverReminder(reminderDeps(), id!, morning)).toBe("already-sent");
    for (const s of subscriptions) expect(push.pushesTo(s)).toHaveLength(1);
    const mails = t.smtp.mails.filter((m) => m.to.includes(user.email.toLowerCase()) && m.subject.startsWith("Due"));
    expect(mails).toHaveLength(1);
  });

  it("deletes a subscription its push service says is gone (410), and a failing push service changes nothing for the e-mail", async () => {
    const { user, subscriptions, morning } = await userWithDevices(3);
    const [gone, failing, fine] = subscriptions;
    push.answer(gone!, 410);
    push.answer(failing!, 500);
    const [id] = await claimFor(user.id, morning);
    expect(await deliverReminder(reminderDeps(), id!, morning)).toBe("sent");
    await t.smtp.waitFor(user.email, { subject: /^Due tomorrow/ });

    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((r) => r.endpoint).sort()).toEqual([failing!.endpoint, fine!.endpoint].sort());
    expect(left.find((r) => r.endpoint === failing!.endpoint)?.lastSuccessAt).toBeNull();
    // A push that failed is not retried: it would come late, and the e-mail went out.
    for (const s of subscriptions) expect(push.pushesTo(s)).toHaveLength(1);
    expect(await deliverReminder(reminderDeps(), id!, morning)).toBe("already-sent");
    expect(push.pushesTo(failing!)).toHaveLength(1);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
