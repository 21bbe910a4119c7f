import { describe, expect, it } from "vitest";
import { databaseAnswers, PING_FRESH_MS } from "./database-check.ts";

/** A database whose pings the test answers one by one. */
function database() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    pings: () => pending.length,
    ping: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    answer: (index: number) => pending[index]?.resolve(),
    fail: (index: number) => pending[index]?.reject(new Error("connection refused")),
  };
}

describe("the health check's database ping (decision 0177)", () => {
  it("lets checks that arrive together share one ping, and answers from it for a second after it was sent", async () => {
    const db = database();
    const together = [databaseAnswers(db, 1_000), databaseAnswers(db, 1_001), databaseAnswers(db, 1_002)];
    expect(db.pings()).toBe(1);
    db.answer(0);
    await Promise.all(together);
    await databaseAnswers(db, 1_000 + PING_FRESH_MS - 1);
    expect(db.pings()).toBe(1);

    const later = databaseAnswers(db, 1_000 + PING_FRESH_MS);
    expect(db.pings()).toBe(2);
    db.answer(1);
    await later;
  });

  it("keeps no failure: every check that shared a failed ping fails, and the next one pings again", async () => {
    const db = database();
    const together = [databaseAnswers(db, 5_000), databaseAnswers(db, 5_001)];
    db.fail(0);
    for (const check of together) await expect(check).rejects.toThrow("connection refused");
    const next = databaseAnswers(db, 5_002);
    expect(db.pings()).toBe(2);
    db.fail(1);
    await expect(next).rejects.toThrow("connection refused");
  });

  it("keeps each database's answer to itself", async () => {
    const [a, b] = [database(), database()];
    const first = databaseAnswers(a, 0);
    a.answer(0);
    await first;
    const other = databaseAnswers(b, 1);
    expect(b.pings()).toBe(1);
    b.fail(0);
    await expect(other).rejects.toThrow();
  });
});
