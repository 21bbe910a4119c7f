import type { Env, MiddlewareHandler, Next } from "hono";

/**
 * Several middlewares as one of hono's layers, run in the order given (issue 58, decision 0178). Each layer of hono's
 * own costs an async dispatch and its promises on every request, and with AsyncLocalStorage enabled (better-auth's,
 * after the first sign-in) a hook on each of those promises; a guard that passes a read on returns the next one's
 * promise instead. What a middleware throws reaches the app's error handler as before; one that answers without
 * calling `next` ends the layer with its answer.
 */
export function oneLayer<E extends Env>(...middlewares: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  return (c, next) => {
    const run = (i: number): ReturnType<MiddlewareHandler<E>> => {
      const middleware = middlewares[i];
      if (!middleware) return next();
      let passedOn: unknown;
      const out = middleware(c, (() => {
        passedOn = run(i + 1);
        return passedOn;
      }) as Next);
      // The common case: a guard that handed the next one's promise on.
      if (out === passedOn) return out;
      // As hono's own layers: an answer given here is the request's answer, even if the one before ignores it.
      return Promise.resolve(out).then((answer) => {
        if (answer instanceof Response && !c.finalized) c.res = answer;
        return answer;
      });
    };
    return run(0);
  };
}

/** A middleware that runs on the paths under `prefix` (the prefix itself included) and passes the others on. */
export function under<E extends Env>(prefix: string, middleware: MiddlewareHandler<E>): MiddlewareHandler<E> {
  const root = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  const below = `${root}/`;
  return (c, next) => {
    const { path } = c.req;
    return path === root || path.startsWith(below) ? middleware(c, next) : next();
  };
}
