import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { communityBlocks, communityComments, communityNotifications } from "#server/db/schema.ts";
import { startMailOutbox } from "#server/outbox-kinds.ts";
import { notificationMessages } from "#shared/community/rules.ts";
import { reminderMessages } from "#shared/reminders/rules.ts";
import { admittedMember, storedRunPost } from "#tests/support/community-members.ts";
import type { CapturedMail } from "#tests/support/smtp-sink.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { unsubscribeToken } from "../outbox/unsubscribe-token.ts";
import { writeComment } from "./comments.ts";
import { claimDueDigests, type DigestDeps, deliverDigest } from "./digest.ts";
import { markNotificationsRead } from "./notifications.ts";
import { cheerPost } from "./post-cheers.ts";

/**
 * The daily digest (issue 40, decision 0137) on a fixed clock of its own: every moment below is written out, the wall
 * clock is never read (the notifications are made at those moments too), so it holds on any day it runs.
 */
const at = (iso: string) => new Date(iso);
const DAY1 = "2026-03-10";
const DAY2 = "2026-03-11";

describe("the daily community digest", () => {
  let t: TestApp;
  let second: Database | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const deps = (db = t.db): DigestDeps => ({ db, mailer: t.deps.mailer, env: t.deps.env, logger: t.deps.logger });

  /** What the outbox does each planned minute, on one instance's database. */
  async function run(now: Date, db = t.db) {
    const claimed = await claimDueDigests(db, now);
    for (const userId of claimed) await deliverDigest(deps(db), userId, now);
    return claimed;
  }

  const member = (firstName: string) => admittedMember(t, firstName, at(`${DAY1}T00:00:00Z`));
  const postOf = (user: TestUser, milestoneText?: string) =>
    storedRunPost(t, user, { milestoneText, achievedOn: DAY1, createdAt: at(`${DAY1}T06:00:00Z`) });

  const digestsTo = (user: TestUser) =>
    t.smtp.mails.filter((m) => m.to.includes(user.email.toLowerCase()) && /on your wins$/.test(m.subject));
  /** The mail's text as UTF-8 (the sink decodes quoted-printable byte by byte). */
  const textOf = (mail: CapturedMail | undefined) => Buffer.from(mail?.text ?? "", "latin1").toString("utf8");
  const headersOf = (mail: CapturedMail) => mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n\s+/g, " ");

  it("gathers a burst into one e-mail with the counts, the items and one-click headers; none the next hour; the next day only what is new", async () => {
    const [kai, marcus, tom, uli, vic] = [
      await member("Kai"),
      await member("Marcus"),
      await member("Tom"),
      await member("Uli"),
      await member("Vic"),
    ];
    const post = await postOf(kai);
    await cheerPost(t.db, marcus.id, post.id, at(`${DAY1}T07:30:00Z`));
    await cheerPost(t.db, tom.id, post.id, at(`${DAY1}T07:40:00Z`));
    await cheerPost(t.db, uli.id, post.id, at(`${DAY1}T07:50:00Z`));
    await writeComment(t.db, tom.id, post.id, "Strong finish, man", at(`${DAY1}T07:45:00Z`));
    await writeComment(t.db, uli.id, post.id, "Respect", at(`${DAY1}T07:55:00Z`));
    // Within the hour's grace at 09:00: it waits for the next digest.
    await cheerPost(t.db, vic.id, post.id, at(`${DAY1}T08:30:00Z`));

    // 07:00 is too early for the first items' grace; 09:00 in his time zone (UTC until his browser sent one) sends.
    expect(await run(at(`${DAY1}T07:58:00Z`))).not.toContain(kai.id);
    expect(await run(at(`${DAY1}T09:00:00Z`))).toContain(kai.id);
    const [mail] = digestsTo(kai);
    expect(mail?.subject).toBe("3 cheers and 2 comments on your wins");
    expect(textOf(mail)).toContain("Uli commented on “Run 5 km”: Respect");
    expect(textOf(mail)).toContain("Marcus cheered your win “Run 5 km”");
    expect(textOf(mail)).not.toContain("Vic");
    expect(mail!.links).toContain("http://localhost:3000/dashboard/community");
    const headers = headersOf(mail!);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1];
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/community\/digest\/unsubscribe\?token=/);
    // The body's link leads to the page that asks first, with the same token.
    expect(mail!.links).toContain(`http://localhost:3000/unsubscribe?${new URL(oneClick!).searchParams}`);
    const emailed = await t.db
      .select()
      .from(communityNotifications)
      .where(and(eq(communityNotifications.userId, kai.id), isNotNull(communityNotifications.emailedAt)));
    expect(emailed).toHaveLength(5);

    // An hour later Vic's cheer is past its grace, but a day has not passed: nothing.
    expect(await run(at(`${DAY1}T10:00:00Z`))).not.toContain(kai.id);
    await writeComment(t.db, marcus.id, post.id, "When is the next one?", at(`${DAY1}T20:00:00Z`));
    expect(await run(at(`${DAY2}T08:59:00Z`))).not.toContain(kai.id);
    expect(await run(at(`${DAY2}T09:00:00Z`))).toContain(kai.id);
    const next = digestsTo(kai);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe("1 cheer and 1 comment on your wins");
    expect(textOf(next[1])).toContain("Vic cheered your win “Run 5 km”");
    expect(textOf(next[1])).not.toContain("Respect");
  });

  it("leaves out what he read in the app, a blocked member's news and a removed comment; nothing left, no e-mail", async () => {
    const [ben, dirk, ede] = [await member("Ben"), await member("Dirk"), await member("Ede")];
    const post = await postOf(ben);
    await cheerPost(t.db, dirk.id, post.id, at(`${DAY1}T07:00:00Z`));
    const removed = await writeComment(t.db, ede.id, post.id, "Buy my course", at(`${DAY1}T07:05:00Z`));
    await writeComment(t.db, ede.id, post.id, "Seen it", at(`${DAY1}T07:10:00Z`));
    await markNotificationsRead(t.db, ben.id, at(`${DAY1}T07:20:00Z`));
    await writeComment(t.db, ede.id, post.id, "Well run", at(`${DAY1}T07:30:00Z`));
    await cheerPost(t.db, ede.id, post.id, at(`${DAY1}T07:31:00Z`));
    await t.db.insert(communityBlocks).values({ blockerId: ben.id, blockedId: ede.id });
    await t.db
      .update(communityComments)
      .set({ removedAt: at(`${DAY1}T07:40:00Z`) })
      .where(eq(communityComments.id, removed.id));

    // Everything unread is Ede's, whom he blocked: no digest, and his day is not spent on an empty one.
    expect(await run(at(`${DAY1}T12:00:00Z`))).not.toContain(ben.id);
    expect(digestsTo(ben)).toEqual([]);
    await t.db.delete(communityBlocks).where(eq(communityBlocks.blockerId, ben.id));
    expect(await run(at(`${DAY1}T12:05:00Z`))).toContain(ben.id);
    const [mail] = digestsTo(ben);
    expect(mail!.subject).toBe("1 cheer and 1 comment on your wins");
    expect(textOf(mail)).toContain("Ede commented on “Run 5 km”: Well run");
    expect(textOf(mail)).not.toContain("Buy my course");
    expect(textOf(mail)).not.toContain("Dirk");
  });

  it("sends one e-mail when two instances run the digest at the same moment", async () => {
    const [finn, gus] = [await member("Finn"), await member("Gus")];
    const post = await postOf(finn);
    await cheerPost(t.db, gus.id, post.id, at(`${DAY1}T07:00:00Z`));
    if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 3 });
    const other = second?.db ?? t.db;
    const noon = at(`${DAY1}T12:00:00Z`);
    const claims = await Promise.all([run(noon, t.db), run(noon, other), run(noon, t.db), run(noon, other)]);
    expect(claims.flat().filter((id) => id === finn.id)).toHaveLength(1);
    // A job retried (or duplicated) after the e-mail went out finds its items taken.
    expect(await deliverDigest(deps(other), finn.id, noon)).toBe("nothing");
    expect(digestsTo(finn)).toHaveLength(1);
  });

  it("goes out through the outbox: planned with the reminders, sent by their worker as of the planned moment", async () => {
    const [jan, kit] = [await member("Jan"), await member("Kit")];
    const post = await postOf(jan);
    await cheerPost(t.db, kit.id, post.id, at(`${DAY1}T07:00:00Z`));
    const { database, mailer, env, logger } = t.deps;
    // A schedule that never fires during the test: it plans at a moment of its own choosing.
    const queue = await startMailOutbox(
      { db: database.db, database, mailer, env, logger },
      { cron: "0 0 1 1 *", pollingIntervalSeconds: 0.5 },
    );
    try {
      expect(await queue.planNow(at(`${DAY1}T12:00:00Z`))).toBeGreaterThanOrEqual(1);
      const mail = await t.smtp.waitFor(jan.email, { subject: /on your wins$/, timeoutMs: 30_000 });
      expect(mail.subject).toBe("1 cheer on your wins");
    } finally {
      await queue.stop();
    }
    const [row] = await t.db.select().from(communityNotifications).where(eq(communityNotifications.userId, jan.id));
    expect(row!.emailedAt).toEqual(at(`${DAY1}T12:00:00Z`));
  });

  it("turns the digest off with the one-click POST (no session), after which none follows; a forged link changes nothing", async () => {
    const [hal, ivo] = [await member("Hal"), await member("Ivo")];
    const post = await postOf(hal);
    await cheerPost(t.db, ivo.id, post.id, at(`${DAY1}T07:00:00Z`));
    expect(await run(at(`${DAY1}T12:00:00Z`))).toContain(hal.id);
    const [mail] = digestsTo(hal);
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail!))![1]!);

    const forged = url.search.replace(/.{4}$/, "AAAA");
    const refused = await t.app.request(`${url.pathname}${forged}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: notificationMessages.digestLinkInvalid });
    // A reminder list's token, and the digest's token at the reminders' address: each address takes its own only.
    const reminders = unsubscribeToken(t.deps.env.AUTH_SECRET, hal.id, "weekly");
    const wrongList = await t.app.request(`${url.pathname}?token=${reminders}`, { method: "POST" });
    expect(wrongList.status).toBe(400);
    const wrongPlace = await t.app.request(`/api/reminders/unsubscribe${url.search}`, { method: "POST" });
    expect(wrongPlace.status).toBe(400);
    expect(await wrongPlace.json()).toEqual({ error: reminderMessages.unsubscribeInvalid });
    expect(await (await hal.api.community.digest.$get()).json()).toEqual({ digestEmails: true });

    // Opened in a browser, the address only leads to the page that asks first.
    const opened = await t.app.request(url.pathname + url.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/unsubscribe${url.search}`);
    expect(await (await hal.api.community.digest.$get()).json()).toEqual({ digestEmails: true });

    // What a mail provider sends (RFC 8058): a POST from its server, no Origin, no cookie.
    const response = await t.app.request(url.pathname + url.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ list: "community" });
    expect(await (await hal.api.community.digest.$get()).json()).toEqual({ digestEmails: false });

    await writeComment(t.db, ivo.id, post.id, "Next one?", at(`${DAY1}T13:00:00Z`));
    expect(await run(at(`${DAY2}T12:00:00Z`))).not.toContain(hal.id);
    expect(digestsTo(hal)).toHaveLength(1);
    // Back on in settings: the news he missed comes with the next digest.
    await hal.api.community.digest.$put({ json: { digestEmails: true } });
    expect(await run(at(`${DAY2}T12:05:00Z`))).toContain(hal.id);
  });
});
