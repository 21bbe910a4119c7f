import { describe, expect, it } from "vitest";
import { ROUTE_MAX_POINTS } from "#shared/proof/rules.ts";
import { projectToMeters } from "./geo.ts";
import { routeShape } from "./route-shape.ts";

function shape(count: number, at: (i: number) => [number, number]) {
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i++) [x[i], y[i]] = at(i);
  return { x, y };
}

describe("routeShape", () => {
  it("keeps a short route's corners, in whole metres from its south-west corner", () => {
    const { x, y } = shape(4, (i) => [[-120.4, 30.6, 30.6, -120.4][i]!, [-50.2, -50.2, 99.7, 99.7][i]!]);
    expect(routeShape(x, y)).toEqual([
      [0, 0],
      [151, 0],
      [151, 150],
      [0, 150],
    ]);
  });

  it("cuts any route to ROUTE_MAX_POINTS, in good time: a million points of a spiral, or of a zigzag", () => {
    const started = performance.now();
    // Ten turns out to 10 km: a shape that needs its few hundred points.
    const spiral = shape(1_000_000, (i) => [(i / 100) * Math.cos(i / 16_000), (i / 100) * Math.sin(i / 16_000)]);
    const spiralRoute = routeShape(spiral.x, spiral.y);
    expect(spiralRoute.length).toBeGreaterThan(50);
    expect(spiralRoute.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
    // Finer than any tolerance that keeps 500 points, the worst case of Douglas-Peucker: it ends as a straight line.
    const zigzag = shape(1_000_000, (i) => [i * 0.01, (i % 7) * 10]);
    expect(routeShape(zigzag.x, zigzag.y).length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("has no route without points", () => {
    expect(routeShape(new Float64Array(), new Float64Array())).toEqual([]);
  });
});

describe("projectToMeters", () => {
  it("keeps a route across the antimeridian in one piece", () => {
    const { x } = projectToMeters([0, 0, 0], [179.999, -179.999, -179.998]);
    expect(Array.from(x, Math.round)).toEqual([0, 222, 334]);
  });
});
