import { existsSync } from "node:fs";
import { run } from "./server.ts";

// `npm start` runs this file bundled (scripts/build-server.ts); settings come from the environment and from .env.
if (existsSync(".env")) process.loadEnvFile(".env");
run({ serveClient: true });
