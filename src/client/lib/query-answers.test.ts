import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { writeAnswer } from "./query-answers.ts";

/** A fetch whose answer the test hands over when it likes, as a slow network does. */
function slowFetch<T>() {
  let answer: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe("a change's answer and an older fetch in flight", () => {
  it("keeps the change's answer when the older fetch answers after it", async () => {
    const client = new QueryClient();
    client.setQueryData(["partners"], ["Sam", "Kim"]);
    const older = slowFetch<string[]>();
    const refetch = client.fetchQuery({ queryKey: ["partners"], queryFn: () => older.promise, staleTime: 0 });

    await writeAnswer(client, ["partners"], ["Sam"]);
    older.answer(["Sam", "Kim"]);
    await refetch.catch(() => {});

    expect(client.getQueryData(["partners"])).toEqual(["Sam"]);
  });

  it("is what a plain write gets wrong: the older answer lands over it", async () => {
    const client = new QueryClient();
    client.setQueryData(["partners"], ["Sam", "Kim"]);
    const older = slowFetch<string[]>();
    const refetch = client.fetchQuery({ queryKey: ["partners"], queryFn: () => older.promise, staleTime: 0 });

    client.setQueryData(["partners"], ["Sam"]);
    older.answer(["Sam", "Kim"]);
    await refetch;

    expect(client.getQueryData(["partners"])).toEqual(["Sam", "Kim"]);
  });

  it("changes the cached data through an updater, and touches only its own query", async () => {
    const client = new QueryClient();
    client.setQueryData(["news"], 3);
    const other = slowFetch<number>();
    const notifications = client.fetchQuery({ queryKey: ["notifications"], queryFn: () => other.promise });

    await writeAnswer<number>(client, ["news"], (unread) => (unread ?? 0) - 3);
    other.answer(7);

    expect(await notifications).toBe(7);
    expect(client.getQueryData(["news"])).toBe(0);
  });
});
