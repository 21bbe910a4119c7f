import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import type { PartnerCheerAnswer } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { PartnerCheerCard } from "./partner-cheer-card.tsx";
import { renderWithClient } from "./test-support.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const about: PartnerCheerAnswer = {
  inviterFirstName: "Marcus",
  partnerFirstName: "Sam",
  milestone: {
    challengeTitle: "Ship the workbench",
    milestoneType: "immediate",
    description: "Sketch it",
    completed: true,
    overdue: false,
  },
  cheersLeftToday: 5,
};

test("issue 35 row 10: the cheer page shows what he cheers, sends nothing on opening, and one tap sends the suggestion", async () => {
  const sent: unknown[] = [];
  const fetch = stubApi({
    "GET /api/partner-emails/cheer": { body: about },
    "POST /api/partner-emails/cheer": (body) => {
      sent.push(body);
      return { status: 201, body: { cheersLeftToday: 4 } };
    },
  });
  renderWithClient(<PartnerCheerCard token="t.ok" />);
  expect(await screen.findByRole("heading", { name: "Send Marcus a cheer" })).toBeTruthy();
  expect(screen.getByText("Marcus completed the Immediate Milestone of “Ship the workbench”.")).toBeTruthy();
  expect(sent).toEqual([]);
  expect((screen.getByLabelText("Your cheer for Marcus") as HTMLTextAreaElement).value).toBe(
    "Well done, Marcus! Keep going.",
  );
  fireEvent.click(screen.getByRole("button", { name: "Send cheer" }));
  expect(await screen.findByText("Sent! Marcus will see it on his dashboard.")).toBeTruthy();
  expect(screen.getByText("4 cheers left today.")).toBeTruthy();
  expect(sent).toEqual([{ text: "Well done, Marcus! Keep going." }]);
  expect(fetch).toHaveBeenCalledTimes(2);
});

test("issue 35 row 10: a changed, expired or revoked link gets a page that says so", async () => {
  const cases = [
    [400, "Link not valid", partnerMessages.cheerLinkInvalid],
    [410, "This link has expired", partnerMessages.cheerLinkExpired],
    [404, "This link is not valid any more", partnerMessages.cheerLinkGone],
  ] as const;
  for (const [status, title, message] of cases) {
    stubApi({ "GET /api/partner-emails/cheer": { status, body: { error: message } } });
    renderWithClient(<PartnerCheerCard token="t.bad" />);
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
  }
  renderWithClient(<PartnerCheerCard token="" />);
  expect(screen.getByRole("heading", { name: "Link not valid" })).toBeTruthy();
});
