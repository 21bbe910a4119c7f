import { DOMParser, type Element as XmlElement, type Node as XmlNode } from "@xmldom/xmldom";
import { decodeXmlText } from "./detect-format.ts";
import type { PointsReading, TrackPoint } from "./track-point.ts";

const ROOTS = { gpx: "gpx", tcx: "TrainingCenterDatabase" } as const;
/** A recorded point: GPX's track and route points (a route's have no time), TCX's trackpoints of every lap and course. */
const POINT_ELEMENTS = { gpx: new Set(["trkpt", "rtept"]), tcx: new Set(["Trackpoint"]) } as const;

/**
 * xmldom 0.9 takes some 4 µs per element however small (it builds a regular expression for every end tag), so 10 MB of
 * `<a/>` would hold the server for 12 seconds. A real file has far fewer tags for its size: a trackpoint with time,
 * position, heart rate, cadence and Garmin's speed extension is 28 tags in 370 bytes, 800 000 in 10 MB.
 */
const MAX_TAGS = 1_000_000;

function tagCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf("<"); at >= 0 && count <= MAX_TAGS; at = text.indexOf("<", at + 1)) count++;
  return count;
}

/**
 * xmldom never reads a DTD's entity declarations nor fetches an external entity: `&lol9;` or `&xxe;` is an "entity not
 * found" error, which (as every error, not only the fatal ones) ends parsing here. So a "billion laughs" file costs its
 * own size and is refused as damaged. The locator (a line and column on every node) is left out: it is only for
 * messages, and costs time and memory on a 10 MB file.
 */
function parseXml(text: string) {
  const parser = new DOMParser({
    locator: false,
    onError: (level, message) => {
      if (level !== "warning") throw new Error(message);
    },
  });
  return parser.parseFromString(text, "text/xml");
}

function isElement(node: XmlNode): node is XmlElement {
  return node.nodeType === node.ELEMENT_NODE;
}

/**
 * The elements of these local names under `root`, in document order, without descending into them. A loop over
 * siblings and parents, not recursion: a file nested a million deep costs time in proportion, not the stack.
 */
function elementsNamed(root: XmlNode, names: ReadonlySet<string>): XmlElement[] {
  const found: XmlElement[] = [];
  let node: XmlNode | null = root.firstChild;
  while (node) {
    const match = isElement(node) && names.has(node.localName ?? "");
    if (match) found.push(node as XmlElement);
    if (!match && node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    node = node && node !== root ? node.nextSibling : null;
  }
  return found;
}

function child(element: XmlElement | null, name: string): XmlElement | null {
  for (let node = element?.firstChild ?? null; node; node = node.nextSibling) {
    if (isElement(node) && node.localName === name) return node;
  }
  return null;
}

function numberOf(text: string | null | undefined): number | null {
  if (text == null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function timeOf(element: XmlElement | null): number | null {
  const text = element?.textContent?.trim();
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : null;
}

function gpxPoint(point: XmlElement): TrackPoint {
  return {
    time: timeOf(child(point, "time")),
    lat: numberOf(point.getAttribute("lat")),
    lon: numberOf(point.getAttribute("lon")),
    distance: null,
  };
}

/** A TCX trackpoint without a position (a treadmill, an indoor run) still has its time and the distance so far. */
function tcxPoint(point: XmlElement): TrackPoint {
  const position = child(point, "Position");
  return {
    time: timeOf(child(point, "Time")),
    lat: numberOf(child(position, "LatitudeDegrees")?.textContent),
    lon: numberOf(child(position, "LongitudeDegrees")?.textContent),
    distance: numberOf(child(point, "DistanceMeters")?.textContent),
  };
}

/**
 * The points of a GPX or TCX file: every track, segment, lap and route, in document order, each point with its own
 * time (or none). The document is xmldom's; the points are read from it directly rather than through togeojson, which
 * took 3.3 of 5.5 seconds on a 10 MB GPX (it finds each child by searching the point's whole subtree, and reads the
 * whole track several times over for its properties), pairs times with positions by count (one point without a time
 * shifts every later time onto the wrong position), and drops a treadmill's trackpoints, which have no position.
 */
export function readXmlPoints(bytes: Uint8Array, format: "gpx" | "tcx"): PointsReading {
  const text = decodeXmlText(bytes);
  if (tagCount(text) > MAX_TAGS) return { ok: false, code: "corrupt" };
  let document: ReturnType<typeof parseXml>;
  try {
    document = parseXml(text);
  } catch {
    return { ok: false, code: "corrupt" };
  }
  const root = document.documentElement;
  // The prolog looked like this format; a root of another name behind it is not a file any app writes.
  if (!root || root.localName !== ROOTS[format]) return { ok: false, code: "corrupt" };
  const read = format === "gpx" ? gpxPoint : tcxPoint;
  return { ok: true, points: elementsNamed(root, POINT_ELEMENTS[format]).map(read) };
}
