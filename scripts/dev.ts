import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { passOn, reactRouterBin } from "./react-router-cli.ts";

if (existsSync(".env")) process.loadEnvFile(".env");

// Development: the API server reloads on change (tsx watch) on API_PORT, and Vite serves
// the client with hot reload on PORT, proxying /api to the server.
const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const env: NodeJS.ProcessEnv = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` };

// DEV_FAKE_MODEL_SECONDS=20: plans come from a local fake of an OpenAI-compatible model that streams a whole plan in
// that many seconds, so the processing screen can be seen as a real model's users see it (issue 28).
const fakeModelSeconds = Number(process.env.DEV_FAKE_MODEL_SECONDS ?? 0);
if (fakeModelSeconds > 0) {
  const { paceForPlan, startFakeAiServer } = await import("../tests/support/fake-ai-server.ts");
  const fake = await startFakeAiServer(paceForPlan(fakeModelSeconds * 1000));
  Object.assign(env, { AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseURL, AI_MODEL: "fake-model" });
  console.log(`Plans come from a fake model at ${fake.baseURL}, ${fakeModelSeconds} s per plan.`);
}
const tsxCli = join(resolve(import.meta.dirname, ".."), "node_modules/tsx/dist/cli.mjs");

// The commands run straight from node_modules rather than through npx, which would add its own warnings.
const api = spawn(process.execPath, [tsxCli, "watch", "--clear-screen=false", "src/server/dev-api.ts"], {
  stdio: "inherit",
  env: { ...env, PORT: apiPort },
});
const client = spawn(process.execPath, [reactRouterBin, "dev"], {
  stdio: ["inherit", "inherit", "pipe"],
  env: { ...env, PORT: port, API_PORT: apiPort },
});
passOn(client.stderr, process.stderr);

const children = [api, client];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
