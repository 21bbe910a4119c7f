import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import { RunOffers } from "./run-offers.tsx";
import { stravaActivity, stravaStatus } from "./testing-fixtures.ts";

withDialogs();

const milestone = { id: "m1", text: "Run 5 km without stopping" };
// His clock: Saturday 14 March 2026, 19:30; the run started at 08:12 that morning.
const now = new Date(2026, 2, 14, 19, 30);
const offered = stravaActivity({
  outcome: "offered",
  milestone,
  startedAt: new Date(2026, 2, 14, 8, 12).toISOString(),
});

function renderOffers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, "invalidateQueries");
  render(
    <QueryClientProvider client={client}>
      <RunOffers now={now} />
    </QueryClientProvider>,
  );
  return { invalidated };
}

const question = "Your 8.2 km run from this morning \u2014 use it as proof for \u2018Run 5 km without stopping\u2019?";

test("asks about the run in his words, and using it saves the proof and reloads the dashboard", async () => {
  const fetch = stubApi({
    "GET /api/strava": [
      { body: stravaStatus({ activities: [offered] }) },
      { body: stravaStatus({ activities: [{ ...offered, outcome: "used" }] }) },
    ],
    "POST /api/strava/activities/9001/use": { body: { proof: { id: "p1", kind: "activity" } } },
  });
  const { invalidated } = renderOffers();
  expect(await screen.findByRole("heading", { name: question })).toBeTruthy();
  expect(screen.getByText("from Strava")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Use it as proof" }));
  expect(await screen.findByText("Saved as proof for \u2018Run 5 km without stopping\u2019.")).toBeTruthy();
  expect(fetch.requests.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/strava/activities/9001/use");
  expect(invalidated).toHaveBeenCalledWith({ queryKey: ["dashboard"] });
  // The offer is answered: its card goes, the confirmation stays.
  await waitFor(() => expect(screen.queryByTestId("strava-offer")).toBeNull());
});

test("\u201cNot this one\u201d dismisses it and uses nothing", async () => {
  const fetch = stubApi({
    "GET /api/strava": [
      { body: stravaStatus({ activities: [offered] }) },
      { body: stravaStatus({ activities: [{ ...offered, outcome: "dismissed" }] }) },
    ],
    "POST /api/strava/activities/9001/dismiss": { body: null },
  });
  renderOffers();
  fireEvent.click(await screen.findByRole("button", { name: "Not this one" }));
  await waitFor(() => expect(screen.queryByTestId("strava-offer")).toBeNull());
  const sent = fetch.requests.map((r) => `${r.method} ${r.path}`);
  expect(sent).toContain("POST /api/strava/activities/9001/dismiss");
  expect(sent.some((r) => r.endsWith("/use"))).toBe(false);
  expect(screen.queryByText(/Saved as proof/)).toBeNull();
});

test("says why when the run can no longer be used", async () => {
  const error = "This run can no longer be used as proof.";
  stubApi({
    "GET /api/strava": { body: stravaStatus({ activities: [offered] }) },
    "POST /api/strava/activities/9001/use": { status: 409, body: { error } },
  });
  renderOffers();
  fireEvent.click(await screen.findByRole("button", { name: "Use it as proof" }));
  expect((await screen.findByRole("alert")).textContent).toBe(error);
});

test("shows nothing without an offer", async () => {
  const fetch = stubApi({ "GET /api/strava": { body: stravaStatus({ activities: [stravaActivity()] }) } });
  renderOffers();
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(screen.queryByTestId("strava-offer")).toBeNull();
});
