import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { StravaWaitingPanel } from "./strava-waiting-panel.tsx";
import { stravaActivity, stravaStatus } from "./testing-fixtures.ts";

withDialogs();

function renderPanel(onFirstRun = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, "invalidateQueries");
  render(
    <QueryClientProvider client={client}>
      <StravaWaitingPanel onFirstRun={onFirstRun} />
    </QueryClientProvider>,
  );
  return { invalidated, onFirstRun };
}

const reason = "A ride is not a run. Record your run as a Run on Strava.";
const ride = stravaActivity({
  id: "7",
  sport: "Ride",
  startedAt: new Date().toISOString(),
  outcome: "refused",
  reason,
  reading: null,
});

test("says what it waits for, in a live region, and why a ride does not count", async () => {
  stubApi({ "GET /api/strava": { body: stravaStatus({ activities: [ride], busy: true }) } });
  renderPanel();
  expect(screen.getByRole("heading", { name: "Waiting for your run from Strava..." })).toBeTruthy();
  const arrived = await screen.findByTestId("strava-arrived");
  expect(arrived.textContent).toMatch(new RegExp(`^Your ride from \\d\\d:\\d\\d \u2014 ${reason}$`));
  expect(screen.getByText(stravaMessages.busy)).toBeTruthy();
  expect(arrived.closest("[aria-live=polite]")).toBeTruthy();
});

test("asks again every 2 s while shown, and the run that validates the challenge reloads the onboarding once", async () => {
  const first = stravaActivity({ id: "8", outcome: "firstRun" });
  const fetch = stubApi({
    "GET /api/strava": [
      { body: stravaStatus() },
      { body: stravaStatus({ activities: [first] }) },
      { body: stravaStatus({ activities: [first] }) },
      { body: stravaStatus({ activities: [first] }) },
    ],
  });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const { invalidated, onFirstRun } = renderPanel();
    expect(await screen.findByText(/It shows here a few seconds after it syncs/)).toBeTruthy();
    expect(onFirstRun).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByText(/your first run, validated\./)).toBeTruthy();
    await waitFor(() => expect(onFirstRun).toHaveBeenCalledTimes(1));
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ["onboarding"] });
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(onFirstRun).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});
