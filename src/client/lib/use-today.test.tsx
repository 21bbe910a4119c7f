import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToday } from "./use-today.ts";

// React's own test mode for act(), as Testing Library sets it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let renders = 0;
function Day({ serverToday }: { serverToday: string }) {
  renders += 1;
  return <p>{useToday(serverToday)}</p>;
}

/** The server's HTML for `serverToday`, taken over by React in this (the browser's) document. */
async function hydrated(serverToday: string) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Day serverToday={serverToday} />);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, <Day serverToday={serverToday} />);
  });
  return container;
}

describe("today on his calendar, in the server's HTML and once his browser has the page", () => {
  beforeEach(() => {
    // Late in the evening of 1 March on the browser's clock (the test's own zone), whichever day the suite runs.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2031, 2, 1, 22, 30) });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("renders the day the server worked out in his zone, not the server's own", () => {
    expect(renderToString(<Day serverToday="2031-03-02" />)).toContain("2031-03-02");
  });

  it("hydrates the same day with a single render, nothing drawn again", async () => {
    const page = await hydrated("2031-03-01");
    expect(page.textContent).toBe("2031-03-01");
    expect(renders).toBe(1);
  });

  it("shows the browser's day once hydrated when the server's zone was another (a flight, a new phone)", async () => {
    const page = await hydrated("2031-03-02");
    expect(page.textContent).toBe("2031-03-01");
  });
});
