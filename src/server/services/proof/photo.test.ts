import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "#tests/support/fuzz.ts";
import { photoTypeOf, reencodePhoto } from "./photo.ts";

/**
 * tests/fixtures/photo/red-blue-gps.heic: 320 × 240, left half red, right half blue, EXIF with GPS (52°31'12" N,
 * 13°24'36" E). Made from a JPEG that sharp wrote (as `twoColours` below does) with Debian's libheif-examples:
 * `heif-enc -q 50 --no-alpha -o red-blue-gps.heic in.jpg` (x265, HEVC: what an iPhone writes).
 */
const HEIC_FIXTURE = new URL("../../../../tests/fixtures/photo/red-blue-gps.heic", import.meta.url);

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };
const GPS_EXIF = {
  IFD0: { Make: "Unscroll test camera", Model: "fixture" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 36/1" },
};
const GPS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N" exif:GPSLongitude="13,24.6E"/>' +
  "</rdf:RDF></x:xmpmeta>";

/** Left half red, right half blue: where the colours end up shows how the photo was turned. */
function twoColours(width: number, height: number) {
  const left = {
    input: { create: { width: width / 2, height, channels: 3 as const, background: RED } },
    left: 0,
    top: 0,
  };
  return sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([left]);
}

/** Whether an EXIF block (as sharp's metadata gives it, with or without its "Exif\0\0" prefix) points to GPS tags. */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

async function pixelAt(webp: Buffer, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

function near(actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }) {
  return (
    Math.max(Math.abs(actual.r - expected.r), Math.abs(actual.g - expected.g), Math.abs(actual.b - expected.b)) < 30
  );
}

/** The output holds pixels and nothing else: no EXIF, XMP, ICC or IPTC, and none of the input's text. */
async function expectBareWebp(image: Buffer) {
  const metadata = await sharp(image).metadata();
  expect(metadata.format).toBe("webp");
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const text = image.toString("latin1");
  for (const chunk of ["EXIF", "XMP ", "ICCP", "Unscroll", "GPS"]) expect(text).not.toContain(chunk);
}

function reencoded(result: Awaited<ReturnType<typeof reencodePhoto>>) {
  if (!result.ok) throw new Error(`expected a photo, got ${result.code}`);
  return result;
}

/** A PNG whose header claims `width` × `height` pixels, with a few bytes of (valid, tiny) data behind it. */
function pngClaiming(width: number, height: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The HEIC fixture with its image's `ispe` (stored size) changed: the header lies about the pixels behind it. */
async function heicClaiming(width: number, height: number) {
  const heic = Buffer.from(await readFile(HEIC_FIXTURE));
  const at = heic.indexOf("ispe", 0, "latin1");
  if (at < 0) throw new Error("the fixture has no ispe box");
  heic.writeUInt32BE(width, at + 8);
  heic.writeUInt32BE(height, at + 12);
  return heic;
}

/** A minimal ISO-BMFF `ftyp` box with these brands, and a little padding. */
function ftyp(major: string, ...compatible: string[]) {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}\0\0\0\0${compatible.join("")}`, 4, "latin1");
  return Buffer.concat([box, Buffer.alloc(32)]);
}

describe("photoTypeOf", () => {
  it("knows JPEG, PNG, WebP and HEIC by their first bytes", async () => {
    const source = twoColours(40, 20);
    expect(photoTypeOf(await source.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(photoTypeOf(await source.clone().png().toBuffer())).toBe("png");
    expect(photoTypeOf(await source.clone().webp().toBuffer())).toBe("webp");
    expect(photoTypeOf(await readFile(HEIC_FIXTURE))).toBe("heic");
    for (const brand of ["heic", "heix", "hevc", "heim", "heis"]) expect(photoTypeOf(ftyp(brand))).toBe("heic");
    expect(photoTypeOf(ftyp("mif1", "heic"))).toBe("heic");
    expect(photoTypeOf(ftyp("msf1", "hevc"))).toBe("heic");
  });

  it("tells AVIF (the same container) and everything else apart", async () => {
    const source = twoColours(40, 20);
    expect(photoTypeOf(await source.clone().avif().toBuffer())).toBeNull();
    expect(photoTypeOf(ftyp("mif1", "avif", "miaf"))).toBeNull();
    expect(photoTypeOf(await source.clone().gif().toBuffer())).toBeNull();
    expect(photoTypeOf(await source.clone().tiff().toBuffer())).toBeNull();
    expect(photoTypeOf(ftyp("isom", "mp41"))).toBeNull(); // an MP4 video
    expect(photoTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(photoTypeOf(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    for (const bytes of [new Uint8Array(0), Uint8Array.of(0xff, 0xd8), Buffer.from("\x89PNG", "latin1")]) {
      expect(photoTypeOf(bytes)).toBeNull();
    }
  });

  it("reads a view into a larger buffer at its own offset", async () => {
    const jpeg = await twoColours(40, 20).jpeg().toBuffer();
    const padded = Buffer.concat([Buffer.from("garbage!"), jpeg]);
    expect(photoTypeOf(padded.subarray(8))).toBe("jpeg");
    const heic = await readFile(HEIC_FIXTURE);
    expect(photoTypeOf(Buffer.concat([Buffer.alloc(3), heic]).subarray(3))).toBe("heic");
  });
});

describe("reencodePhoto", () => {
  it("drops a JPEG's EXIF with its GPS position, its XMP and its colour profile", async () => {
    const input = await twoColours(320, 240)
      .jpeg({ quality: 90 })
      .withExif(GPS_EXIF)
      .withXmp(GPS_XMP)
      .withIccProfile("p3")
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.xmp?.toString()).toContain("GPSLatitude");
    expect(before.icc).toBeDefined();

    const photo = reencoded(await reencodePhoto(input));
    expect(photo).toMatchObject({ contentType: "image/webp", width: 320, height: 240 });
    await expectBareWebp(photo.image);
    expect(near(await pixelAt(photo.image, 10, 120), RED)).toBe(true);
    expect(near(await pixelAt(photo.image, 310, 120), BLUE)).toBe(true);
  });

  it("turns a photo upright by its EXIF orientation (6: the camera was held on its side)", async () => {
    const input = await twoColours(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const photo = reencoded(await reencodePhoto(input));
    expect([photo.width, photo.height]).toEqual([200, 300]);
    // Turned 90° clockwise: the left (red) half is now on top.
    expect(near(await pixelAt(photo.image, 100, 10), RED)).toBe(true);
    expect(near(await pixelAt(photo.image, 100, 290), BLUE)).toBe(true);
    await expectBareWebp(photo.image);
  });

  it("shrinks a large photo to 1600 px on its long side, and never enlarges a small one", async () => {
    const large = await twoColours(6000, 4000).png({ compressionLevel: 1 }).toBuffer();
    expect(reencoded(await reencodePhoto(large))).toMatchObject({ width: 1600, height: 1067 });

    const tall = await twoColours(1000, 3000).jpeg().toBuffer();
    expect(reencoded(await reencodePhoto(tall))).toMatchObject({ width: 533, height: 1600 });

    const small = await twoColours(640, 480).png().toBuffer();
    expect(reencoded(await reencodePhoto(small))).toMatchObject({ width: 640, height: 480 });
  });

  it("re-encodes a WebP, dropping its metadata too", async () => {
    const input = await twoColours(200, 100).webp().withExif(GPS_EXIF).withXmp(GPS_XMP).toBuffer();
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);
    const photo = reencoded(await reencodePhoto(input));
    expect(photo).toMatchObject({ width: 200, height: 100 });
    await expectBareWebp(photo.image);
  });

  it("decodes an iPhone-style HEIC (HEVC) and drops its EXIF with the GPS position", async () => {
    const input = await readFile(HEIC_FIXTURE);
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ format: "heif", compression: "hevc" });
    expect(exifHasGps(before.exif)).toBe(true);
    // sharp alone cannot: its libvips has no HEVC decoder, which is why the wasm decoder is there.
    await expect(sharp(input).webp().toBuffer()).rejects.toThrow();

    const photo = reencoded(await reencodePhoto(input));
    expect(photo).toMatchObject({ contentType: "image/webp", width: 320, height: 240 });
    await expectBareWebp(photo.image);
    expect(near(await pixelAt(photo.image, 10, 120), RED)).toBe(true);
    expect(near(await pixelAt(photo.image, 310, 120), BLUE)).toBe(true);
  });

  it("decodes several HEIC photos at once", async () => {
    const input = await readFile(HEIC_FIXTURE);
    const results = await Promise.all([1, 2, 3, 4].map(() => reencodePhoto(input)));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
    // The bytes went to the decoder's thread as a copy: the caller's buffer is untouched.
    expect(input.equals(await readFile(HEIC_FIXTURE))).toBe(true);
  });

  it("answers photoUnreadable for anything that is not a whole photo", async () => {
    const jpeg = await twoColours(320, 240).jpeg().toBuffer();
    const heic = await readFile(HEIC_FIXTURE);
    const source = twoColours(40, 20);
    const unreadable = {
      empty: new Uint8Array(0),
      "random bytes": randomBytes(4096),
      "random bytes after a JPEG signature": Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]),
      "truncated JPEG": jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      "truncated HEIC": heic.subarray(0, Math.floor(heic.length / 2)),
      "HEIC header only": ftyp("heic", "mif1", "heic"),
      AVIF: await source.clone().avif().toBuffer(),
      GIF: await source.clone().gif().toBuffer(),
      TIFF: await source.clone().tiff().toBuffer(),
      SVG: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      PDF: Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"),
    };
    for (const [name, bytes] of Object.entries(unreadable)) {
      expect(await reencodePhoto(bytes), name).toEqual({ ok: false, code: "photoUnreadable" });
    }
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // 100 000 × 100 000 pixels would be 30 GB decoded; the file is about a hundred bytes.
    const pngBomb = pngClaiming(100_000, 100_000);
    expect(pngBomb.length).toBeLessThan(200);
    expect((await sharp(pngBomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    const started = Date.now();
    expect(await reencodePhoto(pngBomb)).toEqual({ ok: false, code: "photoUnreadable" });
    // Just over the limit (50 MP) is refused too: no phone takes such a photo.
    expect(await reencodePhoto(pngClaiming(10_000, 5_001))).toEqual({ ok: false, code: "photoUnreadable" });

    const heicBomb = await heicClaiming(30_000, 30_000);
    expect((await sharp(heicBomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    expect(await reencodePhoto(heicBomb)).toEqual({ ok: false, code: "photoUnreadable" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("never throws, whatever bytes of a photo are changed", async () => {
    const jpeg = await twoColours(64, 48).jpeg().withExif(GPS_EXIF).toBuffer();
    const heic = await readFile(HEIC_FIXTURE);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(jpeg, heic),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        async (original, changes, cut) => {
          const bytes = Buffer.from(original);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          const result = await reencodePhoto(bytes.subarray(0, bytes.length - (cut % 64)));
          if (result.ok) await expectBareWebp(result.image);
          else expect(result).toEqual({ ok: false, code: "photoUnreadable" });
        },
      ),
      fuzzParameters(40),
    );
  });
});
