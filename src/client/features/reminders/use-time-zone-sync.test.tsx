import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import { TimeZoneSync } from "./use-time-zone-sync.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settings = (timeZone: string | null) => ({ deadlineEmails: true, weeklySummary: true, timeZone });

/** The dashboard opened on a device in `zone`, the browser's idle callbacks held until the test runs them. */
function openDashboardIn(zone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
    ...new Intl.DateTimeFormat("en-US").resolvedOptions(),
    timeZone: zone,
  });
  const idle: Array<() => void> = [];
  vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
  vi.stubGlobal("cancelIdleCallback", () => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TimeZoneSync />
    </QueryClientProvider>,
  );
  return idle;
}

/** The server has `stored` for his zone, and answers a change with `saved`. */
const settingsApi = (stored: string | null, saved: string) =>
  stubApi({
    "GET /api/reminders/settings": { body: settings(stored) },
    "PATCH /api/reminders/settings": { body: settings(saved) },
  });

/** The browser comes to rest: the sync's idle callback runs. */
async function becomeIdle(idle: Array<() => void>) {
  await waitFor(() => expect(idle).toHaveLength(1));
  idle[0]?.();
}

test("tells the server a new time zone once the browser is idle, not amid the page's first load", async () => {
  const fetch = settingsApi("UTC", "Europe/Berlin");
  const idle = openDashboardIn("Europe/Berlin");
  await waitFor(() => expect(idle).toHaveLength(1));
  expect(fetch.requests.map((r) => r.method)).toEqual(["GET"]);
  idle[0]?.();
  await waitFor(() =>
    expect(fetch.requests.at(-1)).toEqual({
      method: "PATCH",
      path: "/api/reminders/settings",
      body: { timeZone: "Europe/Berlin" },
    }),
  );
});

test("sends nothing when the server already has his zone", async () => {
  const fetch = stubApi({ "GET /api/reminders/settings": { body: settings("Europe/Berlin") } });
  await becomeIdle(openDashboardIn("Europe/Berlin"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.requests.map((r) => r.method)).toEqual(["GET"]);
});

/** A browser with workers: the one the page starts answers `zone`, or fails to start its script. */
function workersAnswering(zone: string | "error") {
  const started: string[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    constructor(url: URL | string) {
      started.push(String(url));
      queueMicrotask(() => {
        if (zone === "error") this.onerror?.(new Event("error"));
        else this.onmessage?.(new MessageEvent("message", { data: zone }));
      });
    }
    terminate() {}
  }
  vi.stubGlobal("Worker", FakeWorker);
  return started;
}

test("reads the zone in a worker, off the page's main thread, and sends what the worker read", async () => {
  const fetch = settingsApi("UTC", "Asia/Tokyo");
  const started = workersAnswering("Asia/Tokyo");
  const idle = openDashboardIn("Europe/Berlin");
  const pageRead = vi.mocked(Intl.DateTimeFormat.prototype.resolvedOptions);
  pageRead.mockClear();
  await becomeIdle(idle);
  await waitFor(() => expect(fetch.requests.at(-1)?.body).toEqual({ timeZone: "Asia/Tokyo" }));
  expect(started).toHaveLength(1);
  expect(started[0]).toContain("time-zone.worker");
  expect(pageRead).not.toHaveBeenCalled();
});

test("reads the zone on the page when the worker cannot start", async () => {
  const fetch = settingsApi("UTC", "Europe/Berlin");
  workersAnswering("error");
  await becomeIdle(openDashboardIn("Europe/Berlin"));
  await waitFor(() => expect(fetch.requests.at(-1)?.body).toEqual({ timeZone: "Europe/Berlin" }));
});
