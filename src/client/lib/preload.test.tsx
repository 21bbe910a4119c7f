import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * The first load of a screen from the app shell (issue 37, decision 0142): the page the service worker keeps for a
 * man who has opened the app before. Each test loads the modules afresh, as a page load would: one query client, not
 * yet hydrated.
 */

const session = { user: { id: "marcus", email: "marcus@example.com", firstName: "Marcus" }, onboarding: null };

/** Saves are throttled and asynchronous: let the waiting one run. */
const settle = () => vi.advanceTimersByTimeAsync(500);

/** What his last visit left in this browser: a copy of the given answers, under his tag (decision 0170). */
async function lastVisitKept(answers: Record<string, unknown>) {
  // biome-ignore lint/suspicious/noDocumentCookie: plays the server's Set-Cookie; the test DOM has no Cookie Store.
  document.cookie = "unscroll.copy=tag-marcus; path=/";
  const { keepOfflineCopy } = await import("./offline-cache.ts");
  const client = new QueryClient();
  const stop = keepOfflineCopy(client);
  client.setQueryData(["session"], session);
  for (const [key, data] of Object.entries(answers)) client.setQueryData(key.split("/"), data);
  await settle();
  stop();
}

/** A request the test answers when it chooses, counting how often it was made. */
function heldRequest(queryKey: string[]) {
  const request = { calls: 0, answer: (_data: unknown) => {} };
  const query = {
    queryKey,
    queryFn: () => {
      request.calls += 1;
      return new Promise((resolve) => {
        request.answer = resolve;
      });
    },
  };
  return { request, query };
}

/** A fresh page load: new modules, so a new query client, and the page not yet hydrated. */
async function pageLoad() {
  vi.resetModules();
  delete document.documentElement.dataset.hydrated;
  const { preload } = await import("./preload.ts");
  const { appQueryClient } = await import("./query-client.ts");
  const { markPageHydrated } = await import("./use-hydrated.ts");
  return { preload, client: appQueryClient(), markPageHydrated };
}

/** Whether `promise` has settled once everything already due has run. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(50);
  return done;
}

describe("a screen's first load from the app shell", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = "unscroll.copy=; max-age=0; path=/";
  });

  it("paints from his copy at once when it holds the whole screen, then refreshes every answer once hydrated", async () => {
    await lastVisitKept({ dashboard: { firstName: "Marcus" }, partners: { partners: [] } });
    const { preload, client, markPageHydrated } = await pageLoad();
    const dashboard = heldRequest(["dashboard"]);
    const partners = heldRequest(["partners"]);

    expect(await settled(preload(dashboard.query, partners.query))).toBe(true);
    expect(client.getQueryData(["dashboard"])).toEqual({ firstName: "Marcus" });
    // Nothing is asked for while the page hydrates: the refresh comes after the first paint.
    expect([dashboard.request.calls, partners.request.calls]).toEqual([0, 0]);

    markPageHydrated();
    // The copy was written a moment ago, and is asked for again all the same.
    expect([dashboard.request.calls, partners.request.calls]).toEqual([1, 1]);
    dashboard.request.answer({ firstName: "Rocky" });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData(["dashboard"])).toEqual({ firstName: "Rocky" });
  });

  it("waits for the network when the copy lacks part of the screen, as on a first visit", async () => {
    await lastVisitKept({ dashboard: { firstName: "Marcus" } });
    const { preload } = await pageLoad();
    const dashboard = heldRequest(["dashboard"]);
    const partners = heldRequest(["partners"]);

    const loading = preload(dashboard.query, partners.query);
    expect(await settled(loading)).toBe(false);
    expect([dashboard.request.calls, partners.request.calls]).toEqual([1, 1]);
    dashboard.request.answer({ firstName: "Marcus" });
    partners.request.answer({ partners: [] });
    expect(await settled(loading)).toBe(true);
  });

  it("waits for the network without a copy, and two seconds at most", async () => {
    const { preload } = await pageLoad();
    const dashboard = heldRequest(["dashboard"]);

    const loading = preload(dashboard.query);
    expect(await settled(loading)).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(loading)).toBe(true);
  });

  it("does not wait once the page is hydrated (a later navigation)", async () => {
    const { preload, markPageHydrated } = await pageLoad();
    markPageHydrated();
    const dashboard = heldRequest(["dashboard"]);
    expect(await settled(preload(dashboard.query))).toBe(true);
    expect(dashboard.request.calls).toBe(1);
  });
});
