/**
 * A list of record ids kept in the browser's localStorage, newest first, shared by every component
 * that reads it (a guest's wishlist, "Recently viewed"). Hydration-safe: the server and
 * the hydrating render see an empty list, the next render the stored one. Other tabs' changes
 * arrive through the `storage` event. Safe to import on the server.
 */
import { useSyncExternalStore } from 'react';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: readonly string[] = Object.freeze([]);

/** One stored list: read, change and subscribe. */
export interface StoredIdList {
  /** The ids, newest first (empty on the server or when storage is unavailable). */
  read(): readonly string[];
  /** Puts `id` first (moving it when already there); the oldest beyond the limit fall off. */
  add(id: string): void;
  /** Takes `id` out. */
  remove(id: string): void;
  /** Keeps only the ids `keep` accepts. */
  retain(keep: (id: string) => boolean): void;
  /** Empties the list. */
  clear(): void;
  /** The ids, re-rendering on every change; empty while server-rendering and hydrating. */
  useIds(): readonly string[];
}

/**
 * The list stored under `key`, at most `max` ids. What the page may have written there by hand is
 * read defensively: anything but UUID strings is dropped.
 */
export function storedIdList(key: string, max: number): StoredIdList {
  const event = `${key}:change`;
  let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

  const read = (): readonly string[] => {
    if (typeof window === 'undefined') return EMPTY;
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return EMPTY;
    }
    if (raw === cache.raw) return cache.ids;
    let ids: readonly string[] = EMPTY;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (Array.isArray(parsed)) {
        ids = [...new Set(parsed.filter((v): v is string => typeof v === 'string' && UUID_RE.test(v)).map((v) => v.toLowerCase()))].slice(
          0,
          max,
        );
      }
    } catch {
      // unreadable: treated as empty, overwritten by the next change
    }
    cache = { raw, ids };
    return ids;
  };

  const write = (ids: readonly string[]) => {
    try {
      if (ids.length === 0) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(ids.slice(0, max)));
    } catch {
      // storage full or unavailable: the list simply does not change
    }
    window.dispatchEvent(new Event(event));
  };

  const subscribe = (onChange: () => void) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) onChange();
    };
    window.addEventListener(event, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(event, onChange);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    read,
    add: (id) => {
      const lower = id.toLowerCase();
      write([lower, ...read().filter((v) => v !== lower)]);
    },
    remove: (id) => write(read().filter((v) => v !== id.toLowerCase())),
    retain: (keep) => {
      const current = read();
      const kept = current.filter(keep);
      if (kept.length !== current.length) write(kept);
    },
    clear: () => write(EMPTY),
    useIds: () => useSyncExternalStore(subscribe, read, () => EMPTY),
  };
}
