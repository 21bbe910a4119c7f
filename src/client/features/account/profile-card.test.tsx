import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ProfileCard } from "./profile-card.tsx";

afterEach(cleanup);

// The signed-in guard usually answers before the profile renders; the card still says where it stands when it has not.
test("says 'Loading profile...' while the session loads", () => {
  render(<ProfileCard isPending user={null} />);
  expect(screen.getByText("Loading profile...")).toBeTruthy();
});

test("says 'User not logged in' without a user", () => {
  render(<ProfileCard isPending={false} user={null} />);
  expect(screen.getByText("User not logged in")).toBeTruthy();
});

test("shows the e-mail and the day he joined", () => {
  render(
    <ProfileCard isPending={false} user={{ email: "marcus@example.com", createdAt: "2026-03-01T12:00:00.000Z" }} />,
  );
  expect(screen.getByText("marcus@example.com")).toBeTruthy();
  expect(screen.getByText("March 1, 2026")).toBeTruthy();
});
