import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import { CommunityDigestSection } from "./community-digest-section.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (admitted: boolean) => ({
  body: { membersWaiting: 12, notifyRequested: false, signup: null, admitted },
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CommunityDigestSection />
    </QueryClientProvider>,
  );
}

test("a member turns the community digest e-mail off with one switch", async () => {
  const fetch = stubApi({
    "GET /api/community": overview(true),
    "GET /api/community/digest": { body: { digestEmails: true } },
    "PUT /api/community/digest": (body) => ({ body }),
  });
  renderSection();
  const toggle = await screen.findByRole("switch", { name: "Community digest e-mail" });
  expect(toggle.getAttribute("aria-checked")).toBe("true");
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
  expect(fetch.requests.at(-1)).toEqual({
    method: "PUT",
    path: "/api/community/digest",
    body: { digestEmails: false },
  });
});

test("is not there for a man not yet let in, and asks nothing about the digest", async () => {
  const fetch = stubApi({ "GET /api/community": overview(false) });
  renderSection();
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole("switch")).toBeNull();
  expect(fetch.requests.map((r) => r.path)).toEqual(["/api/community"]);
});
