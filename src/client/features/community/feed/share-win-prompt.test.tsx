import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { announceMilestoneCompleted } from "#client/lib/win-events.ts";
import { stubApi } from "#client/testing.ts";
import { ShareWinPrompt } from "./share-win-prompt.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const milestoneId = "6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f";
const overview = (admitted: boolean) => ({
  body: { membersWaiting: 12, notifyRequested: false, signup: null, admitted },
});

function renderPrompt() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ShareWinPrompt />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test("a member who completes a milestone is asked, with Share leading to the composer with it chosen", async () => {
  stubApi({ "GET /api/community": overview(true) });
  renderPrompt();
  expect(screen.queryByText("Share this win?")).toBeNull();
  act(() => announceMilestoneCompleted(milestoneId));
  expect(await screen.findByText("Share this win?")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Share" }).getAttribute("href")).toBe(
    `/dashboard/community?share=milestone%3A${milestoneId}`,
  );
  fireEvent.click(screen.getByRole("button", { name: "Not now" }));
  expect(screen.queryByText("Share this win?")).toBeNull();
});

test("a man not yet let in is never asked", async () => {
  const fetch = stubApi({ "GET /api/community": overview(false) });
  renderPrompt();
  act(() => announceMilestoneCompleted(milestoneId));
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText("Share this win?")).toBeNull();
});
