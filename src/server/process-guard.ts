import type { Logger } from "pino";

/**
 * What a client's broken body raises from inside a stream: a multipart body that ends early or is malformed
 * (@fastify/busboy's words), a connection reset or closed under a body being read. Each is the client's doing and
 * harms no other request.
 */
const CLIENT_BODY_MESSAGES =
  /multipart|part terminated early|malformed part header|unexpected end of (form|data)|boundary|request aborted/i;
const CLIENT_BODY_CODES = new Set(["ECONNRESET", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE", "ABORT_ERR", "ECONNABORTED"]);

export function isClientBodyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && CLIENT_BODY_CODES.has(code)) || CLIENT_BODY_MESSAGES.test(error.message);
}

/**
 * The last guard (issue 52 row 1): every stream the server reads has its own `error` handler, and each request's
 * failures are answered by its route. An error that still escapes them and comes from a client's broken body is logged
 * and the process goes on: one request must not end an instance. Anything else leaves the process in a state nobody
 * knows, so it is logged and the instance stops as on SIGTERM (`stop`), its plans taken over by the others.
 */
export function onUncaughtError(logger: Logger, stop: (reason: string) => void) {
  return (error: unknown, origin: string) => {
    if (isClientBodyError(error)) {
      logger.error({ err: error, origin }, "a client's broken request raised an uncaught error; serving on");
      return;
    }
    logger.fatal({ err: error, origin }, "uncaught error: stopping this instance");
    stop("uncaughtException");
  };
}

/** Installs the guard; an unhandled rejection reaches it too (Node's default `--unhandled-rejections=throw`). */
export function guardProcess(logger: Logger, stop: (reason: string) => void) {
  process.on("uncaughtException", onUncaughtError(logger, stop));
}
