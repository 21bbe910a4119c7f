import { Worker } from "node:worker_threads";
import { it } from "vitest";

function tryWorker(execArgv: string[] | undefined) {
  return new Promise<string>((resolve) => {
    const started = performance.now();
    const w = new Worker(new URL("./activity-worker.ts", import.meta.url), execArgv ? { execArgv } : {});
    w.on("message", (m) => { resolve(`msg ${JSON.stringify(m)} after ${(performance.now() - started).toFixed(0)} ms`); void w.terminate(); });
    w.on("error", (e) => resolve(`error ${e}`));
  });
}

it("probe", async () => {
  console.log("execArgv", process.execArgv, "NODE_OPTIONS", process.env.NODE_OPTIONS, import.meta.url);
  console.log("inherit", await tryWorker(undefined));
  console.log("--import tsx", await tryWorker([...process.execArgv, "--import", "tsx"]));
});
