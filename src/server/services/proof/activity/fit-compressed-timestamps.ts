import { CrcCalculator } from "@garmin/fitsdk";

/**
 * Garmin's SDK refuses a FIT record with a compressed timestamp header ("not currently supported"), which older
 * watches (Forerunner 70, 405, 310XT…) write for every track point (issue 38 row 2). Rather than trade the SDK for a
 * less kept reader, this rewrites such a file into the plain form the SDK reads: each compressed record becomes a
 * normal one whose definition carries the timestamp (field 253) it stood for, and the sizes and CRCs are made anew.
 * The caller has checked the file's integrity first: this trusts nothing more than the sizes it walks.
 */

const COMPRESSED = 0x80;
const DEFINITION = 0x40;
const DEVELOPER = 0x20;
const TIMESTAMP_FIELD = 253;
const UINT32 = 0x86;
/** A compressed record grows by a timestamp and, at worst, a definition before it: far below this, for a real file. */
const MAX_GROWTH = 4;

type Definition = {
  /** The definition record as the file wrote it, header byte included. */
  bytes: Uint8Array;
  littleEndian: boolean;
  /** The size of the data record's fields before any developer field, and the whole record's. */
  fieldBytes: number;
  recordBytes: number;
  /** Where field 253 sits in a data record, if the definition has one. */
  timestampAt: number | null;
};

class Malformed extends Error {}

function readDefinition(bytes: Uint8Array, at: number): { definition: Definition; end: number } {
  const header = bytes[at]!;
  const littleEndian = bytes[at + 2] === 0;
  const fields = bytes[at + 5]!;
  let end = at + 6 + fields * 3;
  let fieldBytes = 0;
  let timestampAt: number | null = null;
  for (let i = 0; i < fields; i++) {
    const field = at + 6 + i * 3;
    if (bytes[field] === TIMESTAMP_FIELD && bytes[field + 1] === 4) timestampAt = fieldBytes;
    fieldBytes += bytes[field + 1]!;
  }
  let recordBytes = fieldBytes;
  if (header & DEVELOPER) {
    const developerFields = bytes[end]!;
    for (let i = 0; i < developerFields; i++) recordBytes += bytes[end + 1 + i * 3 + 1]!;
    end += 1 + developerFields * 3;
  }
  if (end > bytes.length) throw new Malformed();
  return { definition: { bytes: bytes.subarray(at, end), littleEndian, fieldBytes, recordBytes, timestampAt }, end };
}

/** The definition with field 253 (a uint32) added after its own fields, before any developer field. */
function withTimestamp(definition: Definition, localType: number): Uint8Array {
  const { bytes } = definition;
  const fields = bytes[5]!;
  const out = new Uint8Array(bytes.length + 3);
  out.set(bytes.subarray(0, 6 + fields * 3));
  out[0] = DEFINITION | (bytes[0]! & DEVELOPER) | localType;
  out[5] = fields + 1;
  out.set([TIMESTAMP_FIELD, 4, UINT32], 6 + fields * 3);
  out.set(bytes.subarray(6 + fields * 3), 9 + fields * 3);
  return out;
}

class Output {
  private buffer: Uint8Array;
  length = 0;
  constructor(private readonly limit: number) {
    this.buffer = new Uint8Array(Math.min(limit, 1024 * 1024));
  }
  push(bytes: Uint8Array | number[]) {
    const needed = this.length + bytes.length;
    if (needed > this.limit) throw new Malformed();
    if (needed > this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buffer.length * 2)));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length = needed;
  }
  set16(at: number, value: number) {
    this.buffer[at] = value & 0xff;
    this.buffer[at + 1] = value >> 8;
  }
  set32(at: number, value: number) {
    new DataView(this.buffer.buffer, this.buffer.byteOffset).setUint32(at, value, true);
  }
  slice(from: number, to = this.length) {
    return this.buffer.subarray(from, to);
  }
  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

/** One FIT file of a chain (a file may be several, one after another), rewritten from `at` into `out`. */
function rewriteFile(bytes: Uint8Array, at: number, out: Output): number {
  const headerSize = bytes[at]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const dataEnd = at + headerSize + view.getUint32(at + 4, true);
  if (headerSize < 12 || dataEnd + 2 > bytes.length) throw new Malformed();
  const start = out.length;
  out.push(bytes.subarray(at, at + headerSize));
  const definitions: Array<Definition | undefined> = [];
  /** Which local types have the timestamped definition in force in the output. */
  const stamped: boolean[] = [];
  let lastTimestamp: number | null = null;
  let i = at + headerSize;
  while (i < dataEnd) {
    const header = bytes[i]!;
    if (header & COMPRESSED) {
      const localType = (header >> 5) & 0x3;
      const definition = definitions[localType];
      if (!definition || lastTimestamp == null || i + 1 + definition.recordBytes > dataEnd) throw new Malformed();
      const offset = header & 0x1f;
      // Five bits of seconds, counted on from the last full timestamp: a wrap past 31 adds 32.
      lastTimestamp = lastTimestamp + ((offset - lastTimestamp) & 0x1f);
      if (!stamped[localType]) out.push(withTimestamp(definition, localType));
      stamped[localType] = true;
      const body = bytes.subarray(i + 1, i + 1 + definition.recordBytes);
      const stamp = new Uint8Array(4);
      new DataView(stamp.buffer).setUint32(0, lastTimestamp >>> 0, definition.littleEndian);
      out.push([localType]);
      out.push(body.subarray(0, definition.fieldBytes));
      out.push(stamp);
      out.push(body.subarray(definition.fieldBytes));
      i += 1 + definition.recordBytes;
    } else if (header & DEFINITION) {
      const { definition, end } = readDefinition(bytes, i);
      definitions[header & 0xf] = definition;
      stamped[header & 0xf] = false;
      out.push(definition.bytes);
      i = end;
    } else {
      const localType = header & 0xf;
      const definition = definitions[localType];
      if (!definition) throw new Malformed();
      if (stamped[localType]) out.push(definition.bytes);
      stamped[localType] = false;
      const end = i + 1 + definition.recordBytes;
      if (end > dataEnd) throw new Malformed();
      if (definition.timestampAt != null) {
        lastTimestamp = new DataView(bytes.buffer, bytes.byteOffset).getUint32(
          i + 1 + definition.timestampAt,
          definition.littleEndian,
        );
      }
      out.push(bytes.subarray(i, end));
      i = end;
    }
  }
  if (i !== dataEnd) throw new Malformed();
  out.set32(start + 4, out.length - start - headerSize);
  if (headerSize >= 14) out.set16(start + 12, CrcCalculator.calculateCRC(out.slice(start, start + 12), 0, 12));
  out.push([0, 0]);
  out.set16(out.length - 2, CrcCalculator.calculateCRC(out.slice(start, out.length - 2), 0, out.length - 2 - start));
  return dataEnd + 2;
}

/** Whether any record of the file (a chain of files included) has a compressed timestamp header. */
function hasCompressedTimestamps(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  let at = 0;
  while (at + 12 <= bytes.length) {
    const headerSize = bytes[at]!;
    const dataEnd = at + headerSize + view.getUint32(at + 4, true);
    if (headerSize < 12 || dataEnd + 2 > bytes.length) return false;
    const definitions: Array<Definition | undefined> = [];
    let i = at + headerSize;
    while (i < dataEnd) {
      const header = bytes[i]!;
      if (header & COMPRESSED) return true;
      if (header & DEFINITION) {
        const { definition, end } = readDefinition(bytes, i);
        definitions[header & 0xf] = definition;
        i = end;
      } else {
        const definition = definitions[header & 0xf];
        if (!definition) return false;
        i += 1 + definition.recordBytes;
      }
    }
    at = dataEnd + 2;
  }
  return false;
}

/**
 * The file with every compressed timestamp record expanded, or the same bytes when it has none; null when its records
 * do not walk to its stated sizes (the SDK would refuse it anyway).
 */
export function expandCompressedTimestamps(bytes: Uint8Array): Uint8Array | null {
  try {
    if (!hasCompressedTimestamps(bytes)) return bytes;
    const out = new Output(bytes.length * MAX_GROWTH);
    let at = 0;
    while (at + 12 <= bytes.length) at = rewriteFile(bytes, at, out);
    return out.bytes();
  } catch (error) {
    if (error instanceof Malformed || error instanceof RangeError) return null;
    throw error;
  }
}
