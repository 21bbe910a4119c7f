import { expect, test } from "vitest";
import type { PartnerSummary } from "#shared/partners/contracts.ts";
import { invitationDetail, lastOpened, partnerStatusLine, timeAgo } from "./partner-status.ts";

const now = new Date("2026-11-24T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function partner(overrides: Partial<PartnerSummary> = {}): PartnerSummary {
  return {
    id: "p1",
    firstName: "Sam",
    email: "sam@example.com",
    status: "invited",
    invitedAt: ago(2 * DAY),
    acceptedAt: null,
    lastViewedAt: null,
    emailsStopped: false,
    ...overrides,
  };
}

test("time ago reads as people say it, and past a month as the day", () => {
  expect(timeAgo(ago(20_000), now)).toBe("just now");
  expect(timeAgo(ago(60_000), now)).toBe("1 minute ago");
  expect(timeAgo(ago(5 * HOUR), now)).toBe("5 hours ago");
  expect(timeAgo(ago(DAY), now)).toBe("1 day ago");
  expect(timeAgo(ago(2 * DAY + HOUR), now)).toBe("2 days ago");
  expect(timeAgo(ago(40 * DAY), now)).toMatch(/^on Oct 1[45]$/);
  expect(timeAgo("2024-03-01T12:00:00.000Z", now)).toBe("on Mar 1, 2024");
  // A clock a little behind the server's never says "in the future".
  expect(timeAgo(ago(-5_000), now)).toBe("just now");
});

test("each status has its line", () => {
  expect(partnerStatusLine(partner(), now)).toBe("Waiting for Sam to confirm");
  expect(partnerStatusLine(partner({ status: "expired" }), now)).toBe("Expired");
  const accepted = partner({ status: "accepted", acceptedAt: ago(3 * DAY), lastViewedAt: ago(2 * DAY) });
  expect(partnerStatusLine(accepted, now)).toBe("Sam is keeping an eye on your plan · last looked 2 days ago");
  expect(partnerStatusLine({ ...accepted, lastViewedAt: null }, now)).toBe("Sam is keeping an eye on your plan");
});

test("settings say when the link went out, how long it has left, and when it was last opened", () => {
  expect(invitationDetail(partner(), now)).toBe("Link sent 2 days ago · expires in 12 days");
  expect(invitationDetail(partner({ invitedAt: ago(13 * DAY + 1) }), now)).toBe(
    "Link sent 13 days ago · expires in 1 day",
  );
  expect(invitationDetail(partner({ status: "expired", invitedAt: ago(15 * DAY) }), now)).toBe("Link sent 15 days ago");
  expect(lastOpened(partner(), now)).toBe("Not opened yet");
  expect(lastOpened(partner({ lastViewedAt: ago(3 * HOUR) }), now)).toBe("Last opened 3 hours ago");
});
