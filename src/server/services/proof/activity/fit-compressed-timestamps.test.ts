import { Decoder, Profile, Stream } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import { realActivityFile } from "#tests/support/real-activity-files.ts";
import { expandCompressedTimestamps } from "./fit-compressed-timestamps.ts";

function recordTimes(bytes: Uint8Array): number[] {
  const times: number[] = [];
  const { errors } = new Decoder(Stream.fromByteArray(bytes)).read({
    mesgListener: (mesgNum, mesg) => {
      const { timestamp } = mesg as { timestamp?: unknown };
      if (mesgNum === Profile.MesgNum.RECORD && timestamp instanceof Date) times.push(timestamp.getTime());
    },
  });
  expect(errors).toEqual([]);
  return times;
}

describe("expandCompressedTimestamps (issue 38 row 2)", () => {
  it("rewrites a Forerunner 70's compressed records into ones Garmin's SDK reads, every record with its time", () => {
    const { bytes } = realActivityFile("garmin-fr70-compressed-timestamps-run.fit");
    expect(new Decoder(Stream.fromByteArray(bytes)).read().errors).not.toEqual([]);
    const expanded = expandCompressedTimestamps(bytes);
    if (!expanded) throw new Error("not expanded");
    expect(new Decoder(Stream.fromByteArray(expanded)).checkIntegrity()).toBe(true);
    const times = recordTimes(expanded);
    expect(times.length).toBeGreaterThan(700);
    // Five bits of seconds each, rolled over past 31, counted on from the last full timestamp: never a step back.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(0);
    // The session's own elapsed time (3,883 s) spans the records.
    expect((times[times.length - 1]! - times[0]!) / 1000).toBeLessThanOrEqual(3883);
  });

  it("hands back the same bytes for a file without compressed records, and null for records that overrun the file", () => {
    const { bytes } = realActivityFile("coros-run.fit");
    expect(expandCompressedTimestamps(bytes)).toBe(bytes);
    const { bytes: compressed } = realActivityFile("garmin-fr70-compressed-timestamps-run.fit");
    // The header says the data is 100 bytes shorter than it is: the last record runs past where it says it ends.
    const lying = compressed.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(4, view.getUint32(4, true) - 101, true);
    expect(expandCompressedTimestamps(lying)).toBeNull();
  });
});
