import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { publicConfigFromEnv } from "#shared/config/public-config.ts";
import { precompress } from "./precompress.ts";
import { reactRouter } from "./react-router-cli.ts";

const root = resolve(import.meta.dirname, "..");
const inputs = [
  "src/client",
  "src/shared",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "scripts/build-service-worker.ts",
  "scripts/write-app-shell.ts",
  "scripts/service-worker-push.js",
  "scripts/precompress.ts",
  "package-lock.json",
];

function files(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** What the client build depends on: its sources and the public settings baked into it. */
function fingerprint() {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(files)) hash.update(file).update(readFileSync(join(root, file)));
  hash.update(JSON.stringify(publicConfigFromEnv(process.env).data ?? null));
  return hash.digest("hex");
}

/** Where the web app is built: BUILD_DIR, or build/. */
export function buildDirectory() {
  return resolve(root, process.env.BUILD_DIR || "build");
}

/** Builds the client unless the last build came from the same sources and settings. */
export function ensureBuild() {
  const buildDir = buildDirectory();
  const stampFile = join(buildDir, ".build-stamp");
  const wanted = fingerprint();
  const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
  if (current === wanted && existsSync(join(buildDir, "client"))) return false;
  console.log("Building the web app (sources or public settings changed)...");
  const started = performance.now();
  // Warnings and errors only: the per-file size table and the list of pre-rendered pages are noise at start-up.
  // Always a production client build, whatever NODE_ENV the caller runs under (tests use NODE_ENV=test).
  const status = reactRouter(["build", "--logLevel", "warn"], { ...process.env, NODE_ENV: "production" });
  if (status !== 0) throw new Error("The web app build failed.");
  const shell = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/write-app-shell.ts"), buildDir], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (shell.status !== 0) throw new Error("The app shell build failed.");
  const worker = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "scripts/build-service-worker.ts"), join(buildDir, "client")],
    { stdio: "inherit", env: process.env },
  );
  if (worker.status !== 0) throw new Error("The service worker build failed.");
  // Last, so the service worker is compressed too.
  precompress(join(buildDir, "client"));
  writeFileSync(stampFile, wanted);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built the web app into ${relative(root, buildDir) || "."}/ in ${seconds} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
