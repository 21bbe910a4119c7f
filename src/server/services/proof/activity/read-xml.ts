import { SaxesParser, type SaxesTagPlain } from "saxes";
import { MAX_ACTIVITY_POINTS } from "#shared/proof/rules.ts";
import { declaredSport } from "./declared-sport.ts";
import { xmlEncodingOf } from "./detect-format.ts";
import type { Leg, PointsReading, TrackPoint } from "./track-point.ts";

const ROOTS = { gpx: "gpx", tcx: "TrainingCenterDatabase" } as const;
/** A recorded point: GPX's track and route points (a route's have no time), TCX's trackpoints of every lap and course. */
const POINT_ELEMENTS = { gpx: new Set(["trkpt", "rtept"]), tcx: new Set(["Trackpoint"]) } as const;

/**
 * What a GPX or TCX from any watch or app stays far inside: a trackpoint with extensions is 8 levels deep and has 2
 * attributes. A file beyond them is built to cost the server, not written by a device, and is refused as damaged.
 */
const MAX_DEPTH = 64;
const MAX_ATTRIBUTES = 64;
/** A time or a number is a few dozen characters; the text of a field beyond this cannot be one (and is not kept). */
const MAX_FIELD_CHARS = 64;
/** Laps or tracks: a 24-hour race in 100 m laps has fewer; more is a file built to fill memory, refused as damaged. */
const MAX_LEGS = 10_000;
/** The decoder and the parser take the file in pieces of this many bytes: the whole text never exists at once. */
const CHUNK_BYTES = 64 * 1024;
/**
 * A text, comment, CDATA section, processing instruction, attribute value or name: a description a writer adds is a
 * few hundred characters, a time or a number a few dozen. Longer, it is padding built to cost the server (issue 52
 * row 10: a 9 MB comment of "-x" inside `<trkseg>`, which saxes builds two characters at a time, took 1.8 s and
 * 250 MB), and the file is refused as damaged while the parser is still in it, before it is whole.
 */
const MAX_TEXT_CHARS = 64 * 1024;

/**
 * What saxes holds of the text, comment, CDATA, instruction, attribute value or name it is in the middle of. Not in
 * its typed API: read so that one longer than MAX_TEXT_CHARS is refused after the piece it grew in, not at its end.
 * (The test of a padded file fails if saxes keeps them elsewhere.)
 */
function pendingChars(parser: SaxesParser): number {
  const { text, name } = parser as unknown as { text?: unknown; name?: unknown };
  return (typeof text === "string" ? text.length : 0) + (typeof name === "string" ? name.length : 0);
}

type Field = "time" | "lat" | "lon" | "distance";
/** What a leg's own elements hold: a TCX lap's totals, a GPX track's sport. */
type LegField = "distance" | "timerSeconds" | "sport";
/** The element that opens a leg, and the leg's fields among its children. */
const LEG_ELEMENTS = { gpx: "trk", tcx: "Lap" } as const;
const LEG_FIELDS: Record<"gpx" | "tcx", Record<string, LegField>> = {
  gpx: { type: "sport" },
  tcx: { DistanceMeters: "distance", TotalTimeSeconds: "timerSeconds" },
};
type Refusal = Exclude<PointsReading, { ok: true }>["code"];

class Refused extends Error {
  constructor(readonly code: Refusal) {
    super(code);
  }
}

/** `gpxtpx:hr` and `hr` alike: a prefix is the writer's choice, and some converters use one they never declare. */
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

function numberOf(text: string | null): number | null {
  if (text == null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function timeOf(text: string | null): number | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const time = Date.parse(trimmed);
  return Number.isFinite(time) ? time : null;
}

/**
 * Which of a point's fields an element inside it holds, by its path from the point: GPX's `time` (lat and lon are the
 * point's attributes), TCX's `Time`, `DistanceMeters` and `Position/LatitudeDegrees`, `Position/LongitudeDegrees`.
 */
function fieldOf(format: "gpx" | "tcx", path: readonly string[]): Field | null {
  if (format === "gpx") return path.length === 1 && path[0] === "time" ? "time" : null;
  if (path.length === 1) return path[0] === "Time" ? "time" : path[0] === "DistanceMeters" ? "distance" : null;
  if (path.length === 2 && path[0] === "Position") {
    return path[1] === "LatitudeDegrees" ? "lat" : path[1] === "LongitudeDegrees" ? "lon" : null;
  }
  return null;
}

/** The bytes as text, piece by piece. */
function* textPieces(bytes: Uint8Array): Generator<string> {
  const decoder = new TextDecoder(xmlEncodingOf(bytes));
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    yield decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true });
  }
  yield decoder.decode();
}

/**
 * The points of a GPX or TCX file: every track, segment, lap and route, in document order, each point with its own
 * time (or none). Read as a stream of tags (saxes, a strict XML parser) rather than built into a document first: a
 * 10 MB file from a watch reads in a fraction of a second and in memory for its points alone, where a DOM (xmldom)
 * took seconds and hundreds of megabytes. Past MAX_ACTIVITY_POINTS points the file is refused as too long, past the
 * depth, attribute and text budgets as damaged. saxes expands no entity a DTD declares and fetches nothing: `&lol9;` or
 * `&xxe;` is an undefined entity, an error, so a "billion laughs" file costs its own size and reads as damaged.
 */
export function readXmlPoints(bytes: Uint8Array, format: "gpx" | "tcx"): PointsReading {
  const points: TrackPoint[] = [];
  const legs: Leg[] = [];
  /** The open leg's depth, and the field of it being read (the text goes in fieldText, as a point's does). */
  let legDepth = 0;
  let legField: LegField | null = null;
  /** TCX's `Activity Sport="…"`, which each of its laps (and a multi-sport session's) takes. */
  let activitySport: Leg["sport"] = null;
  const parser = new SaxesParser({ xmlns: false, position: false });
  let depth = 0;
  let rootChecked = false;
  /** The open point: its depth, its fields so far, and the path of names from it to the element open inside it. */
  let point: (TrackPoint & { depth: number }) | null = null;
  const path: string[] = [];
  let field: Field | null = null;
  let fieldDepth = 0;
  let fieldText = "";

  const withinBudget = (text: string) => {
    if (text.length > MAX_TEXT_CHARS) throw new Refused("corrupt");
  };
  const addText = (text: string) => {
    withinBudget(text);
    if ((field || legField) && fieldText.length <= MAX_FIELD_CHARS) fieldText += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("comment", withinBudget);
  parser.on("processinginstruction", ({ body }) => withinBudget(body));
  parser.on("opentag", (tag: SaxesTagPlain) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new Refused("corrupt");
    let attributes = 0;
    for (const _ in tag.attributes) if (++attributes > MAX_ATTRIBUTES) throw new Refused("corrupt");
    const name = localName(tag.name);
    if (!rootChecked) {
      // The prolog looked like this format; a root of another name behind it is not a file any app writes.
      if (name !== ROOTS[format]) throw new Refused("corrupt");
      rootChecked = true;
    }
    if (!point) {
      if (format === "tcx" && name === "Activity") activitySport = declaredSport(tag.attributes.Sport, "free");
      if (name === LEG_ELEMENTS[format]) {
        if (legs.length >= MAX_LEGS) throw new Refused("corrupt");
        legs.push({ sport: format === "tcx" ? activitySport : null, distance: null, timerSeconds: null });
        legDepth = depth;
      } else if (legDepth > 0 && depth === legDepth + 1 && Object.hasOwn(LEG_FIELDS[format], name)) {
        legField = LEG_FIELDS[format][name]!;
        fieldText = "";
      }
      if (!POINT_ELEMENTS[format].has(name)) return;
      if (points.length >= MAX_ACTIVITY_POINTS) throw new Refused("tooManyPoints");
      point = { depth, time: null, lat: null, lon: null, distance: null, leg: legDepth > 0 ? legs.length - 1 : null };
      if (format === "gpx") {
        point.lat = numberOf(tag.attributes.lat ?? null);
        point.lon = numberOf(tag.attributes.lon ?? null);
      }
      return;
    }
    path.push(name);
    if (field) return;
    field = fieldOf(format, path);
    fieldDepth = depth;
    fieldText = "";
  });
  parser.on("closetag", () => {
    if (legField && !point && depth === legDepth + 1) {
      const leg = legs[legs.length - 1]!;
      const text = fieldText.length > MAX_FIELD_CHARS ? null : fieldText;
      if (legField === "sport") leg.sport = declaredSport(text?.trim(), "free");
      else leg[legField] = numberOf(text);
      legField = null;
    }
    if (!point && depth === legDepth) legDepth = 0;
    if (point && field && depth === fieldDepth) {
      // Beyond MAX_FIELD_CHARS the text is no time nor number of any device's.
      const text = fieldText.length > MAX_FIELD_CHARS ? null : fieldText;
      if (field === "time") point.time = timeOf(text);
      else point[field] = numberOf(text);
      field = null;
    }
    if (point && depth === point.depth) {
      const { depth: _, ...done } = point;
      points.push(done);
      point = null;
      path.length = 0;
    } else if (point) path.pop();
    depth -= 1;
  });

  try {
    let first = true;
    for (let text of textPieces(bytes)) {
      // Strava's TCX exports start with spaces before `<?xml`, which XML forbids; nothing else is lost by skipping them.
      if (first) {
        text = text.replace(/^\uFEFF?[ \t\r\n]+/, "");
        if (text === "") continue;
        first = false;
      }
      parser.write(text);
      if (pendingChars(parser) > MAX_TEXT_CHARS) throw new Refused("corrupt");
    }
    parser.close();
  } catch (error) {
    return { ok: false, code: error instanceof Refused ? error.code : "corrupt" };
  }
  if (!rootChecked) return { ok: false, code: "corrupt" };
  return { ok: true, points, legs };
}
