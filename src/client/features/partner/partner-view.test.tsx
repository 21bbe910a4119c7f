import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "#client/testing.ts";
import type { PartnerViewAnswer } from "#shared/partners/contracts.ts";
import { CHEER_MAX_LENGTH, partnerMessages } from "#shared/partners/rules.ts";
import { PartnerView } from "./partner-view.tsx";
import { renderWithClient } from "./test-support.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const token = "s3cret";
const base = `/api/partner-view/${token}`;

const invited: PartnerViewAnswer = { state: "invited", inviterFirstName: "Marcus", partnerFirstName: "Sam" };
const accepted: PartnerViewAnswer = {
  state: "accepted",
  partnerFirstName: "Sam",
  cheersLeftToday: 2,
  plan: {
    firstName: "Marcus",
    timeZone: "Europe/Berlin",
    lifeMission: "Build things that last",
    progress: 33,
    challenges: [
      {
        title: "Ship the workbench",
        progress: 33,
        milestones: [
          {
            milestoneType: "immediate",
            description: "Sketch it",
            deadline: "2031-03-01",
            completed: true,
            overdue: false,
            proof: null,
          },
          {
            milestoneType: "short_term",
            description: "Cut the wood",
            deadline: "2020-01-01",
            completed: false,
            overdue: true,
            proof: null,
          },
          {
            milestoneType: "medium_term",
            description: "Assemble",
            deadline: null,
            completed: false,
            overdue: false,
            proof: null,
          },
        ],
      },
    ],
    screenTime: null,
  },
};

test("an unknown or removed link says it is not valid any more", async () => {
  stubApi({ [`GET ${base}`]: { status: 404, body: { error: "Not found" } } });
  renderWithClient(<PartnerView token={token} />);
  expect(screen.getByText("Loading the plan...")).toBeTruthy();
  expect(await screen.findByRole("heading", { name: "This link is not valid any more" })).toBeTruthy();
});

test("issue 53 row 14: a dead link does not send the partner of a deleted account to ask him for a new one", async () => {
  // The server keeps nothing of a deleted account, so its links answer as any other dead link: the page says every
  // reason, the deletion among them, and asks for a new link only of a man who still uses Unscroll.
  stubApi({ [`GET ${base}`]: { status: 404, body: { error: "Not found" } } });
  renderWithClient(<PartnerView token={token} />);
  await screen.findByRole("heading", { name: "This link is not valid any more" });
  expect(screen.getByText(/deleted their account/)).toBeTruthy();
  expect(screen.getByText(/If they still use Unscroll, ask them to send you a new link/)).toBeTruthy();
});

test("the first visit asks to confirm; confirming shows the plan with done and overdue milestones", async () => {
  const fetch = stubApi({ [`GET ${base}`]: { body: invited }, [`POST ${base}/accept`]: { body: accepted } });
  renderWithClient(<PartnerView token={token} />);
  expect(await screen.findByRole("heading", { name: "Marcus invited you to keep an eye on his plan" })).toBeTruthy();
  expect(screen.queryByText("Build things that last")).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "I'll keep an eye on Marcus's plan" }));
  const heading = await screen.findByRole("heading", { name: "Marcus's plan" });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(screen.getByText("Build things that last")).toBeTruthy();
  expect(screen.getByText("Ship the workbench")).toBeTruthy();
  expect(screen.getByText("1 of 3 milestones done · 1 overdue")).toBeTruthy();
  expect(screen.getByText("Due Sat, Mar 1, 2031")).toBeTruthy();
  expect(screen.getByText("Done")).toBeTruthy();
  expect(screen.getByText("Overdue")).toBeTruthy();
  expect(screen.getByText("No due day set")).toBeTruthy();
  expect(screen.getByRole("progressbar", { name: "Marcus's progress" }).getAttribute("aria-valuenow")).toBe("33");
  // He has not allowed his partner to see his screen time: no such section at all.
  expect(screen.queryByRole("heading", { name: "Screen time" })).toBeNull();
});

test("the cheer: a live counter, the shared messages, then sent with the cheers left today", async () => {
  const sent = vi.fn();
  stubApi({
    [`GET ${base}`]: { body: accepted },
    [`POST ${base}/cheers`]: (body) => {
      sent(body);
      return { status: 201, body: { cheersLeftToday: 1 } };
    },
  });
  renderWithClient(<PartnerView token={token} />);
  const field = await screen.findByLabelText("Your cheer for Marcus");
  expect(screen.getByText("2 cheers left today.")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Send cheer" }));
  expect(await screen.findByText(partnerMessages.cheerRequired)).toBeTruthy();

  fireEvent.change(field, { target: { value: "x".repeat(CHEER_MAX_LENGTH + 1) } });
  expect(screen.getByText(`${CHEER_MAX_LENGTH + 1}/${CHEER_MAX_LENGTH}`)).toBeTruthy();
  expect(screen.getByText("1 character too many.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Send cheer" }));
  expect(await screen.findByText(partnerMessages.cheerTooLong)).toBeTruthy();
  expect(sent).not.toHaveBeenCalled();

  // A pasted line break becomes a space: the cheer is one line.
  fireEvent.change(field, { target: { value: "Keep going,\nMarcus!" } });
  expect(screen.getByText("19/280")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Send cheer" }));
  expect(await screen.findByText(/Sent! Marcus will see it on his dashboard/)).toBeTruthy();
  expect(sent).toHaveBeenCalledWith({ text: "Keep going, Marcus!" });
  expect(screen.getByText("1 cheer left today.")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Write another" }));
  expect((screen.getByLabelText("Your cheer for Marcus") as HTMLTextAreaElement).value).toBe("");
});

test("the day's last cheer spent: the server's message instead of the form", async () => {
  stubApi({
    [`GET ${base}`]: { body: accepted },
    [`POST ${base}/cheers`]: { status: 429, body: { error: partnerMessages.cheerLimit } },
  });
  renderWithClient(<PartnerView token={token} />);
  fireEvent.change(await screen.findByLabelText("Your cheer for Marcus"), { target: { value: "Go!" } });
  fireEvent.click(screen.getByRole("button", { name: "Send cheer" }));
  expect((await screen.findByRole("alert")).textContent).toBe(partnerMessages.cheerLimit);
});

/** Twelve Mondays, oldest first, ending with the week of 7 January 2030; `minutes` for the last ones. */
function weeks(...last: Array<number | null>) {
  return Array.from({ length: 12 }, (_, i) => {
    const monday = new Date(Date.UTC(2030, 0, 7 - (11 - i) * 7)).toISOString().slice(0, 10);
    return { monday, minutes: last[i - (12 - last.length)] ?? null };
  });
}

/** What the section says, its figures' unbreakable spaces read as spaces. */
const words = (element: Element) => (element.textContent ?? "").replaceAll("\u00a0", " ");

function withScreenTime(
  screenTime: NonNullable<Extract<PartnerViewAnswer, { state: "accepted" }>["plan"]["screenTime"]>,
) {
  if (accepted.state !== "accepted") throw new Error("accepted");
  return { ...accepted, plan: { ...accepted.plan, screenTime } };
}

test("issue 55: his screen time, once he allows it: the one number about him and the weeks as text and bars", async () => {
  stubApi({
    [`GET ${base}`]: {
      body: withScreenTime({
        startingPointMinutes: 310,
        takenBack: { minutesPerDay: 100, basedOn: 2 },
        weeks: weeks(310, null, 210),
      }),
    },
  });
  renderWithClient(<PartnerView token={token} />);
  const section = (await screen.findByRole("heading", { name: "Screen time" })).closest("section")!;
  expect(words(section)).toContain("Marcus took back 1 h 40 min a day");
  expect(section.textContent).toContain("Against his start of 5 h 10 min a day, based on 2 check-ins.");
  const list = screen.getByRole("list", { name: "Daily screen time, week by week" });
  const items = [...list.querySelectorAll("li")].map((li) => li.textContent);
  expect(items).toHaveLength(12);
  expect(items.slice(-3)).toEqual([
    "Week of Dec 24: 5 h 10 min a day",
    "Week of Dec 31: no check-in",
    "Week of Jan 7: 3 h 30 min a day",
  ]);
  expect(section.textContent).not.toMatch(/\byour?\b/i);
});

test("issue 55: more than at his start, a start only, and no check-in yet, each said plainly", async () => {
  const cases = [
    [
      { startingPointMinutes: 240, takenBack: { minutesPerDay: -40, basedOn: 1 }, weeks: weeks(240, 280) },
      "Marcus's phone takes 40 min a day more than at his start",
    ],
    [{ startingPointMinutes: 240, takenBack: null, weeks: weeks(240) }, "Marcus started at 4 h a day"],
    [{ startingPointMinutes: null, takenBack: null, weeks: weeks() }, "Marcus has not checked in his screen time yet."],
  ] as const;
  for (const [screenTime, expected] of cases) {
    stubApi({ [`GET ${base}`]: { body: withScreenTime(screenTime) } });
    renderWithClient(<PartnerView token={token} />);
    const section = (await screen.findByRole("heading", { name: "Screen time" })).closest("section")!;
    expect(words(section)).toContain(expected);
    expect(section.querySelector("ol") === null).toBe(screenTime.startingPointMinutes === null);
    cleanup();
    vi.unstubAllGlobals();
  }
});
