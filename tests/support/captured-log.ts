import { Writable } from "node:stream";
import { createLogger } from "#server/logger.ts";

/** A logger at `level` whose lines a test reads back: what an operator's log would hold. */
export function captureLog(level = "trace") {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, sink), text: () => lines.join("") };
}
