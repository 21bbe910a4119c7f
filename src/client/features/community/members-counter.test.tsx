import { render, screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { advance, runOnFakeClock } from "#client/testing.ts";
import { COUNTER_STEP_MS, MembersCounter } from "./members-counter.tsx";

const digits = () => screen.getByTestId("members-waiting").textContent;

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

runOnFakeClock();

describe("MembersCounter", { timeout: 20_000 }, () => {
  test("counts up one member every 20 ms and stops at the real number", async () => {
    prefersReducedMotion(false);
    render(<MembersCounter count={5} />);
    expect(digits()).toBe("0");
    await advance(COUNTER_STEP_MS);
    expect(digits()).toBe("1");
    await advance(COUNTER_STEP_MS * 3);
    expect(digits()).toBe("4");
    await advance(COUNTER_STEP_MS * 10);
    expect(digits()).toBe("5");
    // Screen readers get the number once, not every step.
    expect(screen.getByText("5 early members waiting")).toBeTruthy();
  });

  test("a long waitlist takes bigger steps and still ends on the exact number within 5 s", async () => {
    prefersReducedMotion(false);
    render(<MembersCounter count={1234} />);
    await advance(COUNTER_STEP_MS);
    expect(digits()).toBe("5");
    await advance(5000);
    expect(digits()).toBe("1,234");
  });

  test("counts on from where it stands when the number grows", async () => {
    prefersReducedMotion(false);
    const { rerender } = render(<MembersCounter count={2} />);
    await advance(COUNTER_STEP_MS * 2);
    expect(digits()).toBe("2");
    rerender(<MembersCounter count={3} />);
    expect(digits()).toBe("2");
    await advance(COUNTER_STEP_MS);
    expect(digits()).toBe("3");
  });

  test("shows the number at once for a visitor who asked for less motion", () => {
    prefersReducedMotion(true);
    render(<MembersCounter count={1} />);
    expect(digits()).toBe("1");
    expect(screen.getByText("1 early member waiting")).toBeTruthy();
  });
});
