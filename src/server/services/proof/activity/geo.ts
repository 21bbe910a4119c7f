const EARTH_RADIUS_METERS = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Great-circle distance in metres between two points given in degrees. */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Points in metres east (x) and north (y) of the first one, equirectangular at the mean latitude: within a few metres
 * over the size of a run, and enough to measure stops, speeds and the route's shape. Longitudes are taken relative to
 * the first point, so a route across the antimeridian stays in one piece.
 */
export function projectToMeters(
  lats: readonly number[],
  lons: readonly number[],
): { x: Float64Array; y: Float64Array } {
  const n = lats.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  if (n === 0) return { x, y };
  let latSum = 0;
  for (const lat of lats) latSum += lat;
  const metersPerDegree = EARTH_RADIUS_METERS * RADIANS;
  const eastScale = metersPerDegree * Math.cos((latSum / n) * RADIANS);
  const lat0 = lats[0]!;
  const lon0 = lons[0]!;
  for (let i = 0; i < n; i++) {
    let dLon = lons[i]! - lon0;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    x[i] = dLon * eastScale;
    y[i] = (lats[i]! - lat0) * metersPerDegree;
  }
  return { x, y };
}
