import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, test, vi } from "vitest";
import { stubApi, withDialogs } from "#client/testing.ts";
import type { CommentsPage, FeedComment, FeedPage, FeedPost } from "#shared/community/contracts.ts";
import { CommunityFeed } from "./community-feed.tsx";

withDialogs();

let next = 0;
function post(firstName: string, change: Partial<FeedPost> = {}): FeedPost {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    author: { firstName, badges: ["first-milestone"] },
    kind: "milestone",
    challengeTitle: "Build the furniture workshop",
    milestoneText: `Milestone ${next} of ${firstName}`,
    achievedOn: "2026-11-20",
    text: "Legs were shaking.",
    proof: null,
    selfReported: false,
    tookBackMinutes: null,
    cheers: 2,
    cheeredByMe: false,
    comments: 0,
    mine: false,
    createdAt: "2026-11-20T18:30:00.000Z",
    ...change,
  };
}

const page = (...posts: FeedPost[]): { body: FeedPage } => ({ body: { posts, nextCursor: null, hidden: 0 } });

function renderFeed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommunityFeed wins={[]} winsLoading={false} composeWith={null} onComposerClosed={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const postOf = (text: string) => screen.getByText(text).closest("article") as HTMLElement;

test("a cheer counts at once, pressed, and goes back when the server refuses it", async () => {
  const marcus = post("Marcus");
  stubApi({
    "GET /api/community/feed": page(marcus),
    // Refused the first time, accepted the second.
    [`PUT /api/community/posts/${marcus.id}/cheer`]: [
      { status: 500, body: { error: "Your cheer could not be saved. Please try again." } },
      { status: 200, body: { cheers: 3, cheeredByMe: true } },
    ],
  });
  // The server answers the first cheer only when the test says so, to see the screen before the answer.
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const stubbed = globalThis.fetch;
  let calls = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "PUT" && calls++ === 0) await held;
    return stubbed(input, init);
  });
  renderFeed();

  const cheer = await screen.findByRole("button", { name: "Cheer Marcus's win" });
  const count = screen.getByTestId("cheer-count");
  expect(cheer.getAttribute("aria-pressed")).toBe("false");
  expect(count.textContent).toBe("2 cheers");

  fireEvent.click(cheer);
  // Optimistic: pressed and counted before the server answers…
  await waitFor(() => expect(cheer.getAttribute("aria-pressed")).toBe("true"));
  expect(count.textContent).toBe("3 cheers");
  // …and back as it was once it refuses.
  answer();
  await waitFor(() => expect(cheer.getAttribute("aria-pressed")).toBe("false"));
  expect(count.textContent).toBe("2 cheers");

  fireEvent.click(cheer);
  await waitFor(() => expect(cheer.getAttribute("aria-pressed")).toBe("true"));
  expect(count.textContent).toBe("3 cheers");
});

test("his own post shows its cheers but no cheer button and no menu", async () => {
  stubApi({ "GET /api/community/feed": page(post("Dev", { mine: true, cheers: 4 })) });
  renderFeed();
  const own = (await screen.findByText("4 cheers")).closest("article") as HTMLElement;
  expect(within(own).queryByRole("button", { name: /Cheer/ })).toBeNull();
  expect(within(own).queryByRole("button", { name: /More about/ })).toBeNull();
});

test("shows the author's badges beside his name, each named", async () => {
  stubApi({ "GET /api/community/feed": page(post("Marcus")) });
  renderFeed();
  const badges = await screen.findByRole("list", { name: "Marcus's badges" });
  expect(within(badges).getByRole("img", { name: "First milestone" })).toBeTruthy();
});

test("reporting a post: a reason from the list, then the post is gone from his feed at once", async () => {
  const marcus = post("Marcus");
  const dev = post("Dev");
  const fetch = stubApi({
    "GET /api/community/feed": page(marcus, dev),
    [`POST /api/community/posts/${marcus.id}/report`]: { status: 201, body: { reported: true } },
  });
  renderFeed();
  await screen.findByText(marcus.milestoneText);

  fireEvent.click(within(postOf(marcus.milestoneText)).getByRole("button", { name: "More about Marcus's post" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Report post" }));
  const dialog = screen.getByRole("dialog", { name: "Report post" });
  // No reason chosen: the server's message, and nothing sent.
  fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
  expect(within(dialog).getByRole("alert").textContent).toBe("Please choose why you are reporting this.");
  fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
  fireEvent.input(within(dialog).getByLabelText(/Anything else/), { target: { value: "Sells shoes" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));

  await waitFor(() => expect(screen.queryByText(marcus.milestoneText)).toBeNull());
  expect(screen.getByText(dev.milestoneText)).toBeTruthy();
  expect(fetch.requests.find((r) => r.method === "POST")?.body).toEqual({ reason: "spam", note: "Sells shoes" });
});

test("blocking a member: asked once, then every post of his is gone from the feed", async () => {
  const first = post("Marcus");
  const second = post("Marcus");
  const dev = post("Dev");
  stubApi({
    // The pages are read again after the block: the server leaves out all of Marcus's posts.
    "GET /api/community/feed": [page(first, dev, second), page(dev)],
    [`PUT /api/community/posts/${first.id}/block-author`]: { body: { blocked: true } },
  });
  renderFeed();
  await screen.findByText(first.milestoneText);

  fireEvent.click(within(postOf(first.milestoneText)).getByRole("button", { name: "More about Marcus's post" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Block Marcus" }));
  const dialog = screen.getByRole("dialog", { name: "Block Marcus?" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Block Marcus" }));

  await waitFor(() => expect(screen.queryByText(first.milestoneText)).toBeNull());
  expect(screen.queryByText(second.milestoneText)).toBeNull();
  expect(screen.getByText(dev.milestoneText)).toBeTruthy();
});

test("an empty feed invites him to share his first win", async () => {
  stubApi({ "GET /api/community/feed": page() });
  renderFeed();
  expect(await screen.findByRole("button", { name: "Share your first win" })).toBeTruthy();
});

test("a feed that fails to load says so and tries again", async () => {
  stubApi({
    "GET /api/community/feed": [
      { status: 500, body: { error: "Could not load the feed. Please try again." } },
      page(post("Marcus", { milestoneText: "Ran 5 km" })),
    ],
  });
  renderFeed();
  expect((await screen.findByRole("alert")).textContent).toBe("Could not load the feed. Please try again.");
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByText("Ran 5 km")).toBeTruthy();
});

test("'Load more' asks for the next page with the cursor and adds it below", async () => {
  const newer = post("Marcus");
  const older = post("Dev");
  const fetch = stubApi({
    "GET /api/community/feed": [{ body: { posts: [newer], nextCursor: "page-2" } }, page(older)],
  });
  renderFeed();
  await screen.findByText(newer.milestoneText);
  fireEvent.click(screen.getByRole("button", { name: "Load more" }));
  expect(await screen.findByText(older.milestoneText)).toBeTruthy();
  expect(screen.getByText(newer.milestoneText)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  const asked = fetch.mock.calls.map(([input]) => new URL(String(input), "http://localhost").search);
  expect(asked).toEqual(["", "?cursor=page-2"]);
});

test("issue 53 row 4: a post shows the proof he shared: the photo, or the run's route, distance and pace", async () => {
  const photo = post("Marcus", {
    proof: { kind: "photo", photo: { width: 320, height: 240, url: "/api/community/posts/p1/photo" } },
  });
  const run = post("Dev", {
    kind: "run",
    challengeTitle: "Run longer than ever before",
    milestoneText: "Ran 80 minutes, phone in airplane mode.",
    proof: {
      kind: "activity",
      activity: {
        format: "fit",
        distanceMeters: 14_100,
        movingSeconds: 4_800,
        paceSecondsPerKm: 340,
        route: [
          [0, 0],
          [900, 400],
          [1_800, 0],
        ],
      },
    },
  });
  stubApi({ "GET /api/community/feed": page(photo, run) });
  renderFeed();

  await screen.findByText(photo.milestoneText);
  const photoPost = postOf(photo.milestoneText);
  const image = await within(photoPost).findByRole("img", { name: `Marcus's proof: ${photo.milestoneText}` });
  expect(image.getAttribute("src")).toBe("/api/community/posts/p1/photo");
  expect(within(photoPost).getByText("With proof: photo")).toBeTruthy();

  const runPost = postOf(run.milestoneText);
  expect(within(runPost).getByRole("img", { name: "The shape of Dev's route: 14.1 km at 5:40 /km" })).toBeTruthy();
  expect(within(runPost).getByText("14.1 km")).toBeTruthy();
  expect(within(runPost).getByText("5:40 /km")).toBeTruthy();
  expect(within(runPost).getByText("1:20:00")).toBeTruthy();
});

test("issue 53 row 2: a post of a run he typed says it is self-reported; a milestone and a run a file proved do not", async () => {
  const typed = post("Sam", {
    kind: "run",
    challengeTitle: "Run longer than ever before",
    milestoneText: "Ran 52 minutes, phone in airplane mode.",
    selfReported: true,
  });
  const filed = post("Dev", {
    kind: "run",
    challengeTitle: "Run longer than ever before",
    milestoneText: "Ran 58 minutes, phone in airplane mode.",
  });
  const milestone = post("Marcus");
  stubApi({ "GET /api/community/feed": page(typed, filed, milestone) });
  renderFeed();

  await screen.findByText(typed.milestoneText);
  expect(within(postOf(typed.milestoneText)).getByTestId("self-reported").textContent).toBe(
    "Self-reported · typed, no activity file",
  );
  expect(within(postOf(filed.milestoneText)).queryByTestId("self-reported")).toBeNull();
  expect(within(postOf(milestone.milestoneText)).queryByTestId("self-reported")).toBeNull();
});

test("issue 53 row 5: a feed he emptied himself says how many posts he hid and leads to the members he blocked", async () => {
  const marcus = post("Marcus");
  stubApi({
    // One post hidden already (a member he blocked); then he reports the last one he sees.
    "GET /api/community/feed": { body: { posts: [marcus], nextCursor: null, hidden: 1 } },
    [`POST /api/community/posts/${marcus.id}/report`]: { status: 201, body: { reported: true } },
    "GET /api/community/blocks": { body: { blocks: [{ id: "b1", firstName: "Loud", since: "2026-11-20T18:30:00Z" }] } },
  });
  renderFeed();
  await screen.findByText(marcus.milestoneText);
  fireEvent.click(within(postOf(marcus.milestoneText)).getByRole("button", { name: "More about Marcus's post" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Report post" }));
  const dialog = screen.getByRole("dialog", { name: "Report post" });
  fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));

  expect(await screen.findByText("You have hidden 2 posts")).toBeTruthy();
  expect(screen.queryByText(/Nobody has posted yet/)).toBeNull();
  expect(screen.getByText("Posts you reported and posts by members you blocked don't show in your feed.")).toBeTruthy();
  // jsdom lays nothing out and has no scrollIntoView: recorded here, so the test sees the list brought into view.
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    fireEvent.click(screen.getByRole("link", { name: "See blocked members" }));
    const toggle = screen.getByRole("button", { name: "Blocked members" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await screen.findByRole("button", { name: "Unblock Loud" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]?.contains(toggle)).toBe(true);
  } finally {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  }
});

test("issue 53 row 5: one hidden post is one post", async () => {
  stubApi({ "GET /api/community/feed": { body: { posts: [], nextCursor: null, hidden: 1 } } });
  renderFeed();
  expect(await screen.findByText("You have hidden 1 post")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Share your first win" })).toBeNull();
});

let nextComment = 0;
function comment(firstName: string, text: string, change: Partial<FeedComment> = {}): FeedComment {
  nextComment += 1;
  return {
    id: `00000000-0000-4000-9000-${String(nextComment).padStart(12, "0")}`,
    author: { firstName },
    text,
    mine: false,
    createdAt: "2026-11-20T19:00:00.000Z",
    ...change,
  };
}

const commentsPage = (comments: FeedComment[], nextCursor: string | null): { body: CommentsPage } => ({
  body: { comments, nextCursor },
});

/** The cursor each GET of the comments asked with ("" for the first page). */
const commentCursors = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/comments"))
    .map((url) => url.searchParams.get("cursor") ?? "");

test("issue 57 row 2: 'Show more comments' loads the newer comments below, then is gone at the end", async () => {
  const marcus = post("Marcus", { comments: 51 });
  const older = Array.from({ length: 50 }, (_, i) => comment("Dev", `Comment ${i + 1}`));
  const fetch = stubApi({
    "GET /api/community/feed": page(marcus),
    [`GET /api/community/posts/${marcus.id}/comments`]: [
      commentsPage(older, "page-2"),
      commentsPage([comment("Sam", "The 51st")], null),
    ],
  });
  renderFeed();
  fireEvent.click(await screen.findByRole("button", { name: /^51\s*comments$/ }));

  const list = await screen.findByRole("list", { name: "Comments" });
  expect(within(list).getAllByRole("listitem")).toHaveLength(50);
  expect(within(list).queryByText("The 51st")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Show more comments" }));

  await waitFor(() => expect(within(list).getByText("The 51st")).toBeTruthy());
  const texts = within(list)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p:last-child")?.textContent);
  expect(texts).toEqual([...older.map((c) => c.text), "The 51st"]);
  expect(screen.queryByRole("button", { name: "Show more comments" })).toBeNull();
  expect(commentCursors(fetch)).toEqual(["", "page-2"]);
});

test("issue 57 row 2: his comment shows at once while newer pages wait, and once where the next page has it", async () => {
  const marcus = post("Marcus", { comments: 51 });
  const older = Array.from({ length: 50 }, (_, i) => comment("Dev", `Comment ${i + 1}`));
  const sam = comment("Sam", "The 51st");
  const mine = comment("Ali", "Huge, brother.", { mine: true });
  stubApi({
    "GET /api/community/feed": page(marcus),
    [`GET /api/community/posts/${marcus.id}/comments`]: [
      commentsPage(older, "page-2"),
      commentsPage([sam, mine], null),
    ],
    [`POST /api/community/posts/${marcus.id}/comments`]: { status: 201, body: { comment: mine } },
  });
  renderFeed();
  fireEvent.click(await screen.findByRole("button", { name: /^51\s*comments$/ }));
  const list = await screen.findByRole("list", { name: "Comments" });

  fireEvent.change(screen.getByLabelText("Write a comment"), { target: { value: mine.text } });
  fireEvent.click(screen.getByRole("button", { name: "Post" }));
  await waitFor(() => expect(within(list).getByText(mine.text)).toBeTruthy());
  expect(screen.getByRole("button", { name: /^52\s*comments$/ })).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Show more comments" }));
  await waitFor(() => expect(within(list).getByText(sam.text)).toBeTruthy());
  const texts = within(list)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p:last-child")?.textContent);
  expect(texts.slice(-2)).toEqual([sam.text, mine.text]);
  expect(texts).toHaveLength(52);
});
