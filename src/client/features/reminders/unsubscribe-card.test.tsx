import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import { notificationMessages } from "#shared/community/rules.ts";
import { UnsubscribeCard } from "./unsubscribe-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(token: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UnsubscribeCard token={token} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test("the community digest's link asks first, then turns the digest off at the digest's own address", async () => {
  const fetch = stubApi({ "POST /api/community/digest/unsubscribe": { body: { list: "community" } } });
  renderCard("dXNlcg.community.sig");
  expect(screen.getByRole("heading", { name: "Stop the community digest?" })).toBeTruthy();
  expect(screen.getByText(/no longer get the daily e-mail with the cheers and comments/)).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
  expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeTruthy();
  expect(screen.getByText(/You will not get the community digest any more/)).toBeTruthy();
  expect(fetch.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/community/digest/unsubscribe"]);
});

test("a forged digest link gets the page's message", async () => {
  stubApi({
    "POST /api/community/digest/unsubscribe": { status: 400, body: { error: notificationMessages.digestLinkInvalid } },
  });
  renderCard("dXNlcg.community.forged");
  fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
  expect((await screen.findByRole("alert")).textContent).toBe(notificationMessages.digestLinkInvalid);
});
