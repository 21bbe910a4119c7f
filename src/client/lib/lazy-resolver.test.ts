import type { ResolverOptions } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-resolver.ts";

type Values = { email: string };
const schema = z.object({ email: z.email("Please enter a valid email address") });
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

afterEach(() => vi.restoreAllMocks());

describe("a form's schema loaded when the form is first checked", () => {
  it("loads nothing until it is checked or preloaded, then checks with the schema, loaded once", async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);

    const wrong = await resolver({ email: "marcus" }, undefined, options);
    expect(wrong.errors.email?.message).toBe("Please enter a valid email address");
    const right = await resolver({ email: "marcus@example.com" }, undefined, options);
    expect(right).toEqual({ values: { email: "marcus@example.com" }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the form through when the schema cannot be loaded, and tries again at the next check", async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(schema);
    const resolver = lazyZodResolver<Values>(load);
    expect(await resolver({ email: "marcus" }, undefined, options)).toEqual({
      values: { email: "marcus" },
      errors: {},
    });
    const again = await resolver({ email: "marcus" }, undefined, options);
    expect(again.errors.email?.message).toBe("Please enter a valid email address");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
