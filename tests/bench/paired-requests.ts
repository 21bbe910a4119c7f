import { rmSync } from "node:fs";
import { median } from "./stats.ts";
import { ENDPOINTS, measuredLoad, startApps, stop } from "./throughput.ts";

/**
 * `BENCH_PAIRS=8 BENCH_COMPARE_ROOT=<checkout> npm run bench:requests`: a paired A/B of the server's CPU per request
 * (decision 0180). On a shared machine a single 10 s row moves by more than most changes (one server's health answer
 * read 30 to 80 µs within a run), so both app servers stay up and each endpoint is loaded in pairs of short loads, one
 * server then the other, the order alternating; what a drift of the machine does hits both of a pair alike. Prints per
 * endpoint each side's median, the median of the pairs' ratios and in how many pairs this checkout used less.
 */
const pairs = Number(process.env.BENCH_PAIRS ?? 8);
const seconds = Number(process.env.BENCH_PAIR_SECONDS ?? 3);

export type PairedRow = { label: string; ours: number[]; theirs: number[] };

export async function benchPaired(url: string | undefined): Promise<{ other: string; rows: PairedRow[] }> {
  const { apps, dataDirs } = await startApps(url);
  const [ours, theirs] = apps;
  if (!ours || !theirs) throw new Error("BENCH_PAIRS compares two checkouts: set BENCH_COMPARE_ROOT");
  const only = process.env.BENCH_ENDPOINTS?.split("|").map((s) => s.trim());
  const rows: PairedRow[] = [];
  try {
    for (const [label, path, signedIn, connections] of ENDPOINTS) {
      if (only && !only.some((part) => label.includes(part))) continue;
      const load = async (app: typeof ours, loadSeconds = seconds) => {
        const cookie = signedIn ? app.child.ready.cookie : undefined;
        const result = await measuredLoad(app.child, path, { cookie, connections, seconds: loadSeconds });
        if (result.non2xx || result.errors) throw new Error(`${label}${app.name}: ${result.non2xx} non-2xx`);
        return result.cpuMicros;
      };
      // A short load on each first, so neither pair begins with a server whose code is still being optimized.
      await load(ours, 2);
      await load(theirs, 2);
      const row: PairedRow = { label, ours: [], theirs: [] };
      for (let pair = 0; pair < pairs; pair++) {
        if (pair % 2 === 0) {
          row.ours.push(await load(ours));
          row.theirs.push(await load(theirs));
        } else {
          row.theirs.push(await load(theirs));
          row.ours.push(await load(ours));
        }
      }
      rows.push(row);
    }
  } finally {
    for (const app of apps) await stop(app.child);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return { other: theirs.name.trim(), rows };
}

export function printPaired(report: { other: string; rows: PairedRow[] }) {
  console.log(
    `\nServer CPU µs per request, ${pairs} pairs of ${seconds} s loads, this checkout against ${report.other}, the order alternating`,
  );
  console.log(
    `| endpoint | ${report.other}: median | this checkout: median | ratio, median of the pairs | pairs where this checkout used less |`,
  );
  console.log("|---|---|---|---|---|");
  for (const row of report.rows) {
    const ratios = row.ours.map((value, i) => value / row.theirs[i]!);
    const less = row.ours.filter((value, i) => value < row.theirs[i]!).length;
    console.log(
      `| ${row.label} | ${median(row.theirs).toFixed(0)} (${row.theirs.map((v) => v.toFixed(0)).join(" ")}) | ${median(row.ours).toFixed(0)} (${row.ours.map((v) => v.toFixed(0)).join(" ")}) | ${median(ratios).toFixed(3)} | ${less} of ${row.ours.length} |`,
    );
  }
}
