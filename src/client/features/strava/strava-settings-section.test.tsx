import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { StravaSettingsSection } from "./strava-settings-section.tsx";
import { stravaStatus } from "./testing-fixtures.ts";

withDialogs();

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StravaSettingsSection />
    </QueryClientProvider>,
  );
}

test("says whose Strava is connected and disconnects only once he confirms", async () => {
  const fetch = stubApi({
    "GET /api/strava": [{ body: stravaStatus() }, { body: stravaStatus({ connection: null }) }],
    "DELETE /api/strava": { body: null },
  });
  renderSection();
  expect((await screen.findByText(/Connected as/)).textContent).toBe("Connected as Marcus Webb since 2 March 2026.");
  expect(screen.getByText(stravaMessages.privateRuns)).toBeTruthy();

  // Asked first: cancelling sends nothing.
  fireEvent.click(screen.getByRole("button", { name: "Disconnect Strava" }));
  expect(screen.getByRole("dialog", { name: "Disconnect Strava?" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(fetch.requests.some((r) => r.method === "DELETE")).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: "Disconnect Strava" }));
  fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
  expect(await screen.findByText(stravaMessages.disconnected)).toBeTruthy();
  expect(fetch.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/api/strava"]);
  expect(await screen.findByRole("button", { name: "Connect with Strava" })).toBeTruthy();
});

test("keeps him connected and says why when Strava could not be disconnected", async () => {
  const error = "Could not disconnect Strava. Please try again.";
  stubApi({ "GET /api/strava": { body: stravaStatus() }, "DELETE /api/strava": { status: 502, body: { error } } });
  renderSection();
  fireEvent.click(await screen.findByRole("button", { name: "Disconnect Strava" }));
  fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
  expect((await screen.findByRole("alert")).textContent).toBe(error);
  expect(screen.queryByText(stravaMessages.disconnected)).toBeNull();
});

test("is not there when this server has no Strava", async () => {
  const fetch = stubApi({ "GET /api/strava": { body: stravaStatus({ available: false, connection: null }) } });
  renderSection();
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.queryByTestId("strava-settings")).toBeNull());
});
