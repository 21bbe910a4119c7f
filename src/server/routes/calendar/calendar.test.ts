import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestones } from "#server/db/schema.ts";
import { loggablePath } from "#server/http/loggable-path.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";

function day(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

type CalendarEvent = Record<string, string>;

/** The VEVENTs of an iCalendar text, unfolded and unescaped (RFC 5545 3.1, 3.3.11), keyed by property name. */
function eventsOf(ics: string): CalendarEvent[] {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const events: CalendarEvent[] = [];
  let current: CalendarEvent | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon);
      current[name] = line
        .slice(colon + 1)
        .replace(/\\n/gi, "\n")
        .replace(/\\([,;\\])/g, "$1");
    }
  }
  return events;
}

describe("the private calendar feed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const feedOf = async (user: TestUser) => (await (await user.api.calendar.feed.$get()).json()).feed;
  const fetchFeed = (url: string) => t.request(new URL(url).pathname);

  /** A user who accepted his first challenge and dated two of its milestones; the second challenge is dated but not accepted. */
  async function userWithDatedPlan() {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const [accepted, notAccepted] = plan.challenges;
    await user.api.challenges[":id"].$patch({ param: { id: accepted!.id }, json: { challengeAccepted: true } });
    const [first, second, undated] = accepted!.milestones;
    await user.api.milestones.$patch({
      json: {
        milestones: [
          { id: first!.id, milestoneDeadline: day(5) },
          { id: second!.id, milestoneDeadline: day(12) },
          { id: notAccepted!.milestones[0]!.id, milestoneDeadline: day(6) },
        ],
      },
    });
    return { user, accepted: accepted!, first: first!, second: second!, undated: undated! };
  }

  it("lists every dated milestone of his accepted challenges as an all-day event, and follows changes", async () => {
    const { user, accepted, first, second } = await userWithDatedPlan();
    expect(await feedOf(user)).toBeNull();

    const created = await user.api.calendar.feed.$post();
    expect(created.status).toBe(200);
    const { feed } = await created.json();
    expect(feed?.url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed?.webcalUrl).toBe(feed?.url.replace("http://", "webcal://"));
    expect(feed?.googleUrl).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed!.webcalUrl)}`,
    );
    // Creating again (a second tab, a double tap) keeps the address his calendar may already use.
    expect((await (await user.api.calendar.feed.$post()).json()).feed?.url).toBe(feed?.url);
    expect((await feedOf(user))?.url).toBe(feed?.url);

    const response = await fetchFeed(feed!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const ics = await response.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const events = eventsOf(ics);
    expect(events).toHaveLength(2);
    const [firstEvent, secondEvent] = events;
    expect(firstEvent).toMatchObject({
      UID: `${first.id}@localhost`,
      "DTSTART;VALUE=DATE": day(5).replaceAll("-", ""),
      SUMMARY: first.milestoneDescription,
      "URL;VALUE=URI": `${TEST_ORIGIN}/dashboard`,
    });
    expect(firstEvent?.DESCRIPTION).toContain(first.milestoneDescription);
    expect(firstEvent?.DESCRIPTION).toContain(`Challenge: ${accepted.title}`);
    expect(firstEvent?.DESCRIPTION).toContain(`Open your dashboard: ${TEST_ORIGIN}/dashboard`);
    expect(secondEvent).toMatchObject({
      UID: `${second.id}@localhost`,
      "DTSTART;VALUE=DATE": day(12).replaceAll("-", ""),
      SUMMARY: second.milestoneDescription,
    });

    // A moved deadline moves the same event; a completed milestone stays, marked done.
    await user.api.milestones[":id"].$patch({ param: { id: first.id }, json: { milestoneDeadline: day(8) } });
    await t.db.update(milestones).set({ milestoneCompleted: true }).where(eq(milestones.id, second.id));
    const changed = eventsOf(await (await fetchFeed(feed!.url)).text());
    expect(changed.map((e) => [e.UID, e["DTSTART;VALUE=DATE"], e.SUMMARY])).toEqual([
      [`${first.id}@localhost`, day(8).replaceAll("-", ""), first.milestoneDescription],
      [`${second.id}@localhost`, day(12).replaceAll("-", ""), `✓ ${second.milestoneDescription}`],
    ]);
  });

  it("issue 53 row 14: an event is titled with the milestone's own words, not its type", async () => {
    const { user, accepted, second } = await userWithDatedPlan();
    const step = "Book the first three sessions with a coach, pay for all three";
    await user.api.milestones[":id"].$patch({ param: { id: second.id }, json: { milestoneDescription: step } });
    const { feed } = await (await user.api.calendar.feed.$post()).json();
    const event = eventsOf(await (await fetchFeed(feed!.url)).text()).find((e) => e.UID === `${second.id}@localhost`);
    expect(event?.SUMMARY).toBe(step);
    // Its type and challenge are still said, in the event's notes.
    expect(event?.DESCRIPTION).toContain("Short-term Milestone, due today");
    expect(event?.DESCRIPTION).toContain(`Challenge: ${accepted.title}`);
  });

  it("keeps its own Referrer-Policy: no-referrer, not the app-wide one (issue 24 #8)", async () => {
    const { user } = await t.userWithPlan();
    const { feed } = await (await user.api.calendar.feed.$post()).json();
    const response = await fetchFeed(feed!.url);
    expect(response.status).toBe(200);
    // The token is the feed's only key: a link followed from a calendar app must not carry it in a Referer.
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    // The other protective headers still come from the app.
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("reveals nothing without its token: a wrong, old or revoked token answers like any unknown path", async () => {
    const { user } = await userWithDatedPlan();
    const other = await t.createUser({ firstName: "Dev" });
    const { feed } = await (await user.api.calendar.feed.$post()).json();
    const unknown = await t.request(`/api/calendar/${"A".repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found" });
    expect((await t.request("/api/calendar/short.ics")).status).toBe(404);

    // Another user sees and fetches only his own feed.
    expect(await feedOf(other)).toBeNull();
    const { feed: othersFeed } = await (await other.api.calendar.feed.$post()).json();
    expect(othersFeed?.url).not.toBe(feed?.url);
    expect(eventsOf(await (await fetchFeed(othersFeed!.url)).text())).toEqual([]);

    // A new address stops the old one at once.
    const renewed = (await (await user.api.calendar.feed.renew.$post()).json()).feed;
    expect(renewed?.url).not.toBe(feed?.url);
    expect((await fetchFeed(feed!.url)).status).toBe(404);
    expect((await fetchFeed(renewed!.url)).status).toBe(200);

    const revoked = await user.api.calendar.feed.$delete();
    expect(await revoked.json()).toEqual({ feed: null });
    expect((await fetchFeed(renewed!.url)).status).toBe(404);
    expect(await feedOf(user)).toBeNull();
    // The other user's feed is untouched by all of it.
    expect((await fetchFeed(othersFeed!.url)).status).toBe(200);

    for (const call of [t.api.calendar.feed.$get(), t.api.calendar.feed.$post(), t.api.calendar.feed.$delete()]) {
      expect((await call).status).toBe(401);
    }
  });

  it("keeps the token out of the request log", () => {
    expect(loggablePath(`/api/calendar/${"a".repeat(43)}.ics`)).toBe("/api/calendar/:token");
    expect(loggablePath("/api/calendar/feed")).toBe("/api/calendar/feed");
    expect(loggablePath("/api/calendar/feed/renew")).toBe("/api/calendar/feed/renew");
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("the calendar feed's rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_CALENDAR_FEED_PER_FEED: "3",
      RATE_LIMIT_CALENDAR_FEED_PER_IP: "2",
      TRUST_PROXY: "true",
    });
  });
  afterAll(() => t.close());

  it("answers 429 once a feed is fetched too often, and slows down guessing per IP", async () => {
    const user = await t.createUser();
    const { feed } = await (await user.api.calendar.feed.$post()).json();
    const path = new URL(feed!.url).pathname;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request(path)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.request(path);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).error).toMatch(/^Too many attempts\. Please wait/);

    const guess = (i: number, ip: string) =>
      t.request(`/api/calendar/${String(i).repeat(43)}.ics`, { headers: { "x-forwarded-for": ip } });
    const guesses = [];
    for (let i = 0; i < 3; i++) guesses.push((await guess(i, "203.0.113.7")).status);
    expect(guesses).toEqual([404, 404, 429]);
    // Another address is not held back.
    expect((await guess(9, "198.51.100.4")).status).toBe(404);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
