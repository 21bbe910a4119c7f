import { act, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";

/**
 * Component tests run on Vitest's fake clock, so no test waits on (or races) real time. Testing Library drains its
 * queue after each user event with a zero timeout that it advances only on a fake clock it takes for Jest's: the
 * `jest` stub lets it advance Vitest's.
 */
export function runOnFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * Component tests on the real clock that open dialogs: jsdom has <dialog> without its modal methods, so they are given
 * the ones the components call; each test's render and stubbed globals (the API) are undone after it.
 */
export function withDialogs() {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** A user who clicks and types on the fake clock. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Moves the fake clock by `ms` and lets what it started (timers, settled saves, re-renders) run. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** What the stubbed server answers: a status (200 unless told) and a JSON body. */
export type StubbedAnswer = { status?: number; body: unknown };
/** One answer for every call, one computed from the request's JSON body, or a list answered one per call in order. */
type Reply = StubbedAnswer | ((body: unknown) => StubbedAnswer) | StubbedAnswer[];
/** A request the stub received: method, path and JSON body, as a test checks what the screen sent. */
type StubbedRequest = { method: string; path: string; body: unknown };

/**
 * The one fetch stub of the component tests (issue 39): answers by method and path, as the API would,
 * `stubApi({ "POST /api/partner/invitations": { status: 201, body } })`. A request nobody stubbed (or one more than a
 * list holds) answers 500 with a body naming it, so a test that forgot one fails on the screen's error. The returned
 * mock also lists what was asked, in `requests`.
 */
export function stubApi(answers: Partial<Record<`${Method} /api/${string}`, Reply>>) {
  const requests: StubbedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const key = `${method} ${url.pathname}` as keyof typeof answers;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const reply = answers[key];
    const answer = Array.isArray(reply) ? reply.shift() : typeof reply === "function" ? reply(body) : reply;
    if (!answer) return new Response(JSON.stringify({ error: `not stubbed: ${key}` }), { status: 500 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return Object.assign(fetch, { requests });
}
