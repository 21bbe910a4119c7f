import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import type { PartnerSummary } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { textMessages } from "#shared/text-rules.ts";
import { InvitePartnerForm } from "./invite-partner-form.tsx";
import { renderWithClient } from "./test-support.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sam: PartnerSummary = {
  id: "p1",
  firstName: "Sam",
  email: "sam@example.com",
  status: "invited",
  invitedAt: "2026-11-24T12:00:00.000Z",
  acceptedAt: null,
  lastViewedAt: null,
  emailsStopped: false,
};

function fill(firstName: string, email: string) {
  fireEvent.input(screen.getByLabelText("Partner's first name"), { target: { value: firstName } });
  fireEvent.input(screen.getByLabelText("Partner's email"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
}

test("checks both fields here, with the server's messages, before sending anything", async () => {
  const fetch = stubApi({});
  renderWithClient(<InvitePartnerForm />);
  fill("  ", "");
  expect(await screen.findByText(partnerMessages.firstNameRequired)).toBeTruthy();
  expect(screen.getByText(partnerMessages.emailRequired)).toBeTruthy();
  expect(screen.getByLabelText("Partner's first name").getAttribute("aria-invalid")).toBe("true");

  fill("Sam", "sam@");
  expect(await screen.findByText(partnerMessages.emailInvalid)).toBeTruthy();
  expect(screen.queryByText(partnerMessages.firstNameRequired)).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test("issue 41: names an IP address, a reserved domain and an invisible character under the field, before sending", async () => {
  const fetch = stubApi({});
  renderWithClient(<InvitePartnerForm />);
  fill("Sa\u200Bm", "sam@[127.0.0.1]");
  expect(await screen.findByText(textMessages.invisibleCharacters)).toBeTruthy();
  expect(screen.getByText(partnerMessages.emailIpAddress)).toBeTruthy();
  expect(screen.getByLabelText("Partner's email").getAttribute("aria-invalid")).toBe("true");

  fill("Sam", "sam@printer.local");
  expect(await screen.findByText(partnerMessages.emailReservedDomain)).toBeTruthy();
  expect(screen.queryByText(textMessages.invisibleCharacters)).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test("sends the trimmed name and the lower-cased address, then empties the form", async () => {
  const sent = vi.fn();
  stubApi({
    "POST /api/partner/invitations": (body) => {
      sent(body);
      return { status: 201, body: { partners: [sam], maxPartners: 1, cheers: [] } };
    },
  });
  const onInvited = vi.fn();
  renderWithClient(<InvitePartnerForm onInvited={onInvited} />);
  fill(" Sam ", " Sam@Example.com ");
  await waitFor(() => expect(onInvited).toHaveBeenCalled());
  expect(sent).toHaveBeenCalledWith({ firstName: "Sam", email: "sam@example.com" });
  expect((screen.getByLabelText("Partner's first name") as HTMLInputElement).value).toBe("");
});

test("shows the server's refusal, and the way to Premium when the free plan's partner is taken", async () => {
  let answer: { status: number; body: { error: string } } = {
    status: 409,
    body: { error: partnerMessages.alreadyInvited },
  };
  stubApi({ "POST /api/partner/invitations": () => answer });
  renderWithClient(<InvitePartnerForm />);
  fill("Sam", "sam@example.com");
  expect((await screen.findByRole("alert")).textContent).toBe(partnerMessages.alreadyInvited);
  expect((screen.getByLabelText("Partner's email") as HTMLInputElement).value).toBe("sam@example.com");

  // Issue 41: his daily number of invitations, as the server words it.
  answer = { status: 429, body: { error: partnerMessages.dailyLimit } };
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(partnerMessages.dailyLimit));

  answer = { status: 403, body: { error: partnerMessages.freeLimit } };
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  expect(await screen.findByText(partnerMessages.freeLimit)).toBeTruthy();
  expect(screen.getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/dashboard/premium");
});
