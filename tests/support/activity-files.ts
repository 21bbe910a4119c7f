/**
 * Activity files of any size, made in memory for benches and load tests (the fixed, small samples of the unit tests are
 * tests/fixtures/activity). Positions follow a slow loop near Geneva at a jogging pace, one point a second.
 */
const ORIGIN = { lat: 46.2044, lon: 6.1432 };
const METERS_PER_DEGREE = 111_195;

/**
 * A GPX at one point a second with Garmin's heart-rate extension, as Strava exports it, of about `megabytes`, whose
 * first point is at `start` (milliseconds since the epoch): its bytes, and how many points it holds (a second apart).
 */
export function gpxOfSize(megabytes: number, start: number): { bytes: Uint8Array<ArrayBuffer>; points: number } {
  const east = METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180);
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1024 * 1024 - 400; i++) {
    const angle = i / 900;
    const line =
      `<trkpt lat="${(ORIGIN.lat + (1500 * Math.sin(angle)) / METERS_PER_DEGREE).toFixed(7)}" ` +
      `lon="${(ORIGIN.lon + (2000 * Math.cos(angle) + i * 0.05) / east).toFixed(7)}"><ele>374.2</ele>` +
      `<time>${new Date(start + i * 1000).toISOString()}</time><extensions><gpxtpx:TrackPointExtension>` +
      "<gpxtpx:hr>142</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>";
    lines.push(line);
    size += line.length + 1;
  }
  const bytes = new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" ' +
      `xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>\n${lines.join("\n")}\n</trkseg></trk></gpx>`,
  );
  return { bytes, points: lines.length };
}
