import { describe, expect, it } from "vitest";
import { onePer } from "./one-per.ts";

describe("onePer", () => {
  it("makes a value once per object, on its first use, and a value of its own for another object", () => {
    let made = 0;
    const counterOf = onePer((owner: { name: string }) => ({ owner: owner.name, serial: ++made }));
    const a = { name: "a" };
    const b = { name: "b" };
    expect(made).toBe(0);
    const first = counterOf(a);
    expect(counterOf(a)).toBe(first);
    expect(counterOf(b)).toEqual({ owner: "b", serial: 2 });
    expect(counterOf(a)).toEqual({ owner: "a", serial: 1 });
    expect(made).toBe(2);
  });
});
