import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { forgetOfflineData, keepOfflineCopy } from "./offline-cache.ts";

const KEY = "unscroll:offline:v1";
const session = (id: string | null) => ({
  user: id ? { id, email: `${id}@example.com`, firstName: id } : null,
  onboarding: null,
});
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? "null");

describe("the offline copy of the dashboard", () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("keeps his session and dashboard under his id, never other answers such as his calendar link", () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus", challenges: [{ title: "Run 10 km" }] });
    client.setQueryData(["calendar", "feed"], { feed: { url: "https://secret" } });
    vi.advanceTimersByTime(500);
    expect(stored().userId).toBe("marcus");
    const keys = stored().state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]);
    expect(keys.sort()).toEqual(["dashboard", "session"]);
    expect(JSON.stringify(stored())).not.toContain("secret");
  });

  it("forgets everything when nobody is signed in any more, and replaces it when someone else signs in", () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    vi.advanceTimersByTime(500);
    client.setQueryData(["session"], session(null));
    vi.advanceTimersByTime(500);
    expect(localStorage.getItem(KEY)).toBeNull();

    client.setQueryData(["session"], session("jon"));
    client.setQueryData(["dashboard"], { firstName: "Jon" });
    vi.advanceTimersByTime(500);
    expect(stored().userId).toBe("jon");
    expect(JSON.stringify(stored())).not.toContain("Marcus");
    forgetOfflineData();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("a save already waiting when he logs out does not write his dashboard back (logout leaves the page)", () => {
    const client = new QueryClient();
    stop = keepOfflineCopy(client);
    client.setQueryData(["session"], session("marcus"));
    client.setQueryData(["dashboard"], { firstName: "Marcus" });
    vi.advanceTimersByTime(500);
    client.setQueryData(["dashboard"], { firstName: "Marcus", tokens: 4 });
    // Logout deletes the copy while the session in memory still names him, then loads the login page.
    forgetOfflineData();
    vi.advanceTimersByTime(500);
    expect(localStorage.getItem(KEY)).toBeNull();

    // Signed out in place (no page load), then signed in again: the copy is kept again.
    client.setQueryData(["session"], session(null));
    vi.advanceTimersByTime(500);
    client.setQueryData(["session"], session("marcus"));
    vi.advanceTimersByTime(500);
    expect(stored().userId).toBe("marcus");
  });

  it("puts it back only without a network: at start offline, or when the first request finds none", () => {
    const first = new QueryClient();
    const stopFirst = keepOfflineCopy(first);
    first.setQueryData(["session"], session("marcus"));
    first.setQueryData(["dashboard"], { firstName: "Marcus" });
    vi.advanceTimersByTime(500);
    stopFirst();

    const online = new QueryClient();
    stop = keepOfflineCopy(online);
    expect(online.getQueryData(["dashboard"])).toBeUndefined();
    stop();

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const offline = new QueryClient();
    stop = keepOfflineCopy(offline);
    expect(offline.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
    stop();
    vi.restoreAllMocks();

    // Online as far as the browser knows, but the session request cannot reach the server.
    const lieFi = new QueryClient();
    stop = keepOfflineCopy(lieFi);
    const sessionQuery = lieFi.getQueryCache().build(lieFi, { queryKey: ["session"] });
    sessionQuery.setState({ status: "error", error: new ApiError("Network error", 0) });
    lieFi.getQueryCache().notify({
      type: "updated",
      query: sessionQuery,
      action: { type: "error", error: new ApiError("Network error", 0) },
    });
    expect(lieFi.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
  });
});
