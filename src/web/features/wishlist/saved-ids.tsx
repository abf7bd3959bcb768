/**
 * The saved product ids for whoever is browsing, worked out once per page (issue 23: a listing has
 * up to 24 hearts, and each reading the wishlist query on its own cost the server's render a query
 * observer per card): `SavedIdsProvider` in the site layout reads them, `useSavedIds` anywhere below.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAuthStatus } from '../../lib/auth';
import { guestWishlist, useWishlistQuery } from './api';

const SavedIdsContext = createContext<readonly string[] | null>(null);
const NONE: readonly string[] = [];

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
  return <SavedIdsContext value={ids}>{children}</SavedIdsContext>;
}

/** The saved product ids (see `SavedIdsProvider`); throws when no provider is above the caller. */
export function useSavedIds(): readonly string[] {
  const ids = useContext(SavedIdsContext);
  if (ids === null) throw new Error('useSavedIds is used outside SavedIdsProvider (the site layout provides it)');
  return ids;
}
