/**
 * Whether this render is past the document's hydration, for values the server cannot know
 * (navigation state, browser storage): the first render in the browser must match the server's HTML.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and during hydration, true in every render after it and on client navigations. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
