import simplify from "simplify-js";
import type { RoutePoint } from "#shared/proof/contracts.ts";
import { ROUTE_MAX_POINTS } from "#shared/proof/rules.ts";

/**
 * simplify-js recurses once per split of Douglas-Peucker: on a line of a million points shaped to split one point at a
 * time that is a million frames deep. Simplified in pieces of this many points, it never nests deeper.
 */
const PIECE_POINTS = 1000;
/**
 * Douglas-Peucker costs up to the square of a piece's points per round when nothing can be dropped (a zigzag finer
 * than the tolerance), so the line is first thinned to this many evenly spread points: a day at one point a second
 * keeps one every 4 seconds, far finer than ROUTE_MAX_POINTS can show.
 */
const MAX_INPUT_POINTS = 20_000;
const FIRST_TOLERANCE_METERS = 1;
const TOLERANCE_GROWTH = 1.5;

type Point = { x: number; y: number };

function simplifyInPieces(points: Point[], tolerance: number): Point[] {
  if (points.length <= PIECE_POINTS) return simplify(points, tolerance);
  const out: Point[] = [];
  for (let start = 0; start < points.length - 1; start += PIECE_POINTS) {
    // Each piece shares its first point with the last of the one before, so the line stays unbroken.
    const piece = simplify(points.slice(start, start + PIECE_POINTS + 1), tolerance);
    out.push(...(out.length > 0 ? piece.slice(1) : piece));
  }
  return out;
}

/**
 * The shape of a route without its place: whole metres east and north of its south-west corner (so no latitude or
 * longitude, nor anything to add back to get one, is kept), simplified with a tolerance raised until at most
 * ROUTE_MAX_POINTS points remain.
 */
export function routeShape(x: Float64Array, y: Float64Array): RoutePoint[] {
  if (x.length === 0) return [];
  const every = Math.ceil(x.length / MAX_INPUT_POINTS);
  let points: Point[] = [];
  for (let i = 0; i < x.length; i += every) points.push({ x: x[i]!, y: y[i]! });
  const last = x.length - 1;
  if (last % every !== 0) points.push({ x: x[last]!, y: y[last]! });
  let tolerance = FIRST_TOLERANCE_METERS;
  points = simplifyInPieces(points, tolerance);
  // Each round simplifies the last one's line, not the original: a few rounds, each on fewer points.
  while (points.length > ROUTE_MAX_POINTS) {
    tolerance *= TOLERANCE_GROWTH;
    points = simplifyInPieces(points, tolerance);
  }
  // The corner of the shape as kept, so that it touches both axes whichever points simplification left out.
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  for (const point of points) {
    west = Math.min(west, point.x);
    south = Math.min(south, point.y);
  }
  return points.map((point) => [Math.round(point.x - west), Math.round(point.y - south)]);
}
