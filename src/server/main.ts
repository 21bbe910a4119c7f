import { run } from "./server.ts";

run({ serveClient: true });
