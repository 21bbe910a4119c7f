import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { publicConfigFromEnv } from "../src/shared/config/public-config.ts";

const root = resolve(import.meta.dirname, "..");
const inputs = ["src/client", "src/shared", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

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

/** Builds the client unless the last build came from the same sources and settings. */
export function ensureBuild() {
  const buildDir = resolve(root, process.env.BUILD_DIR || "build");
  const stampFile = join(buildDir, ".build-stamp");
  const wanted = fingerprint();
  const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
  if (current === wanted && existsSync(join(buildDir, "client"))) return false;
  console.log("Building the web app (sources or public settings changed)...");
  const result = spawnSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    // Always a production client build, whatever NODE_ENV the caller runs under (tests use NODE_ENV=test).
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The web app build failed.");
  writeFileSync(stampFile, wanted);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
