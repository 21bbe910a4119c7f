import { describe, expect, it } from "vitest";
import { lastMade, onePer } from "./one-per.ts";

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

describe("lastMade", () => {
  it("makes a value once per key, and forgets the oldest key made beyond its size", () => {
    const made: string[] = [];
    const upper = lastMade(2, (key) => {
      made.push(key);
      return { key: key.toUpperCase() };
    });
    const a = upper("a");
    expect(upper("a")).toBe(a);
    expect(upper("b")).toEqual({ key: "B" });
    expect(made).toEqual(["a", "b"]);
    upper("c");
    expect(upper("b")).toEqual({ key: "B" });
    expect(made).toEqual(["a", "b", "c"]);
    expect(upper("a")).toEqual(a);
    expect(upper("a")).not.toBe(a);
    expect(made).toEqual(["a", "b", "c", "a"]);
  });
});
