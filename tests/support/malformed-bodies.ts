/**
 * Request bodies a script sends and no browser does, for the fuzz of the upload routes (issue 52): multipart bodies
 * cut, corrupted or over the form's limits, chunked framing that lies, and Content-Lengths that do. Each case is the
 * headers it adds to a request's head and the bytes after it. The same seed gives the same cases (FUZZ_SEED replays
 * a failure).
 */
import { seededRandom } from "./seeded-random.ts";

export type MalformedBody = { name: string; headers: Record<string, string | number>; body: Buffer };

const B = "----fuzzBoundary7MA4YWxkTrZu0gW";
const MULTIPART = `multipart/form-data; boundary=${B}`;
const GPX = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="52.5" lon="13.4"><time>2026-03-01T07:00:00Z</time></trkpt></trkseg></trk></gpx>`;

function part(name: string, value: string, filename?: string, type = "application/gpx+xml") {
  const disposition = `form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}`;
  const typeLine = filename === undefined ? "" : `Content-Type: ${type}\r\n`;
  return `--${B}\r\nContent-Disposition: ${disposition}\r\n${typeLine}\r\n${value}\r\n`;
}

const validForm = () =>
  Buffer.from(
    `${part("notes", "Kept going.")}${part("previousMaxDuration", "")}${part("file", GPX, "run.gpx")}--${B}--\r\n`,
  );

const sized = (body: Buffer, type = MULTIPART) => ({ "Content-Type": type, "Content-Length": body.length });

/** A body sent chunked; `frame` may lie about each chunk's size. */
function chunked(pieces: Buffer[], frame: (piece: Buffer, i: number) => Buffer, end = "0\r\n\r\n") {
  return Buffer.concat([...pieces.map(frame), Buffer.from(end)]);
}
const honestChunk = (piece: Buffer) =>
  Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);

type Maker = (r: () => number) => MalformedBody;
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

const makers: Maker[] = [
  (r) => {
    const form = validForm();
    const body = form.subarray(0, Math.floor(r() * form.length));
    return { name: `multipart cut at ${body.length}`, headers: sized(body), body };
  },
  (r) => {
    const body = Buffer.from(validForm());
    const flips = 1 + Math.floor(r() * 8);
    for (let i = 0; i < flips; i++) body[Math.floor(r() * body.length)] = Math.floor(r() * 256);
    return { name: `multipart with ${flips} bytes changed`, headers: sized(body), body };
  },
  (r) => {
    const type = pick(r, [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"x".repeat(300)}`,
      'multipart/form-data; boundary="unclosed',
      "multipart/form-data; boundary=X; boundary=Y",
      "multipart/mixed; boundary=X",
      "multipart/form-data;;;",
      "application/octet-stream",
      "text/plain",
      "multipart/form-data; charset=utf-8",
    ]);
    const body = validForm();
    return { name: `Content-Type ${type.slice(0, 60)}`, headers: sized(body, type), body };
  },
  (r) => {
    const shapes = [
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\n`,
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\n${"X-Pad: y\r\n".repeat(2_000)}\r\nz\r\n--${B}--\r\n`,
      `--${B}\r\nNo-Disposition: here\r\n\r\nz\r\n--${B}--\r\n`,
      `--${B}\r\nContent-Disposition: form-data\r\n\r\nz\r\n--${B}--\r\n`,
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="\u00ff\u0000.gpx"\r\n\r\n${GPX}\r\n--${B}--\r\n`,
      `${part("file", GPX, "a.gpx")}${part("file", GPX, "b.gpx")}--${B}--\r\n`,
      `${Array.from({ length: 20 }, (_, i) => part(`f${i}`, "v")).join("")}--${B}--\r\n`,
      `${part("notes", "n".repeat(40_000))}${part("file", GPX, "a.gpx")}--${B}--\r\n`,
      `${part("file", GPX, "a.gpx")}`,
      `--${B}--\r\n`,
      `--${B}\r\n\r\n\r\n--${B}--`,
      `\r\n\r\n--${B}`,
      "",
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\nContent-Type: application/gpx+xml\r\n\r\n<gpx>`,
    ];
    const body = Buffer.from(pick(r, shapes), "latin1");
    return { name: `multipart shape ${body.subarray(0, 50).toString("latin1")}`, headers: sized(body), body };
  },
  (r) => {
    const body = validForm();
    const declared = Math.max(0, body.length + pick(r, [-1, -20, -body.length + 5, 1, 50, 4096]));
    return {
      name: `Content-Length ${declared} for ${body.length} bytes`,
      headers: { "Content-Type": MULTIPART, "Content-Length": declared },
      body,
    };
  },
  (r) => {
    const form = validForm();
    const at = Math.floor(r() * form.length);
    const pieces = [form.subarray(0, at), form.subarray(at)];
    const lie = pick(r, [
      (piece: Buffer) => Buffer.concat([Buffer.from("zz\r\n"), piece, Buffer.from("\r\n")]),
      (piece: Buffer) =>
        Buffer.concat([Buffer.from(`${(piece.length + 3).toString(16)}\r\n`), piece, Buffer.from("\r\n")]),
      (piece: Buffer) => Buffer.concat([Buffer.from(`${Math.max(0, piece.length - 3).toString(16)}\r\n`), piece]),
      (piece: Buffer) => Buffer.concat([Buffer.from("ffffffffffffffff\r\n"), piece, Buffer.from("\r\n")]),
      (piece: Buffer) => Buffer.concat([Buffer.from(`-${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]),
      (piece: Buffer) =>
        Buffer.concat([Buffer.from(`${piece.length.toString(16)};ext="\u0000"\r\n`), piece, Buffer.from("\r\n")]),
      (piece: Buffer) => Buffer.concat([Buffer.from(`${piece.length.toString(16)}\n`), piece, Buffer.from("\n")]),
    ]);
    const end = pick(r, ["0\r\n\r\n", "0\r\nX-Trailer: \u0000\r\n\r\n", "", "0\r\n", "1\r\n"]);
    return {
      name: "chunked framing that lies",
      headers: { "Content-Type": MULTIPART, "Transfer-Encoding": "chunked" },
      body: chunked(pieces, lie, end),
    };
  },
  (r) => {
    const form = validForm();
    const cut = form.subarray(0, Math.floor(r() * form.length));
    const pieces: Buffer[] = [];
    for (let at = 0; at < cut.length; at += 1 + Math.floor(r() * 64)) pieces.push(cut.subarray(at, at + 64));
    const end = pick(r, ["0\r\n\r\n", ""]);
    return {
      name: `chunked multipart cut at ${cut.length}${end ? "" : ", no last chunk"}`,
      headers: { "Content-Type": MULTIPART, "Transfer-Encoding": "chunked" },
      body: chunked(pieces, honestChunk, end),
    };
  },
  (r) => {
    const body = validForm();
    const headers = pick<Record<string, string | number>>(r, [
      { "Content-Type": MULTIPART, "Content-Length": body.length, "Transfer-Encoding": "chunked" },
      { "Content-Type": MULTIPART, "Transfer-Encoding": "gzip, chunked" },
      { "Content-Type": MULTIPART, "Transfer-Encoding": "identity" },
      { "Content-Type": MULTIPART, "Content-Length": `${body.length}, ${body.length}` },
      { "Content-Type": MULTIPART, "Content-Length": "-1" },
      { "Content-Type": MULTIPART, "Content-Length": "1e3" },
      { "Content-Type": MULTIPART, "Content-Encoding": "gzip", "Content-Length": body.length },
    ]);
    return { name: `framing headers ${JSON.stringify(headers).slice(0, 80)}`, headers, body };
  },
];

export function malformedBodies(count: number, seed = Number(process.env.FUZZ_SEED ?? 20_261_129)): MalformedBody[] {
  const r = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const made = (makers[i % makers.length] as Maker)(r);
    return { ...made, name: `#${i} ${made.name}` };
  });
}
