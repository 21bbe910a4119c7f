import { existsSync } from "node:fs";
import { buildServer } from "./build-server.ts";
import { ensureBuild } from "./ensure-build.ts";

if (existsSync(".env")) process.loadEnvFile(".env");

// `npm start`, first step: build the client if needed and bundle the server. package.json then replaces the shell
// with `node build/server/main.mjs`, so SIGINT/SIGTERM reach the server's shutdown handler directly.
ensureBuild();
await buildServer();
