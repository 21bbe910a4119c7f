import { describe, expect, test } from "vitest";
import { PROOF_FILE_MAX_BYTES } from "#shared/proof/rules.ts";
import { shouldShrink, shrunkSize } from "./shrink-photo.ts";

const file = (name: string, type: string, bytes: number) => ({ name, type, size: bytes }) as File;

describe("issue 35 row 15: which photos are made smaller, and to what size", () => {
  test("the size the server keeps: 1600 px on the long side, rounded as sharp rounds it, never enlarged", () => {
    expect(shrunkSize(6000, 4000)).toEqual({ width: 1600, height: 1067 });
    expect(shrunkSize(4000, 6000)).toEqual({ width: 1067, height: 1600 });
    expect(shrunkSize(8064, 6048)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(900, 600)).toEqual({ width: 900, height: 600 });
    expect(shrunkSize(20_000, 3)).toEqual({ width: 1600, height: 1 });
  });

  test("a photo over 2 MB, by its type or, without one, by its name; never an activity file", () => {
    const large = PROOF_FILE_MAX_BYTES + 1;
    expect(shouldShrink(file("PXL_1.jpg", "image/jpeg", large))).toBe(true);
    expect(shouldShrink(file("IMG_1.HEIC", "", large))).toBe(true);
    expect(shouldShrink(file("shot.png", "image/png", 3 * 1024 * 1024))).toBe(true);
    expect(shouldShrink(file("PXL_1.jpg", "image/jpeg", 2 * 1024 * 1024))).toBe(false);
    expect(shouldShrink(file("run.gpx", "application/gpx+xml", large))).toBe(false);
    expect(shouldShrink(file("run.fit", "", large))).toBe(false);
  });
});
