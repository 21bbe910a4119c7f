import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** The middle value of a series (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median, p95, p99 and max in milliseconds of one measured series, and how many requests it holds. */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    median: at(0.5).toFixed(1),
    p95: at(0.95).toFixed(1),
    p99: at(0.99).toFixed(1),
    max: at(1).toFixed(1),
    n: samples.length,
  };
}

export type Stats = ReturnType<typeof stats>;

/**
 * Runs `request` `runs` times one after the other (after a warm-up) and times each; a request that prepares
 * something first returns the milliseconds of its own measured part instead.
 */
export async function measure(runs: number, request: (i: number) => Promise<number | undefined>, warmUp = 10) {
  for (let i = 0; i < warmUp; i++) await request(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const own = await request(i);
    samples.push(own ?? performance.now() - started);
  }
  return stats(samples);
}

/** The same bytes from a bare Node http server at `path`: what loopback HTTP and JSON transfer cost without the app. */
export async function bareServer(body: string, path: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
