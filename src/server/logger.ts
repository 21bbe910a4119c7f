import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";

export type Logger = pino.Logger;

/** Fields of a PostgreSQL error (pg and PGlite alike) that name the failure without quoting the data. */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
] as const;
/** Never logged from any error: the values of a query, and PostgreSQL's echoes of them. */
const DATA_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery", "raw"]);

function isDatabaseError(error: Error): boolean {
  const fields = error as Error & { code?: unknown; severity?: unknown };
  return (
    error instanceof DrizzleQueryError ||
    (typeof fields.severity === "string" && typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code))
  );
}

/** Drizzle appends the parameters to its message; PostgreSQL quotes the refused value at the end of its own. */
function safeMessage(error: Error, database: boolean) {
  if (error instanceof DrizzleQueryError) return error.message.split("\nparams:")[0] ?? "";
  return database ? error.message.replace(/: ".*"$/s, ': "…"') : error.message;
}

type SafeError = { type: string; message: string; stack?: string; cause?: unknown; [key: string]: unknown };

/**
 * An error as the log may hold it: type, message, the stack's frames, and its cause likewise. A database error keeps
 * its SQL (placeholders only), SQLSTATE and the names of what failed, never the parameters, i.e. the user's text.
 */
export function safeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const database = isDatabaseError(value);
  const message = safeMessage(value, database);
  const frames = (value.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const safe: SafeError = {
    type: value.constructor?.name || value.name,
    message,
    stack: [`${value.name}: ${message}`, ...frames].join("\n"),
  };
  const fields = value as unknown as Record<string, unknown>;
  if (value instanceof DrizzleQueryError) safe.query = value.query;
  else if (database) {
    for (const key of DATABASE_ERROR_FIELDS) if (fields[key] !== undefined) safe[key] = fields[key];
  } else {
    for (const key of Object.keys(value)) {
      if (key === "cause" || DATA_FIELDS.has(key) || key in safe) continue;
      safe[key] = fields[key] instanceof Error ? safeError(fields[key], depth + 1) : fields[key];
    }
  }
  if (value.cause !== undefined && depth < 5) safe.cause = safeError(value.cause, depth + 1);
  return safe;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: safeError, error: safeError },
      // A second line of defence: nothing logs these fields on purpose (src/server/log-audit.test.ts drives the flows).
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          "headers.cookie",
          "*.headers.cookie",
          ...["password", "newPassword", "currentPassword", "token", "cookie"].flatMap((key) => [key, `*.${key}`]),
        ],
        remove: true,
      },
    },
    destination,
  );
}
