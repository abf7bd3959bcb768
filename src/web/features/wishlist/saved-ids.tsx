/**
 * The saved product ids for whoever is browsing, worked out once per page (a listing has
 * up to 24 hearts, and each reading the wishlist query on its own cost the server's render a query
 * observer per card): `SavedIdsProvider` in the site layout reads them, `useSavedIds` anywhere below.
 *
 * The context holds a store of the ids whose identity never changes, and each heart subscribes to
 * it: a context value that changed when the browser learnt who is browsing (right after hydration)
 * would make React hydrate every section still waiting to hydrate at once, in one long task
 * (docs/decisions/0003-sections-hydrate-later.md).
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAuthStatus } from '../../lib/auth';
import { guestWishlist, useWishlistQuery } from './api';

const NONE: readonly string[] = [];

/** The ids and who to tell when they change. */
class SavedIdsStore {
  private listeners = new Set<() => void>();
  constructor(private ids: readonly string[]) {}
  readonly get = () => this.ids;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(ids: readonly string[]) {
    if (ids === this.ids) return;
    this.ids = ids;
    for (const listener of this.listeners) listener();
  }
}

const SavedIdsContext = createContext<SavedIdsStore | null>(null);

/**
 * Provides the saved ids: the account's list when signed in, the browser's for a guest; empty while
 * unknown (server render, hydration, loading).
 */
export function SavedIdsProvider({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const guestIds = guestWishlist.useIds();
  const account = useWishlistQuery().data;
  const accountIds = useMemo(() => account?.map((item) => item._id) ?? NONE, [account]);
  const ids = status === 'signed-out' ? guestIds : status === 'signed-in' ? accountIds : NONE;
  const [store] = useState(() => new SavedIdsStore(ids));
  useEffect(() => store.set(ids), [store, ids]);
  return <SavedIdsContext value={store}>{children}</SavedIdsContext>;
}

/** The saved product ids (see `SavedIdsProvider`); throws when no provider is above the caller. */
export function useSavedIds(): readonly string[] {
  const store = useContext(SavedIdsContext);
  if (store === null) throw new Error('useSavedIds is used outside SavedIdsProvider (the site layout provides it)');
  return useSyncExternalStore(store.subscribe, store.get, () => NONE);
}
