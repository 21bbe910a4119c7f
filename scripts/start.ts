import { existsSync } from "node:fs";
import { ensureBuild } from "./ensure-build.ts";

if (existsSync(".env")) process.loadEnvFile(".env");

// `npm start`: build the client if needed, then run the server in this same process
// (so SIGINT/SIGTERM reach its shutdown handler directly).
ensureBuild();
await import("../src/server/main.ts");
