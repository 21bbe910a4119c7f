import { act, render, screen } from "@testing-library/react";
import { toast } from "react-toastify/unstyled";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toasts } from "./toasts.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the toasts, mounted once the page's first load is done", () => {
  it("keeps a toast asked for before then and shows it as the container mounts", async () => {
    let idle: IdleRequestCallback | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    render(<Toasts />);
    toast.success("Your name is saved.");
    expect(screen.queryByText("Your name is saved.")).toBeNull();

    await act(async () => idle?.({ didTimeout: false, timeRemaining: () => 50 }));
    expect(await screen.findByText("Your name is saved.")).toBeTruthy();
  });
});
