import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and until React has taken over the page, true after. Forms keep
 * their submit button disabled until then: a native submit before hydration would send the
 * visitor's details as a GET query string, into URLs and logs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
