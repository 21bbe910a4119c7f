import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type LazyModule, lazyModule, useLazyModule } from "./lazy-module.ts";

type Rules = { problem: (text: string) => string | null };
const rules: Rules = { problem: (text) => (text.includes("http") ? "Links aren't allowed." : null) };

function Box({ module, text }: { module: LazyModule<Rules>; text: string }) {
  const loaded = useLazyModule(module);
  return <p>{loaded ? (loaded.problem(text) ?? "fine") : "checking later"}</p>;
}

/** A download the test finishes when it chooses. */
function download() {
  let arrive: (value: Rules) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<Rules>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { promise, arrive, fail };
}

afterEach(() => vi.restoreAllMocks());

describe("a form's rules loaded when the form shows, not with the screen", () => {
  it("sends the server's HTML without them and loads nothing there", () => {
    const importer = vi.fn(async () => rules);
    expect(renderToString(<Box module={lazyModule(importer)} text="see http://x" />)).toContain("checking later");
    expect(importer).not.toHaveBeenCalled();
  });

  it("starts the download when the form shows and checks as he types once it arrives, downloading once", async () => {
    const first = download();
    const importer = vi.fn(() => first.promise);
    const module = lazyModule(importer);
    const { rerender } = render(<Box module={module} text="see http://x" />);
    expect(screen.getByText("checking later")).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);

    await act(async () => first.arrive(rules));
    expect(screen.getByText("Links aren't allowed.")).toBeTruthy();
    rerender(<Box module={module} text="ran 5 km" />);
    expect(screen.getByText("fine")).toBeTruthy();
    render(<Box module={module} text="again" />);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed download, so the next use tries again", async () => {
    const failed = download();
    const importer = vi.fn().mockReturnValueOnce(failed.promise).mockResolvedValue(rules);
    const module = lazyModule<Rules>(importer);
    module.preload();
    await act(async () => failed.fail(new TypeError("Failed to fetch")));
    expect(module.current()).toBeUndefined();

    render(<Box module={module} text="see http://x" />);
    expect(await screen.findByText("Links aren't allowed.")).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
