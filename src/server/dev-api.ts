import { run } from "./server.ts";

// The API alone: in development Vite serves the client and proxies /api here.
run({ serveClient: false });
