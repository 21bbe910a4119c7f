import { describe, expect, it } from "vitest";
import { activityFormatOf } from "./detect-format.ts";

const text = (value: string) => new TextEncoder().encode(value);

function utf16le(value: string): Uint8Array {
  const bytes = new Uint8Array(2 + value.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < value.length; i++) {
    bytes[2 + i * 2] = value.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = value.charCodeAt(i) >> 8;
  }
  return bytes;
}

describe("activityFormatOf", () => {
  it("knows FIT by '.FIT' at bytes 8 to 11, whatever comes after", () => {
    const header = [14, 0x20, 0x97, 0x08, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0];
    expect(activityFormatOf(new Uint8Array(header))).toBe("fit");
    expect(activityFormatOf(new Uint8Array([...header.slice(0, 8), 0x2e, 0x46, 0x49, 0x55]))).toBeNull();
  });

  it("knows GPX and TCX by their root element, past a declaration, comments, a DOCTYPE and a byte order mark", () => {
    expect(activityFormatOf(text('<?xml version="1.0"?>\n<gpx version="1.1">'))).toBe("gpx");
    expect(activityFormatOf(text("\uFEFF  <!-- Strava --><gpx>"))).toBe("gpx");
    expect(activityFormatOf(text('<!DOCTYPE gpx [<!ENTITY a "b">]>\n<gpx>'))).toBe("gpx");
    expect(activityFormatOf(text("<?xml version='1.0'?><TrainingCenterDatabase xmlns='x'>"))).toBe("tcx");
    expect(activityFormatOf(text('<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1">'))).toBe("gpx");
    expect(activityFormatOf(utf16le('<?xml version="1.0" encoding="UTF-16"?><gpx>'))).toBe("gpx");
  });

  it("knows nothing else: other XML, a name in a comment, an unterminated prolog, text, nothing", () => {
    expect(activityFormatOf(text('<kml xmlns="http://www.opengis.net/kml/2.2">'))).toBeNull();
    expect(activityFormatOf(text("<!-- <gpx> --><kml>"))).toBeNull();
    expect(activityFormatOf(text("<!DOCTYPE html><html><body><gpx>"))).toBeNull();
    expect(activityFormatOf(text("<!-- never closed <gpx>"))).toBeNull();
    expect(activityFormatOf(text("<gpxdata>"))).toBeNull();
    expect(activityFormatOf(text('{"type":"FeatureCollection"}'))).toBeNull();
    expect(activityFormatOf(text("%PDF-1.7"))).toBeNull();
    expect(activityFormatOf(new Uint8Array())).toBeNull();
  });
});
