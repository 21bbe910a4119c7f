import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, test, vi } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import { sharedWinMessages } from "#shared/community/post-text.ts";
import { ShareWinComposer } from "./share-win-composer.tsx";
import type { ShareableWin } from "./shareable-wins.ts";

withDialogs();

const milestoneId = "6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f";
const win = (title: string, detail = "Run three times a week"): ShareableWin => ({
  key: `milestone:${milestoneId}`,
  kind: "milestone",
  milestoneId,
  title,
  detail,
  proof: null,
});

function renderComposer(wins: ShareableWin[]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ShareWinComposer open wins={wins} winsLoading={false} preselected={wins[0]?.key ?? null} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test("issue 52 row 3: a milestone whose words hold a link is not sent, and the composer says what to change", async () => {
  const fetch = stubApi({});
  renderComposer([win("Buy cheap pills at cheap-pills.com")]);
  expect((await screen.findByRole("alert")).textContent).toBe(sharedWinMessages.milestone.link);
  fireEvent.click(screen.getByRole("button", { name: "Share" }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fetch.requests.filter((request) => request.method === "POST")).toEqual([]);
});

test("issue 52 row 3: a challenge title with a link is named the same way", async () => {
  stubApi({});
  renderComposer([win("Run 5 km without stopping", "Join t.me/spamchannel for bit.ly/free-money")]);
  expect((await screen.findByRole("alert")).textContent).toBe(sharedWinMessages.challenge.link);
});

test("a milestone in plain words is shared as before", async () => {
  const fetch = stubApi({ "POST /api/community/posts": { status: 201, body: { post: {} } } });
  renderComposer([win("Ran 5.2 km. Then rested")]);
  fireEvent.click(screen.getByRole("button", { name: "Share" }));
  await vi.waitFor(() => expect(fetch.requests.map((request) => request.method)).toContain("POST"));
  expect(screen.queryByRole("alert")).toBeNull();
});
