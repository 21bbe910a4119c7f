import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import { DeleteAccountSection } from "./delete-account-section.tsx";

withDialogs();

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <DeleteAccountSection email="marcus@example.com" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
}

test("says what is removed before asking for the password, and asks for it", async () => {
  const fetch = stubApi({});
  renderSection();
  expect(screen.getByText(/An active premium subscription is cancelled now/)).toBeTruthy();
  expect(screen.getByText("We send a confirmation to marcus@example.com.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Delete for good" }));
  expect(await screen.findByText("Please enter your password to confirm.")).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
});

test("shows the server's answer to a wrong password and stays on the page", async () => {
  const error = "That password is not correct. Your account was not deleted.";
  const fetch = stubApi({ "POST /api/me/delete": { status: 400, body: { error } } });
  const replace = vi.fn();
  vi.stubGlobal("location", { ...window.location, replace });
  renderSection();
  fireEvent.input(screen.getByLabelText("Your password"), { target: { value: "wrong-1" } });
  fireEvent.click(screen.getByRole("button", { name: "Delete for good" }));
  expect(await screen.findByText(error)).toBeTruthy();
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(replace).not.toHaveBeenCalled();
});
