import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import { useTimeZoneSync } from "./use-time-zone-sync.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settings = (timeZone: string | null) => ({ deadlineEmails: true, weeklySummary: true, timeZone });

function Probe() {
  useTimeZoneSync();
  return null;
}

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
      <Probe />
    </QueryClientProvider>,
  );
  return idle;
}

test("tells the server a new time zone once the browser is idle, not amid the page's first load", async () => {
  const fetch = stubApi({
    "GET /api/reminders/settings": { body: settings("UTC") },
    "PATCH /api/reminders/settings": { body: settings("Europe/Berlin") },
  });
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
  const idle = openDashboardIn("Europe/Berlin");
  await waitFor(() => expect(idle).toHaveLength(1));
  idle[0]?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.requests.map((r) => r.method)).toEqual(["GET"]);
});
