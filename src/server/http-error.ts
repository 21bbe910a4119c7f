import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error whose message is meant for the user; answered as `{ error: message }`. */
export function httpError(status: ContentfulStatusCode, message: string) {
  return new HTTPException(status, { message });
}
