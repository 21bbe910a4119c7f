import { describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import { createUploadSlots } from "./upload-slots.ts";

const MB = 1024 * 1024;

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, retryAfter: error.details.retryAfterSeconds };
    throw error;
  }
  return null;
};

describe("upload slots: the proof uploads one instance takes in at once (issue 41 #1)", () => {
  it("refuses his third at once, and one past the instance's bytes, each with a wait; released room is free again", () => {
    const slots = createUploadSlots({ bytesAtOnce: 3 * MB, perAccount: 2 });
    const ann = [slots.take("ann", MB), slots.take("ann", MB)];
    expect(refusal(() => slots.take("ann", MB))).toEqual({ code: "proof.accountBusy", retryAfter: expect.any(Number) });
    const ben = slots.take("ben", MB);
    expect(refusal(() => slots.take("carl", 1))).toEqual({ code: "proof.busy", retryAfter: expect.any(Number) });
    expect(slots.inUse()).toBe(3 * MB);
    ann[0]!();
    expect(refusal(() => slots.take("carl", MB))).toBeNull();
    ben();
    ann[1]!();
    expect(slots.inUse()).toBe(MB);
    expect(refusal(() => slots.take("ann", MB))).toBeNull();
  });

  it("keeps an eighth for small files: a flood of 10 MB uploads leaves room for a small FIT", () => {
    const slots = createUploadSlots({ bytesAtOnce: 64 * MB, perAccount: 2 });
    let admitted = 0;
    for (let i = 0; i < 20; i++) if (refusal(() => slots.take(`runner${i}`, 10 * MB)) === null) admitted++;
    expect(admitted).toBe(5);
    expect(refusal(() => slots.take("small", 0.1 * MB))).toBeNull();
    expect(refusal(() => slots.take("photo", 7 * MB))).toMatchObject({ code: "proof.busy" });
  });

  it("always lets one upload in, and counts a slot released twice once", () => {
    const slots = createUploadSlots({ bytesAtOnce: 0.1 * MB, perAccount: 1 });
    const release = slots.take("ann", 10 * MB);
    release();
    release();
    expect(slots.inUse()).toBe(0);
    slots.take("ben", 10 * MB);
    expect(refusal(() => slots.take("ann", MB))).toMatchObject({ code: "proof.busy" });
  });
});
