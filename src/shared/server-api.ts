/**
 * Where the client's API calls go while the server renders a signed-in screen (issue 37, decision 0139): the server
 * puts a function under this key that answers them in-process, as the request's own user, and `lib/api.ts` uses it
 * instead of the network. A browser never has it.
 */
export const SERVER_API = Symbol.for("unscroll.server-api");

export type ServerApi = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export function serverApi(): ServerApi | undefined {
  return (globalThis as { [SERVER_API]?: ServerApi })[SERVER_API];
}
