/**
 * Hydration flag for content that depends on browser-only state (router state, storage).
 */
import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/** False on the server and while hydrating, true afterwards (and on client-side navigations). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
