import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { forgetOfflineData, keepOfflineCopy } from "./offline-cache.ts";
import { keepChangesUntilSent, keptChange } from "./offline-changes.ts";

const KEY = "unscroll:offline:v1";
const session = (id: string | null) => ({
  user: id ? { id, email: `${id}@example.com`, firstName: id } : null,
  onboarding: null,
});
type StoredQuery = { queryKey: unknown[]; state: { data: unknown } };
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? "null");
const storedQuery = (name: string): StoredQuery | undefined =>
  stored()?.clientState.queries.find((q: StoredQuery) => q.queryKey[0] === name);
/**
 * The tag the server sets beside a session (decision 0170): the browser whose session is `id`'s; none when the server
 * has said nobody is signed in here.
 */
const tagged = (id: string | null) => {
  // biome-ignore lint/suspicious/noDocumentCookie: plays the server's Set-Cookie; the test DOM has no Cookie Store.
  document.cookie = id ? `unscroll.copy=tag-${id}; path=/` : "unscroll.copy=; max-age=0; path=/";
};
/** Saves are throttled and asynchronous: let the waiting one run. */
const settle = () => vi.advanceTimersByTimeAsync(500);

/** The page loaded afresh: a new query client, and the copy kept by the last one. */
async function reload(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  const client = new QueryClient();
  const stop = keepOfflineCopy(client);
  await settle();
  return { client, stop };
}

/** What Marcus's last visit left in this browser: his dashboard's copy, saved by a page since closed. */
async function lastVisitKept() {
  const client = new QueryClient();
  const stop = keepOfflineCopy(client);
  client.setQueryData(["session"], session("marcus"));
  client.setQueryData(["dashboard"], { firstName: "Marcus" });
  await settle();
  stop();
}

describe("the offline copy of the dashboard", () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    tagged("marcus");
  });
  afterEach(async () => {
    stop();
    // Signed out in place: nothing is left, and the next test's first sign-in saves again.
    const client = new QueryClient();
    const stopLast = keepOfflineCopy(client);
    client.setQueryData(["session"], session(null));
    await settle();
    stopLast();
    vi.useRealTimers();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    tagged(null);
  });

  it("keeps what his dashboard shows, never other answers such as his calendar link or a paused change", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus", challenges: [{ title: "Run 10 km" }] });
    client.setQueryData(["insights", "streak"], { weeks: 3 });
    client.setQueryData(["insights", "page"], { weeks: [], pictures: ["private-picture"] });
    client.setQueryData(["partners"], { partners: [{ firstName: "Sam" }], cheers: [] });
    client.setQueryData(["reminders", "settings"], { timeZone: "Europe/Paris" });
    client.setQueryData(["calendar", "feed"], { feed: { url: "https://secret" } });
    client.getMutationCache().build(
      client,
      { mutationKey: ["todo"] },
      {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: "pending",
        variables: { note: "private" },
        submittedAt: Date.now(),
      },
    );
    await settle();
    expect(storedQuery("session")?.state.data).toEqual(session("marcus"));
    const keys = stored().clientState.queries.map((q: StoredQuery) => q.queryKey.join("/"));
    expect(keys.sort()).toEqual(["dashboard", "insights/streak", "partners", "reminders/settings", "session"]);
    expect(JSON.stringify(stored())).not.toContain("private-picture");
    expect(stored().clientState.mutations).toEqual([]);
    expect(JSON.stringify(stored())).not.toContain("secret");
    expect(JSON.stringify(stored())).not.toContain("private");
  });

  it("forgets everything when nobody is signed in any more, and replaces it when someone else signs in", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    await settle();
    client.setQueryData(["session"], session(null));
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();

    tagged("jon");
    client.setQueryData(["session"], session("jon"));
    client.setQueryData(["dashboard"], { firstName: "Jon" });
    await settle();
    expect(storedQuery("session")?.state.data).toEqual(session("jon"));
    expect(JSON.stringify(stored())).not.toContain("Marcus");
    forgetOfflineData();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("writes nothing before the session has answered, and keeps the last copy until it does", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    await settle();
    stop();

    const next = await reload(false);
    stop = next.stop;
    next.client.setQueryData(["dashboard"], { firstName: "Someone" });
    await settle();
    expect(storedQuery("dashboard")?.state.data).toEqual({ firstName: "Marcus" });
  });

  it("a save already waiting when he logs out does not write his dashboard back (logout leaves the page)", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    client.setQueryData(["dashboard"], { firstName: "Marcus", tokens: 4 });
    // Logout deletes the copy while the session in memory still names him, then loads the login page.
    forgetOfflineData();
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();

    // Signed out in place (no page load), then signed in again: the copy is kept again.
    client.setQueryData(["session"], session(null));
    await settle();
    client.setQueryData(["session"], session("marcus"));
    await settle();
    expect(storedQuery("session")?.state.data).toEqual(session("marcus"));
  });

  it("a save already waiting when the session turns signed-out leaves no copy behind", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    await settle();
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    client.setQueryData(["session"], session(null));
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("after a reload, puts it back only without a network: at start offline, or when the first request finds none", async () => {
    await lastVisitKept();

    const online = await reload(false);
    expect(online.client.getQueryData(["dashboard"])).toBeUndefined();
    online.stop();

    const offline = await reload(true);
    expect(offline.client.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
    expect(offline.client.getQueryData(["session"])).toEqual(session("marcus"));
    offline.stop();

    // Online as far as the browser knows, but the session request cannot reach the server.
    const lieFi = await reload(false);
    stop = lieFi.stop;
    const sessionQuery = lieFi.client.getQueryCache().build(lieFi.client, { queryKey: ["session"] });
    sessionQuery.setState({ status: "error", error: new ApiError("Network error", 0) });
    lieFi.client.getQueryCache().notify({
      type: "updated",
      query: sessionQuery,
      action: { type: "error", error: new ApiError("Network error", 0) },
    });
    await settle();
    expect(lieFi.client.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
  });

  it("a refresh that failed keeps his last answer in the copy, so the next start offline still shows it", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    await settle();
    // Opened offline: the refresh finds no network; the answer in memory now has an error beside it.
    await client
      .fetchQuery({
        queryKey: ["dashboard"],
        queryFn: () => Promise.reject(new ApiError("Network error", 0)),
        retry: false,
      })
      .catch(() => {});
    expect(client.getQueryState(["dashboard"])?.status).toBe("error");
    await settle();
    stop();

    const offline = await reload(true);
    stop = offline.stop;
    expect(offline.client.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
    expect(offline.client.getQueryState(["dashboard"])).toMatchObject({ status: "success", error: null });
  });

  it("issue 57 row 4: keeps his partners' names and states, never their e-mail addresses", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    const sam = { id: "p1", firstName: "Sam", email: "sam.private@example.org", status: "accepted" };
    client.setQueryData(["partners"], { partners: [sam], cheers: [] });
    await settle();
    expect(JSON.stringify(stored())).not.toContain("sam.private@example.org");
    expect(storedQuery("partners")?.state.data).toEqual({ partners: [{ ...sam, email: "" }], cheers: [] });
    // In memory, his screens still have the address while he is online.
    expect(client.getQueryData<{ partners: Array<{ email: string }> }>(["partners"])?.partners[0]?.email).toBe(
      "sam.private@example.org",
    );
  });

  it("issue 57 row 4: a copy saved longer ago than a session lives is not put back, and is gone", async () => {
    vi.setSystemTime(new Date("2031-02-03T20:00:00Z"));
    await lastVisitKept();
    expect(stored()).not.toBeNull();

    // Six days later the copy still stands for a live session; eight days later his session has expired.
    vi.setSystemTime(new Date("2031-02-09T20:00:00Z"));
    const sixDays = await reload(true);
    expect(sixDays.client.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
    sixDays.stop();
    vi.setSystemTime(new Date("2031-02-11T20:00:01Z"));
    const eightDays = await reload(true);
    stop = eightDays.stop;
    expect(eightDays.client.getQueryData(["dashboard"])).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("issue 57 row 4: another man signed in on this browser never gets the first man's copy, even offline", async () => {
    await lastVisitKept();

    // Jon signed in here (the sign-in removed Marcus's tag; Jon's first answer set his), then the network went.
    tagged("jon");
    const offline = await reload(true);
    stop = offline.stop;
    expect(offline.client.getQueryData(["dashboard"])).toBeUndefined();
    expect(offline.client.getQueryData(["session"])).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("issue 57 row 4: a browser whose session the server has ended holds no tag: nothing is put back or saved", async () => {
    await lastVisitKept();
    expect(stored()).not.toBeNull();

    // His session revoked elsewhere, and this browser has had one answer since: the tag went with it.
    tagged(null);
    const offline = await reload(true);
    expect(offline.client.getQueryData(["dashboard"])).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
    // A session answer still in memory saves nothing without a tag to save it under.
    offline.client.setQueryData(["session"], session("marcus"));
    offline.client.setQueryData(["dashboard"], { firstName: "Marcus" });
    await settle();
    stop = offline.stop;
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("after signing out and a reload offline, there is nothing of his to put back", async () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    await settle();
    forgetOfflineData();
    stop();

    const offline = await reload(true);
    stop = offline.stop;
    expect(offline.client.getQueryData(["dashboard"])).toBeUndefined();
    expect(offline.client.getQueryData(["session"])).toBeUndefined();
  });

  it("issue 53 row 1: a todo ticked offline is kept in the copy, and sent once after a reload when the network returns", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => Response.json({ todo: {}, milestone: {} }));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const client = new QueryClient();
    keepChangesUntilSent(client);
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    void client
      .getMutationCache()
      .build(client, { ...keptChange, mutationKey: ["dashboard", "milestone", "m1", "todo", "t1"] })
      .execute(true)
      .catch(() => {});
    // A todo generation spends a token: it is never sent again from a copy.
    void client
      .getMutationCache()
      .build(client, { mutationKey: ["dashboard", "milestone", "m1", "generate"], mutationFn: async () => ({}) })
      .execute(undefined)
      .catch(() => {});
    await settle();
    stop();
    expect(stored().clientState.mutations.map((m: { mutationKey: unknown[] }) => m.mutationKey)).toEqual([
      ["dashboard", "milestone", "m1", "todo", "t1"],
    ]);

    // Closed and opened again without a network: the tick is back, waiting.
    const offline = new QueryClient();
    keepChangesUntilSent(offline);
    offline.mount();
    stop = keepOfflineCopy(offline);
    await settle();
    expect(
      offline
        .getMutationCache()
        .getAll()
        .map((m) => m.state.isPaused),
    ).toEqual([true]);
    expect(fetch).not.toHaveBeenCalled();

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    onlineManager.setOnline(true);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect([init?.method, String(url), init?.body]).toEqual(["PATCH", "/api/todos/t1", '{"todoCompleted":true}']);
    expect(
      offline
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(["success"]);
    offline.unmount();
  });

  it("issue 55: a screen-time check-in confirmed offline outlives closing the app and is sent once, numbers only", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ day: "2026-11-20" }));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const client = new QueryClient();
    keepChangesUntilSent(client);
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    const body = { minutes: 340, period: "day", source: "screenshot" };
    void client
      .getMutationCache()
      .build(client, { ...keptChange, mutationKey: ["screen-time", "check-in", "2026-11-20"] })
      .execute(body)
      .catch(() => {});
    await settle();
    stop();

    const offline = new QueryClient();
    keepChangesUntilSent(offline);
    offline.mount();
    stop = keepOfflineCopy(offline);
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    onlineManager.setOnline(true);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect([init?.method, String(url), init?.body]).toEqual([
      "PUT",
      "/api/screen-time/days/2026-11-20",
      JSON.stringify(body),
    ]);
    offline.unmount();
  });

  it("drops a copy written by the hand-made cache before decision 0113 instead of showing it", async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ userId: "marcus", savedAt: Date.now(), state: { mutations: [], queries: [] } }),
    );
    const offline = await reload(true);
    stop = offline.stop;
    expect(offline.client.getQueryData(["session"])).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
