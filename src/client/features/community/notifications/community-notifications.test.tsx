import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import type { CommunityNotification, NotificationsAnswer } from "#shared/community/notifications.ts";
import { CommunityNotifications } from "./community-notifications.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = new Date("2026-03-10T12:00:00Z");
const POST = { id: "00000000-0000-4000-8000-000000000001", label: "Run 5 km" };

const comment: CommunityNotification = {
  id: "n2",
  kind: "comment",
  actor: { firstName: "Tom" },
  post: POST,
  excerpt: "Strong finish, man",
  createdAt: "2026-03-10T09:00:00.000Z",
  read: false,
};
const cheer: CommunityNotification = {
  id: "n1",
  kind: "cheer",
  actor: { firstName: "Marcus" },
  post: POST,
  excerpt: null,
  createdAt: "2026-03-09T12:00:00.000Z",
  read: true,
};

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CommunityNotifications now={NOW} />
    </QueryClientProvider>,
  );
}

test("lists who cheered and who commented, the unread one highlighted, and marks them read up to the newest shown", async () => {
  const list: NotificationsAnswer = { notifications: [comment, cheer], unread: 1 };
  const fetch = stubApi({
    "GET /api/community/notifications": { body: list },
    "POST /api/community/notifications/read": {
      body: { notifications: [{ ...comment, read: true }, cheer], unread: 0 },
    },
  });
  renderList();
  const items = await screen.findAllByRole("listitem");
  expect(items.map((item) => item.textContent)).toEqual([
    "New: Tom commented on “Run 5 km”: Strong finish, man3 hours ago",
    "Marcus cheered your win “Run 5 km”1 day ago",
  ]);
  expect(items[0]!.dataset.unread).toBe("true");
  expect(items[1]!.dataset.unread).toBeUndefined();
  expect(screen.getByRole("heading", { name: "Notifications 1 new" })).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
  await waitFor(() => expect(screen.queryByRole("button", { name: "Mark all read" })).toBeNull());
  expect(within(screen.getAllByRole("listitem")[0]!).queryByText("New:", { exact: false })).toBeNull();
  expect(fetch.requests.at(-1)).toEqual({
    method: "POST",
    path: "/api/community/notifications/read",
    body: { until: comment.createdAt },
  });
});

test("says so when there is nothing yet, and shows the server's message when loading fails", async () => {
  stubApi({ "GET /api/community/notifications": { body: { notifications: [], unread: 0 } } });
  renderList();
  expect(await screen.findByText(/Nothing yet\. When a member cheers your win/)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Mark all read" })).toBeNull();
  cleanup();
  vi.unstubAllGlobals();

  stubApi({
    "GET /api/community/notifications": {
      status: 403,
      body: { error: "The community is not open for you yet. You keep your place on the waitlist." },
    },
  });
  renderList();
  expect((await screen.findByRole("alert")).textContent).toBe(
    "The community is not open for you yet. You keep your place on the waitlist.",
  );
  expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
});
