import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";

const root = resolve(import.meta.dirname, "..");

// @react-router/dev 7 passes Vite 8 the deprecated `envFile: false` in its internal config loaders, so every build and
// typegen prints this line several times; no project setting reaches those loaders. Fixed in React Router 8
// (remix-run/react-router#15229), which needs Node 22: drop this filter with that upgrade.
const knownNoise = ["The `envFile` option is deprecated, please use `envDir: false` instead."];

const isKnownNoise = (line: string) => knownNoise.includes(stripVTControlCharacters(line).trim());

function withoutKnownNoise(output: string) {
  return output
    .split(/(?<=\n)/)
    .filter((line) => !isKnownNoise(line))
    .join("");
}

/** The command's path, for a long-running child (`react-router dev`) whose output goes through {@link passOn}. */
export const reactRouterBin = join(root, "node_modules/@react-router/dev/bin.js");

/** Copies a child's output stream line by line, without the known noise. */
export function passOn(from: Readable, to: Writable) {
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    if (!isKnownNoise(line)) to.write(`${line}\n`);
  });
}

/** Runs the `react-router` command in the project folder and passes its output on, without the known noise. */
export function reactRouter(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [reactRouterBin, ...args], {
    cwd: root,
    // Piped to filter it, so colours are asked for explicitly when the output goes to a terminal.
    env: { ...env, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(withoutKnownNoise(result.stdout ?? ""));
  process.stderr.write(withoutKnownNoise(result.stderr ?? ""));
  return result.status ?? 1;
}

// `node --import tsx scripts/react-router-cli.ts typegen`: the command line, quietly.
if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = reactRouter(process.argv.slice(2));
