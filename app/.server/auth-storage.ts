import { AsyncLocalStorage } from "node:async_hooks";

/**
 * better-auth runs each call inside AsyncLocalStorages of its own (the endpoint, the request's state,
 * the adapter's transaction). On Node 20 a storage that has run once keeps promise hooks on for every
 * later promise of the process, until it is disabled: a health request then costs a fifth more, a
 * package a fifth more (benchmark 040), long after the one sign-in that turned them on. So the auth
 * object's calls are counted, and when none is in flight its storages are disabled; the next call
 * runs them again. (Node 24 carries the context without hooks; this can go with Node 20.)
 */
let inFlight = 0;

/** better-auth keeps its storages on one global object, so that copies of it share them. */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for("better-auth:global")
  ];
  return Object.values(global?.context ?? {}).filter((value) => value instanceof AsyncLocalStorage);
}

function counted<F extends (...args: never[]) => Promise<unknown>>(call: F): F {
  const wrapped = async (...args: Parameters<F>) => {
    inFlight++;
    try {
      return await call(...args);
    } finally {
      if (--inFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
    }
  };
  // An endpoint carries its path and options as properties.
  return Object.assign(wrapped, call) as F;
}

/** The same auth object, each of its calls (the handler and every `api` endpoint) counted. */
export function idleWhenDone<A extends { handler: (request: Request) => Promise<Response>; api: object }>(auth: A): A {
  const api = Object.fromEntries(
    Object.entries(auth.api).map(([name, endpoint]) => [
      name,
      typeof endpoint === "function" ? counted(endpoint as (...args: never[]) => Promise<unknown>) : endpoint,
    ]),
  );
  return Object.assign(auth, { handler: counted(auth.handler), api });
}
