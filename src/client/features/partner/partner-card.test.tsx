import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import type { PartnerSummary, PartnersAnswer } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { PartnerCard } from "./partner-card.tsx";
import { PartnerCheers } from "./partner-cheers.tsx";
import { PartnerSettingsSection } from "./partner-settings-section.tsx";
import { renderWithClient } from "./test-support.tsx";

withDialogs();

const now = new Date("2026-11-24T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

function partner(overrides: Partial<PartnerSummary>): PartnerSummary {
  return {
    id: "p1",
    firstName: "Sam",
    email: "sam@example.com",
    status: "invited",
    invitedAt: daysAgo(1),
    acceptedAt: null,
    lastViewedAt: null,
    emailsStopped: false,
    ...overrides,
  };
}

const sam = partner({ status: "accepted", acceptedAt: daysAgo(3), lastViewedAt: daysAgo(2) });

function answer(overrides: Partial<PartnersAnswer>): PartnersAnswer {
  return { partners: [], maxPartners: 1, cheers: [], ...overrides };
}

test("without a partner: why, and the invitation form", async () => {
  stubApi({ "GET /api/partner": { body: answer({}) } });
  renderWithClient(<PartnerCard now={now} />);
  expect(await screen.findByText(/Your plan says it: tell one person you trust/)).toBeTruthy();
  expect(screen.getByRole("form", { name: "Invite a partner" })).toBeTruthy();
});

test("with his one free partner: where Sam stands, and the way to Premium instead of a second invitation", async () => {
  stubApi({ "GET /api/partner": { body: answer({ partners: [sam] }) } });
  renderWithClient(<PartnerCard now={now} />);
  expect(await screen.findByText("Sam is keeping an eye on your plan · last looked 2 days ago")).toBeTruthy();
  expect(screen.getByText(partnerMessages.freeLimit)).toBeTruthy();
  expect(screen.queryByRole("form", { name: "Invite a partner" })).toBeNull();
});

test("Premium with room: waiting and expired partners, a new link in one tap, another invitation on demand", async () => {
  const renewed = partner({ id: "p2", firstName: "Leo", invitedAt: now.toISOString() });
  const fetch = stubApi({
    "GET /api/partner": {
      body: answer({
        maxPartners: 3,
        partners: [partner({}), partner({ id: "p2", firstName: "Leo", status: "expired", invitedAt: daysAgo(20) })],
      }),
    },
    "POST /api/partner/p2/renew": { body: answer({ maxPartners: 3, partners: [partner({}), renewed] }) },
  });
  renderWithClient(<PartnerCard now={now} />);
  expect(await screen.findByText("Waiting for Sam to confirm")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Send a new link to Leo" }));
  expect(await screen.findByText("Waiting for Leo to confirm")).toBeTruthy();
  expect(fetch).toHaveBeenCalledWith(expect.stringContaining("/api/partner/p2/renew"), expect.anything());

  fireEvent.click(screen.getByRole("button", { name: "Invite another partner" }));
  expect(document.activeElement).toBe(screen.getByLabelText("Partner's first name"));
});

test("a cheer shows with the partner's name and goes with one tap", async () => {
  const fetch = stubApi({
    "GET /api/partner": {
      body: answer({
        partners: [sam],
        cheers: [
          { id: "c1", partnerFirstName: "Sam", text: "Proud of you!", createdAt: daysAgo(0.1) },
          { id: "c2", partnerFirstName: "Sam", text: "Keep going", createdAt: daysAgo(1) },
        ],
      }),
    },
    "DELETE /api/partner/cheers/c1": {
      body: answer({
        partners: [sam],
        cheers: [{ id: "c2", partnerFirstName: "Sam", text: "Keep going", createdAt: daysAgo(1) }],
      }),
    },
  });
  renderWithClient(<PartnerCheers now={now} />);
  const first = (await screen.findByText("Proud of you!")).closest("li") as HTMLElement;
  expect(within(first).getByText("Sam")).toBeTruthy();
  expect(within(first).getByText(/2 hours ago/)).toBeTruthy();
  fireEvent.click(screen.getAllByRole("button", { name: "Dismiss Sam's cheer" })[0] as HTMLElement);
  await waitFor(() => expect(screen.queryByText("Proud of you!")).toBeNull());
  expect(screen.getByText("Keep going")).toBeTruthy();
  expect(screen.getByText("Sam's cheer dismissed.")).toBeTruthy();
  expect(fetch).toHaveBeenCalledWith(expect.stringContaining("/api/partner/cheers/c1"), expect.anything());
});

test("settings: removing asks first, says the link stops, and takes the partner off the list", async () => {
  let partners = [sam];
  const fetch = stubApi({
    "GET /api/partner": () => ({ body: answer({ partners }) }),
    "DELETE /api/partner/p1": () => {
      partners = [];
      return { body: answer({}) };
    },
  });
  renderWithClient(<PartnerSettingsSection now={now} />);
  expect(await screen.findByText("sam@example.com")).toBeTruthy();
  expect(screen.getByText("Last opened 2 days ago")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Remove Sam" }));
  expect(screen.getByText(/Sam's link stops working at once/)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Remove" }));
  expect(await screen.findByText("You have not invited anyone yet.")).toBeTruthy();
  expect(fetch).toHaveBeenCalledWith(
    expect.stringContaining("/api/partner/p1"),
    expect.objectContaining({ method: "DELETE" }),
  );
  expect(screen.getByRole("form", { name: "Invite a partner" })).toBeTruthy();
});
