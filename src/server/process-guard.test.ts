import { Writable } from "node:stream";
import Busboy from "@fastify/busboy";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { isClientBodyError, onUncaughtError } from "./process-guard.ts";

/** The error a multipart body that ends inside its file raises on the file's stream (issue 52 row 1). */
function truncatedMultipartError() {
  return new Promise<Error>((resolve) => {
    const parser = Busboy({ headers: { "content-type": "multipart/form-data; boundary=X" } });
    parser.on("file", (_name, stream) => {
      stream.on("error", resolve);
      stream.resume();
    });
    parser.on("error", () => {});
    parser.end(
      Buffer.from(
        '--X\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\nContent-Type: application/gpx+xml\r\n\r\n<gpx>',
      ),
    );
  });
}

function captured() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino(sink), lines };
}

describe("the process guard (issue 52 row 1)", () => {
  it("tells a client's broken body from the server's own faults", async () => {
    expect(isClientBodyError(await truncatedMultipartError())).toBe(true);
    expect(isClientBodyError(Object.assign(new Error("aborted"), { code: "ECONNRESET" }))).toBe(true);
    expect(isClientBodyError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isClientBodyError("a string")).toBe(false);
  });

  it("logs a client's broken body and serves on; stops the instance for anything else", async () => {
    const { logger, lines } = captured();
    const stops: string[] = [];
    // The handler the process installs, called as Node calls it: emitting the event here would reach the test
    // runner's own handler too.
    const onUncaught = onUncaughtError(logger, (reason) => stops.push(reason));
    onUncaught(await truncatedMultipartError(), "uncaughtException");
    expect(stops).toEqual([]);
    onUncaught(new TypeError("x is not a function"), "unhandledRejection");
    expect(stops).toEqual(["uncaughtException"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.msg, line.origin])).toEqual([
      ["a client's broken request raised an uncaught error; serving on", "uncaughtException"],
      ["uncaught error: stopping this instance", "unhandledRejection"],
    ]);
  });
});
