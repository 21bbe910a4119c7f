import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

// Development: the API server reloads on change (tsx watch) on API_PORT, and Vite serves
// the client with hot reload on PORT, proxying /api to the server.
const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` };

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/dev-api.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: apiPort },
  }),
  spawn("npx", ["react-router", "dev"], { stdio: "inherit", env: { ...env, PORT: port, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
