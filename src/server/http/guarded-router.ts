import { type Env, Hono, type MiddlewareHandler } from "hono";
import type { DomainErrorCode } from "#server/services/domain-error.ts";
import { documented, routeDocOf } from "./openapi.ts";

/** A guard: the middleware that turns callers away, and every refusal of the catalog it can answer them. */
export type Guard = {
  /** Run in this order before the route's own middleware (its validators) and its handler. */
  handlers: readonly MiddlewareHandler[];
  /** What the handlers answer the callers they turn away; each route on the router documents them all. */
  refusals: readonly DomainErrorCode[];
};

/**
 * The guard's refusals, then the route's own, each once. `auth.sessionRequired` is left to `documented(...)`, which
 * lists it first on every route that is not public.
 */
function guardedErrors(guard: Guard, own: readonly DomainErrorCode[] = []): DomainErrorCode[] {
  const codes = new Set<DomainErrorCode>(["auth.sessionRequired", ...guard.refusals, ...own]);
  codes.delete("auth.sessionRequired");
  return [...codes];
}

const routeMethods = ["get", "post", "put", "patch", "delete"] as const;
/** Ways to add a handler that would not pass through `register` below; a guarded router refuses them. */
const unguardedWays = ["use", "all", "on", "route", "mount", "basePath"] as const;

/**
 * A router whose every route is guarded and documents the guard's refusals (decision 0169). `.get/.post/.put/.patch/
 * .delete(path, documented({...}), ...handlers)` as on any Hono router, and the router itself puts the guard right
 * after the route's documentation and adds the guard's refusals in front of the route's own in the API document: a
 * route added here can forget neither. A route without `documented(...)` first, or documented as public, is refused
 * when it is registered (at start-up). `.use`, `.all`, `.on` and `.route` throw: a middleware `use`d here would
 * reach every route under the prefix it is mounted at, the public ones beside it included. Mount it with
 * `.route("/", router)` on the area's router.
 */
export function guardedRouter<E extends Env>(guard: Guard): Hono<E> {
  const router = new Hono<E>();
  for (const method of routeMethods) {
    const register = router[method] as (path: string, ...handlers: unknown[]) => Hono<E>;
    const guarded = (path: unknown, ...handlers: unknown[]) => {
      const name = `${method.toUpperCase()} ${String(path)}`;
      if (typeof path !== "string") throw new Error(`A guarded route names its path: ${name}`);
      const [first, ...rest] = handlers;
      const doc = routeDocOf(first);
      if (!doc) throw new Error(`${name} is guarded: its first handler must be documented(...)`);
      if (doc.public) throw new Error(`${name} is guarded: it cannot be documented as public`);
      return register(
        path,
        documented({ ...doc, errors: guardedErrors(guard, doc.errors) }),
        ...guard.handlers,
        ...rest,
      );
    };
    Object.assign(router, { [method]: guarded });
  }
  for (const way of unguardedWays) {
    Object.assign(router, {
      [way]: () => {
        throw new Error(`A guarded router takes routes only (.get/.post/.put/.patch/.delete), not .${way}`);
      },
    });
  }
  return router;
}
