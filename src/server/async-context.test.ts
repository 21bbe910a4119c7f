import { AsyncLocalStorage } from "node:async_hooks";
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { asyncContextUnderWay, contextStorage, registerContextStorage, withAsyncContext } from "./async-context.ts";

/** On Node 20 a storage says whether it is enabled (its hook runs on every promise while any one is). */
const hookBased = typeof (AsyncLocalStorage.prototype as { _propagate?: unknown })._propagate === "function";
const enabled = (storage: object) => (storage as { enabled?: boolean }).enabled;

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("AsyncLocalStorage only while a use is under way (decision 0180)", () => {
  it("keeps every store of the uses under way, and disables the storages once the last one ends", async () => {
    const storage = new AsyncLocalStorage<string>();
    registerContextStorage(storage);
    let releaseFirst = () => {};
    const first = withAsyncContext(() =>
      storage.run("first", async () => {
        await new Promise<void>((resolve) => {
          releaseFirst = resolve;
        });
        return storage.getStore();
      }),
    );
    let releaseSecond = () => {};
    const second = withAsyncContext(() =>
      storage.run("second", async () => {
        await new Promise<void>((resolve) => {
          releaseSecond = resolve;
        });
        await tick();
        return storage.getStore();
      }),
    );
    await tick();
    expect(asyncContextUnderWay()).toBeGreaterThanOrEqual(2);

    releaseFirst();
    expect(await first).toBe("first");
    // The second use is still under way: its store is there after the first ended, across its awaits.
    releaseSecond();
    expect(await second).toBe("second");

    expect(asyncContextUnderWay()).toBe(0);
    if (hookBased) expect(enabled(storage)).toBe(false);
    // And the next use enables it again.
    const again = withAsyncContext(() =>
      storage.run("again", async () => {
        await tick();
        return storage.getStore();
      }),
    );
    expect(await again).toBe("again");
  });

  it("ends a use that fails like one that succeeds", async () => {
    const storage = new AsyncLocalStorage<number>();
    registerContextStorage(storage);
    await expect(
      withAsyncContext(() =>
        storage.run(1, async () => {
          await tick();
          throw new Error("the work failed");
        }),
      ),
    ).rejects.toThrow("the work failed");
    expect(asyncContextUnderWay()).toBe(0);
    if (hookBased) expect(enabled(storage)).toBe(false);
  });

  it("runs a storage of ours only as a use", async () => {
    const storage = contextStorage<string>();
    const seen = await storage.run("ours", async () => {
      await tick();
      return { store: storage.getStore(), underWay: asyncContextUnderWay() };
    });
    expect(seen).toEqual({ store: "ours", underWay: 1 });
    expect(asyncContextUnderWay()).toBe(0);
    expect(storage.getStore()).toBeUndefined();
  });
});

describe("better-auth's storages after its requests (decision 0180)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("signs men up and in while other requests run, and leaves no storage enabled once they are answered", async () => {
    // Sign-ups through HTTP and their e-mails (better-auth sends them after its answer), beside light requests.
    const [first, second] = await Promise.all([
      t.signUpUser(),
      t.signUpUser(),
      ...Array.from({ length: 5 }, () => t.request("/api/health")),
    ]);
    const signedIn = await Promise.all([
      t.logIn(first.email, first.password),
      t.logIn(second.email, second.password),
      t.request("/api/me", { cookie: first.cookie }),
      t.request("/api/health"),
    ]);
    expect(signedIn[0]).toMatch(/session_token=/);
    expect(signedIn[1]).toMatch(/session_token=/);
    const me = (await (signedIn[2] as Response).json()) as { user: { id: string } | null };
    expect(me.user?.id).toBe(first.id);

    expect(asyncContextUnderWay()).toBe(0);
    if (!hookBased) return;
    const storages = await Promise.all([
      getCurrentAuthContextAsyncLocalStorage(),
      getCurrentDBAdapterAsyncLocalStorage(),
      getRequestStateAsyncLocalStorage(),
    ]);
    expect(storages.map((storage) => enabled(storage))).toEqual([false, false, false]);
  });
});
