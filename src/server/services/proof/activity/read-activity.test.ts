import { readFileSync } from "node:fs";
import { CrcCalculator, Encoder, type Mesg, Profile, Utils } from "@garmin/fitsdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActivityReading, ProofErrorCode } from "#shared/proof/contracts.ts";
import { MAX_ACTIVITY_POINTS, proofMessages, ROUTE_MAX_POINTS, wholeMinutes } from "#shared/proof/rules.ts";
import { gpxOfSize } from "#tests/support/activity-files.ts";
import { fuzzParameters } from "#tests/support/fuzz.ts";
import { haversineMeters } from "./geo.ts";
import { readActivity } from "./read-activity.ts";

// Over 400 lines and one job: every activity file format read against the same fixtures and the same totals.

/** tests/fixtures/activity, written by its make-fixtures.ts: every activity there starts at 2026-03-14T08:00:00Z. */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../../tests/fixtures/activity/${name}`, import.meta.url)));

const START = Date.parse("2026-03-14T08:00:00Z");
/** Two days after the fixtures: never today's date. */
const NOW = new Date("2026-03-16T12:00:00Z");
const ORIGIN = { lat: 46.2044, lon: 6.1432 };
const METERS_PER_DEGREE = 111_195;
const CODES: ProofErrorCode[] = [
  "notActivity",
  "corrupt",
  "noTimes",
  "tooFewPoints",
  "tooOld",
  "inFuture",
  "tooFast",
  "tooManyPoints",
];

/** The SDK types its message numbers as any string's; these are in every profile. */
const MesgNum = Profile.MesgNum as Record<"FILE_ID" | "RECORD", number>;
/** The SDK types its enumerated fields as numbers, yet its Encoder takes the profile's names, as its README does. */
const mesg = (fields: Record<string, unknown>) => fields as Mesg;

const text = (value: string) => new TextEncoder().encode(value);

async function read(bytes: Uint8Array, options: { now?: Date; runningPace?: boolean } = {}) {
  return readActivity(bytes, { now: options.now ?? NOW, runningPace: options.runningPace ?? true });
}

async function activity(
  bytes: Uint8Array,
  options: { now?: Date; runningPace?: boolean } = {},
): Promise<ActivityReading> {
  const result = await read(bytes, options);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.activity;
}

async function code(bytes: Uint8Array, options: { now?: Date; runningPace?: boolean } = {}) {
  const result = await read(bytes, options);
  return result.ok ? "ok" : result.code;
}

type Point = { second?: number; east: number; north: number };

/** A GPX of points given in seconds from START and metres from ORIGIN, one track segment per array. */
function gpx(...segments: Point[][]): Uint8Array {
  const east = METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180);
  const trkpt = (p: Point) =>
    `<trkpt lat="${(ORIGIN.lat + p.north / METERS_PER_DEGREE).toFixed(7)}" lon="${(ORIGIN.lon + p.east / east).toFixed(7)}">` +
    (p.second == null ? "" : `<time>${new Date(START + p.second * 1000).toISOString()}</time>`) +
    "</trkpt>";
  const body = segments.map((segment) => `<trkseg>${segment.map(trkpt).join("\n")}</trkseg>`).join("");
  return text(
    `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>${body}</trk></gpx>`,
  );
}

/** Points every `every` seconds from `from` to `to`, heading east at `speed` m/s from `east`. */
function stretch(from: number, to: number, speed: number, east = 0, every = 5): Point[] {
  const points: Point[] = [];
  for (let second = from; second <= to; second += every)
    points.push({ second, east: east + (second - from) * speed, north: 0 });
  return points;
}

/** A genuine FIT file, with the CRCs the SDK checks, around any data records. */
function fitFile(data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(14 + data.length + 2);
  const view = new DataView(bytes.buffer);
  bytes.set([14, 0x20], 0);
  view.setUint16(2, 2199, true);
  view.setUint32(4, data.length, true);
  bytes.set(text(".FIT"), 8);
  view.setUint16(12, CrcCalculator.calculateCRC(bytes, 0, 12), true);
  bytes.set(data, 14);
  view.setUint16(14 + data.length, CrcCalculator.calculateCRC(bytes, 0, 14 + data.length), true);
  return bytes;
}

function expectShapeOnly(route: ActivityReading["route"], eastWest: number, northSouth: number) {
  expect(route.length).toBeGreaterThan(10);
  expect(route.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
  for (const [x, y] of route) {
    expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThanOrEqual(eastWest + 2);
    expect(y).toBeLessThanOrEqual(northSouth + 2);
  }
}

/** The east-west and north-south size in metres of a GPX's points, from its own latitudes and longitudes. */
function extentOf(gpxText: string) {
  const lats = [...gpxText.matchAll(/lat="([-\d.]+)"/g)].map((m) => Number(m[1]));
  const lons = [...gpxText.matchAll(/lon="([-\d.]+)"/g)].map((m) => Number(m[1]));
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  return {
    eastWest: haversineMeters((south + north) / 2, west, (south + north) / 2, east),
    northSouth: haversineMeters(south, west, north, west),
  };
}

describe("readActivity: the 70-minute run, as GPX, TCX and FIT", () => {
  for (const name of ["run.gpx", "run.tcx", "run.fit"]) {
    it(`reads ${name}: 70 minutes in motion, about 11 km, the shape of the route`, async () => {
      const run = await activity(fixture(name));
      expect(run.format).toBe(name.split(".")[1]);
      expect(run.startedAt).toBe("2026-03-14T08:00:00.000Z");
      expect(run.elapsedSeconds).toBe(4200);
      // A 25-second stop at a traffic light is moving time; the fix thrown 70 m off does not make it "too fast".
      expect(Math.abs(run.movingSeconds - 4200)).toBeLessThanOrEqual(5);
      expect(wholeMinutes(run.movingSeconds)).toBe(70);
      expect(run.distanceMeters).toBeGreaterThan(10_800);
      expect(run.distanceMeters).toBeLessThan(11_400);
      expect(run.paceSecondsPerKm).toBe(Math.round(run.movingSeconds / (run.distanceMeters / 1000)));
      expect(run.route.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
    });
  }

  it("reads the same figures and route from all three formats", async () => {
    const [fromGpx, fromTcx, fromFit] = await Promise.all(
      ["run.gpx", "run.tcx", "run.fit"].map((n) => activity(fixture(n))),
    );
    // TCX and FIT carry the device's own totals (issue 38), which their track agrees with: those are read. The GPX has
    // none, so its track is measured, GPS noise and all: within 2 % of the device's distance, the same moving time.
    expect(fromTcx).toMatchObject({ measuredBy: "device", route: fromGpx!.route });
    expect(fromFit).toMatchObject({ measuredBy: "device", movingSeconds: fromTcx!.movingSeconds });
    expect(Math.abs(fromFit!.distanceMeters - fromTcx!.distanceMeters)).toBeLessThanOrEqual(1);
    expect(fromGpx!.measuredBy).toBe("track");
    expect(Math.abs(fromGpx!.distanceMeters / fromTcx!.distanceMeters - 1)).toBeLessThan(0.02);
    expect(Math.abs(fromGpx!.movingSeconds - fromTcx!.movingSeconds)).toBeLessThanOrEqual(5);
  });

  it("keeps the route's shape only: whole metres from its south-west corner, within its own extent", async () => {
    const gpxText = new TextDecoder().decode(fixture("run.gpx"));
    const { eastWest, northSouth } = extentOf(gpxText);
    const { route } = await activity(fixture("run.gpx"));
    expectShapeOnly(route, eastWest, northSouth);
    // It touches both axes and spans the route: the whole shape, from its own corner.
    expect(Math.min(...route.map(([x]) => x))).toBe(0);
    expect(Math.min(...route.map(([, y]) => y))).toBe(0);
    expect(Math.max(...route.map(([x]) => x))).toBeGreaterThan(eastWest - 20);
    expect(Math.max(...route.map(([, y]) => y))).toBeGreaterThan(northSouth - 20);
  });

  it("refuses a run that starts more than 5 minutes in the future, or more than 7 days ago", async () => {
    const bytes = fixture("run.gpx");
    expect(await code(bytes, { now: new Date("2026-03-14T07:54:59Z") })).toBe("inFuture");
    expect(await code(bytes, { now: new Date("2026-03-14T07:56:00Z") })).toBe("ok");
    expect(await code(bytes, { now: new Date("2026-03-21T07:59:00Z") })).toBe("ok");
    expect(await code(bytes, { now: new Date("2026-03-21T08:00:01Z") })).toBe("tooOld");
  });
});

describe("readActivity: pauses, rides and treadmills", () => {
  it("leaves the 3-minute standstill and the 10-minute gap out of the paused run's moving time", async () => {
    const run = await activity(fixture("paused-run.gpx"));
    expect(run.elapsedSeconds).toBe(4380);
    // 60 minutes of running; the few seconds of running inside the gap's one step are lost with it.
    expect(Math.abs(run.movingSeconds - 3600)).toBeLessThanOrEqual(15);
    expect(wholeMinutes(run.movingSeconds)).toBeGreaterThanOrEqual(59);
    expect(run.distanceMeters).toBeGreaterThan(3600 * 2.7 - 150);
    expect(run.distanceMeters).toBeLessThan(3600 * 2.7 + 150);
  });

  it("refuses the 40 km/h ride only where a running pace is asked for", async () => {
    const ride = await activity(fixture("ride.gpx"), { runningPace: false });
    expect(ride.movingSeconds).toBe(3600);
    expect(ride.distanceMeters).toBeGreaterThan(39_000);
    expect(ride.distanceMeters).toBeLessThan(41_000);
    expect(ride.paceSecondsPerKm).toBeLessThan(100);
    expect(await code(fixture("ride.gpx"), { runningPace: true })).toBe("tooFast");
  });

  it("refuses a run with a drive in the middle: its median pace is a run's, its top speed is not", async () => {
    const driven = gpx([
      ...stretch(0, 1800, 2.7),
      ...stretch(1805, 1980, 60 / 3.6, 4860),
      ...stretch(1985, 3800, 2.7, 7800),
    ]);
    expect(await code(driven, { runningPace: false })).toBe("ok");
    expect(await code(driven, { runningPace: true })).toBe("tooFast");
  });

  it("reads a treadmill FIT from the distance its device counted, without a route", async () => {
    const treadmill = await activity(fixture("treadmill.fit"));
    expect(treadmill).toMatchObject({ format: "fit", movingSeconds: 2700, distanceMeters: 7560, route: [] });
  });

  it("reads a treadmill TCX (trackpoints without a position) the same way", async () => {
    const trackpoints = Array.from(
      { length: 500 },
      (_, i) =>
        `<Trackpoint><Time>${new Date(START + i * 5000).toISOString()}</Time>` +
        `<DistanceMeters>${(i * 14).toFixed(1)}</DistanceMeters><HeartRateBpm><Value>150</Value></HeartRateBpm></Trackpoint>`,
    ).join("");
    const tcx = text(
      '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>' +
        `<Activity Sport="Running"><Lap StartTime="x"><Track>${trackpoints}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`,
    );
    expect(await activity(tcx)).toMatchObject({ format: "tcx", movingSeconds: 2495, distanceMeters: 6986, route: [] });
  });

  it("finds no movement in a file with times but neither positions nor distances, nor in an hour standing still", async () => {
    const heartOnly = Array.from(
      { length: 200 },
      (_, i) =>
        `<Trackpoint><Time>${new Date(START + i * 5000).toISOString()}</Time><HeartRateBpm><Value>90</Value></HeartRateBpm></Trackpoint>`,
    ).join("");
    expect(
      await code(text(`<TrainingCenterDatabase><Lap><Track>${heartOnly}</Track></Lap></TrainingCenterDatabase>`)),
    ).toBe("notMoving");
    const jitter = (second: number) => ({
      second,
      east: 3 * Math.sin(second * 7.1),
      north: 3 * Math.cos(second * 3.3),
    });
    expect(await code(gpx(Array.from({ length: 720 }, (_, i) => jitter(i * 5))))).toBe("notMoving");
  });
});

describe("readActivity: the sport the file declares, and a slow limit for one that declares none (issue 38)", () => {
  /** Half an hour of a beginner's run/walk: a minute's jog at 8:46 /km, ninety seconds' walk at 11:54 /km. */
  const runWalk = () => {
    const points: Point[] = [];
    let east = 0;
    for (let second = 0; second <= 1800; second += 5) {
      points.push({ second, east, north: 0 });
      east += (second % 150 < 60 ? 1.9 : 1.4) * 5;
    }
    return points;
  };
  const typed = (bytes: Uint8Array, type: string) =>
    text(new TextDecoder().decode(bytes).replace("<trk>", `<trk><type>${type}</type>`));

  it("refuses a file that says it is a ride, a swim, a paddle or a hike by name, whatever its pace", async () => {
    const run = gpx(stretch(0, 1800, 2.7));
    expect(await code(run)).toBe("ok");
    expect(await code(typed(run, "cycling"))).toBe("declaredRide");
    expect(await code(typed(run, "swimming"))).toBe("declaredSwim");
    expect(await code(typed(run, "stand_up_paddleboarding"))).toBe("declaredPaddle");
    expect(await code(typed(run, "hiking"))).toBe("declaredHike");
    const tcx = new TextDecoder().decode(fixture("run.tcx"));
    expect(await code(text(tcx.replace('Sport="Running"', 'Sport="Biking"')))).toBe("declaredRide");
    // Where no run is asked for (a milestone about riding), the ride is read.
    expect(await code(typed(run, "cycling"), { runningPace: false })).toBe("ok");
  });

  it("passes a beginner's run/walk and refuses a paddle's or a mountain walk's pace, unless the file says it is a run", async () => {
    expect(await code(gpx(runWalk()))).toBe("ok");
    // A walk is judged by its pace like a file that says nothing: a run/walk is often recorded as a walk.
    expect(await code(typed(gpx(runWalk()), "walking"))).toBe("ok");
    const paddle = gpx(stretch(0, 3600, 1000 / (16 * 60)));
    expect(await code(paddle)).toBe("tooSlow");
    expect(await code(typed(paddle, "walking"))).toBe("tooSlow");
    expect(await code(gpx(stretch(0, 3600, 1.1)))).toBe("tooSlow");
    // A run up a mountain at the same pace, recorded as a run, is believed.
    expect(await code(typed(gpx(stretch(0, 3600, 1.1)), "running"))).toBe("ok");
    expect(proofMessages.tooSlow).toContain("13:00 /km");
  });

  it("reads a multi-sport GPX for its running track only", async () => {
    const ride = stretch(0, 1800, 8).map((p) => ({ ...p, north: 5000 }));
    const run = stretch(2000, 3800, 2.7);
    const trk = (type: string, points: Point[]) =>
      new TextDecoder()
        .decode(gpx(points))
        .replace(/^.*<trk>/s, `<trk><type>${type}</type>`)
        .replace(/<\/gpx>$/, "");
    const both = text(`<gpx>${trk("cycling", ride)}${trk("running", run)}</gpx>`);
    const read = await activity(both);
    expect(read.startedAt).toBe(new Date(START + 2000 * 1000).toISOString());
    expect(Math.abs(read.distanceMeters - 1800 * 2.7)).toBeLessThan(60);
  });
});

describe("readActivity: how the points are gathered", () => {
  it("reads tracks in time order whatever their order in the file", async () => {
    const first = stretch(0, 2100, 2.7);
    const second = stretch(2105, 4200, 2.7, 2100 * 2.7 + 13.5);
    const inOrder = await activity(gpx(first, second));
    expect(await activity(gpx(second, first))).toEqual(inOrder);
    expect(inOrder.movingSeconds).toBe(4200);
  });

  it("keeps each time with its own point when one point of a segment has none", async () => {
    const points = stretch(0, 4200, 2.7);
    const missing = points.map((point, i) => (i === 400 ? { east: point.east, north: point.north } : point));
    const run = await activity(gpx(missing));
    expect(run.movingSeconds).toBe(4200);
    expect(run.distanceMeters).toBe(Math.round(4200 * 2.7));
  });

  it("refuses a file without times, with too few timed points, or with only a planned route", async () => {
    expect(await code(fixture("no-times.gpx"))).toBe("noTimes");
    expect(await code(fixture("twenty-points.gpx"))).toBe("tooFewPoints");
    const route = '<rte><rtept lat="46.2" lon="6.1"/><rtept lat="46.3" lon="6.2"/></rte>';
    expect(await code(text(`<gpx version="1.1">${route}</gpx>`))).toBe("noTimes");
    expect(await code(text('<gpx version="1.1"><wpt lat="46.2" lon="6.1"/></gpx>'))).toBe("tooFewPoints");
  });
});

describe("readActivity: files that are not activities, or are damaged", () => {
  it("refuses anything that is not GPX, TCX or FIT as notActivity, by its content", async () => {
    expect(await code(new Uint8Array())).toBe("notActivity");
    expect(await code(text("%PDF-1.7\n%âãÏÓ"))).toBe("notActivity");
    expect(await code(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(
      "notActivity",
    );
    expect(await code(text('{"type":"FeatureCollection","features":[]}'))).toBe("notActivity");
    expect(await code(text('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'))).toBe(
      "notActivity",
    );
    expect(await code(text("<!DOCTYPE html><html><body>run.gpx</body></html>"))).toBe("notActivity");
  });

  it("refuses a FIT file that is not an activity (a course) as notActivity", async () => {
    const encoder = new Encoder();
    const created = Utils.convertDateToDateTime(new Date(START));
    encoder.onMesg(
      MesgNum.FILE_ID,
      mesg({
        type: "course",
        manufacturer: "development",
        product: 1,
        timeCreated: created,
      }),
    );
    for (let i = 0; i < 100; i++) {
      encoder.onMesg(
        MesgNum.RECORD,
        mesg({
          timestamp: created + i * 5,
          positionLat: 551_000_000 + i * 1000,
          positionLong: 73_000_000,
          distance: i * 14,
        }),
      );
    }
    expect(await code(encoder.close())).toBe("notActivity");
  });

  it("refuses a damaged FIT (cut, or one byte changed) and broken XML of a known kind as corrupt", async () => {
    expect(await code(fixture("truncated.fit"))).toBe("corrupt");
    const fit = fixture("run.fit");
    fit[fit.length >> 1]! ^= 0x10;
    expect(await code(fit)).toBe("corrupt");
    const gpxBytes = fixture("run.gpx");
    expect(await code(gpxBytes.subarray(0, gpxBytes.length >> 1))).toBe("corrupt");
    expect(await code(text("<TrainingCenterDatabase><Activities></Activity></TrainingCenterDatabase>"))).toBe(
      "corrupt",
    );
    expect(await code(text('<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkseg></trk></gpx>'))).toBe("corrupt");
    expect(await code(text("<gpx><trk><name>A &amp B</name></trk></gpx>"))).toBe("corrupt");
  });

  it("expands no entity: a 'billion laughs' GPX and an external entity are refused at once", async () => {
    const entities = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? "" : i - 1};`.repeat(10)}">`);
    const laughs = `<?xml version="1.0"?><!DOCTYPE gpx [${entities.join("")}]><gpx><trk><name>&lol9;</name></trk></gpx>`;
    const external = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><trk><name>&xxe;</name></trk></gpx>`;
    const started = performance.now();
    expect(await code(text(laughs))).toBe("corrupt");
    expect(await code(text(external))).toBe("corrupt");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses files built to keep the server busy, quickly: a million XML tags, a million empty FIT messages", async () => {
    const started = performance.now();
    // Read as a stream, a million tags cost a fraction of a second: the file is what it is, a GPX without a point.
    expect(await code(text(`<gpx>${"<a/>".repeat(1_100_000)}</gpx>`))).toBe("tooFewPoints");
    // A definition of "record" with no field, then a one-byte message after another: 10 million empty records, stopped
    // at MAX_ACTIVITY_POINTS.
    const data = new Uint8Array(10 * 1024 * 1024 - 16);
    data.set([0x40, 0, 0, 20, 0, 0]);
    expect(await code(fitFile(data))).toBe("tooManyPoints");
    // Legs (issue 38) are bounded too: a million empty laps, or empty sessions each record would be matched against.
    expect(await code(text(`<TrainingCenterDatabase>${"<Lap/>".repeat(1_000_000)}</TrainingCenterDatabase>`))).toBe(
      "corrupt",
    );
    const sessions = new Uint8Array(1_000_000);
    sessions.set([0x40, 0, 0, 18, 0, 0]);
    expect(await code(fitFile(sessions))).toBe("corrupt");
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("readActivity: budgets of a file read as a stream (issue 41)", () => {
  const trkpt = (i: number) =>
    `<trkpt lat="${(ORIGIN.lat + i / 1e5).toFixed(7)}" lon="${ORIGIN.lon}"><time>${new Date(START + i * 1000).toISOString()}</time></trkpt>`;

  it("refuses a file of more than MAX_ACTIVITY_POINTS points with its own message, not as damaged", async () => {
    const points = `<trkpt lat="1" lon="1"/>`.repeat(MAX_ACTIVITY_POINTS + 1);
    expect(await code(text(`<gpx><trk><trkseg>${points}</trkseg></trk></gpx>`))).toBe("tooManyPoints");
    expect(proofMessages.tooManyPoints).toContain(MAX_ACTIVITY_POINTS.toLocaleString("en"));
  });

  it("refuses nesting and attributes no device writes as damaged, without building them", async () => {
    expect(await code(text(`<gpx>${"<a>".repeat(100_000)}`))).toBe("corrupt");
    const attributes = Array.from({ length: 100 }, (_, i) => `a${i}="1"`).join(" ");
    expect(await code(text(`<gpx><trk><trkseg><trkpt ${attributes}/></trkseg></trk></gpx>`))).toBe("corrupt");
  });

  it("reads what real writers produce: spaces before the XML declaration (Strava's TCX), an undeclared prefix, times in CDATA", async () => {
    const run = new TextDecoder().decode(fixture("run.tcx"));
    expect(await activity(text(`   \n  ${run}`))).toEqual(await activity(fixture("run.tcx")));
    // A byte-order mark before the spaces is left out as well.
    expect(await activity(text(`\uFEFF \r\n${run}`))).toEqual(await activity(fixture("run.tcx")));
    // The points move at a stroll (0.1 m/s), slower than any run: read without the running pace, as for a milestone
    // not about running, since what is tested here is how they are parsed.
    const any = { runningPace: false };
    const points = Array.from({ length: 120 }, (_, i) => trkpt(i * 5)).join("");
    const plain = await activity(text(`<gpx><trk><trkseg>${points}</trkseg></trk></gpx>`), any);
    const prefixed = points.replaceAll("<trkpt", "<g:trkpt").replaceAll("</trkpt>", "</g:trkpt>");
    expect(await activity(text(`<g:gpx><g:trk><g:trkseg>${prefixed}</g:trkseg></g:trk></g:gpx>`), any)).toEqual(plain);
    const cdata = points.replace(/<time>([^<]+)<\/time>/g, "<time><![CDATA[$1]]></time>");
    expect(await activity(text(`<gpx><trk><trkseg>${cdata}</trkseg></trk></gpx>`), any)).toEqual(plain);
  });

  it("issue 52 row 10: refuses a GPX padded with 9 MB of comment, text, CDATA or attribute inside <trkseg> as damaged, quickly", async () => {
    const run = new TextDecoder().decode(fixture("run.gpx"));
    const padded = (padding: string) => text(run.replace("<trkseg>", `<trkseg>${padding}`));
    // "-x" pairs cost saxes the most: it builds a comment two characters at a time (1.8 s and 250 MB, unbudgeted).
    const nine = 9 * 1024 * 1024;
    const files = [
      padded(`<!--${"-x".repeat(nine / 2)}-->`),
      padded(`<!--${"x".repeat(nine)}-->`),
      padded("a\n".repeat(nine / 2)),
      padded(`<![CDATA[${"]x".repeat(nine / 2)}]]>`),
      padded(`<?pad ${"?x".repeat(nine / 2)}?>`),
      text(run.replace('<trkpt lat="', `<trkpt note="${"a\n".repeat(nine / 2)}" lat="`)),
    ];
    const started = performance.now();
    for (const file of files) expect(await code(file)).toBe("corrupt");
    const refusing = performance.now() - started;
    // All six cost less than one honest file of their size: each is refused after the piece its padding outgrew.
    const honest = gpxOfSize(9, START).bytes;
    const reading = performance.now();
    expect(await code(honest, { runningPace: false })).toBe("ok");
    expect(refusing).toBeLessThan(performance.now() - reading);
    expect(proofMessages.corrupt).toContain("could not be read");
    // What a writer puts in a file still reads: a description of a few thousand characters, a comment of its own.
    const described = run.replace(
      "<trkseg>",
      `<desc>${"Easy run by the lake. ".repeat(200)}</desc><!-- exported --><trkseg>`,
    );
    expect(await activity(text(described))).toEqual(await activity(fixture("run.gpx")));
  });

  it("still refuses a document cut short or with a root of another format as damaged", async () => {
    const run = new TextDecoder().decode(fixture("run.gpx"));
    expect(await code(text(run.slice(0, Math.floor(run.length / 2))))).toBe("corrupt");
    expect(await code(text(run.replace("<gpx", "<gpx ").replace("</gpx>", "")))).toBe("corrupt");
  });
});

describe("readActivity: never throws", () => {
  const settle = async (bytes: Uint8Array) => {
    const result = await read(bytes);
    if (!result.ok) expect(CODES).toContain(result.code);
    return result;
  };

  it("refuses random bytes, random bytes after a FIT header and random text inside <gpx>", async () => {
    const header = (dataSize: number) => {
      const bytes = new Uint8Array(14);
      bytes.set([14, 0x20, 0x97, 0x08]);
      new DataView(bytes.buffer).setUint32(4, dataSize, true);
      bytes.set(text(".FIT"), 8);
      return bytes;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.nat(),
        fc.string({ unit: "binary", maxLength: 2000 }),
        async (random, dataSize, inside) => {
          expect((await settle(random)).ok).toBe(false);
          expect((await settle(new Uint8Array([...header(dataSize), ...random]))).ok).toBe(false);
          // With a right header and CRC, the bytes reach the SDK's decoder itself.
          expect((await settle(fitFile(random))).ok).toBe(false);
          expect((await settle(text(`<?xml version="1.0"?><gpx>${inside}</gpx>`))).ok).toBe(false);
          expect((await settle(text(`<TrainingCenterDatabase>${inside}`))).ok).toBe(false);
        },
      ),
      fuzzParameters(150),
    );
  });

  it("answers ok or a refusal, never an exception, when bytes of the real files are changed or cut", async () => {
    const files = ["run.gpx", "run.tcx", "run.fit", "treadmill.fit"].map(fixture);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        async (original, changes, cut) => {
          const bytes = original.slice();
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          await settle(bytes.subarray(0, bytes.length - (cut % 64)));
        },
      ),
      fuzzParameters(60),
    );
  });
});

describe("readActivity: a 10 MB GPX", () => {
  it("is read, with its route cut to ROUTE_MAX_POINTS (the time it takes is printed)", {
    timeout: 60_000,
  }, async () => {
    // A day-long activity at one point a second, with the Garmin heart-rate extension Strava exports: 210 bytes a point.
    const { bytes, points } = gpxOfSize(10, START);
    const started = performance.now();
    const big = await activity(bytes, { runningPace: false });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `a ${(bytes.length / 1024 / 1024).toFixed(1)} MB GPX of ${points} points read in ${seconds.toFixed(2)} s`,
    );
    expect(big.movingSeconds).toBe(points - 1);
    expect(big.route.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
  });
});
