/**
 * Browser token store and the login gate's pending action.
 * Everything here is safe to import on the server: storage is only touched in the browser.
 */
import { useSyncExternalStore } from 'react';
import { POST_LOGIN_ACTION_KEY, TOKEN_STORAGE_KEY } from '../../core/constants';

const TOKEN_EVENT = 'apparel-store:token-change';

/** Reads the signed-in token from localStorage; null on the server or when signed out. */
export function getToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

// The page a logout happened on, until its login gate has seen it (or the next login).
let leftByLogout: string | null = null;

/** Stores the token after a successful login and tells subscribed components. */
export function setToken(token: string): void {
  leftByLogout = null;
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.dispatchEvent(new Event(TOKEN_EVENT));
}

/** Removes the token (logout or a 401 on an authenticated call). */
export function clearToken(): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing stored either
  }
  window.dispatchEvent(new Event(TOKEN_EVENT));
}

/** Logout from the page at `pathname`: removes the token; that page's gate will not remember it. */
export function logOut(pathname: string): void {
  leftByLogout = pathname;
  clearToken();
}

/** True (once) when the shopper just logged out on `pathname`: its gate must not save it. */
export function takeLoggedOutFrom(pathname: string): boolean {
  if (leftByLogout !== pathname) return false;
  leftByLogout = null;
  return true;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(TOKEN_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(TOKEN_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** 'unknown' while server-rendering and hydrating, then whether a token is stored. */
export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

/** Hydration-safe auth status: 'unknown' on the server and the hydrating render. */
export function useAuthStatus(): AuthStatus {
  return useSyncExternalStore<AuthStatus>(
    subscribe,
    () => (getToken() ? 'signed-in' : 'signed-out'),
    () => 'unknown',
  );
}

/** True once the browser knows a token is stored; false on the server and the first render. */
export function useIsSignedIn(): boolean {
  return useAuthStatus() === 'signed-in';
}

/** The line a gated 'Add to Cart' or 'Buy Now' was for. */
interface PendingLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * What the login gate remembers for after login. `label` names the line for the login page's
 * reason ("Festive Silk Kurta (M)"); optional, so older stored actions still resume.
 * `fromWishlist` marks a wishlist "Move to cart": once added, the product leaves the wishlist.
 */
export type PostLoginAction =
  | { type: 'addToCart' | 'buyNow'; payload: PendingLine; returnTo: string; label?: string; fromWishlist?: boolean }
  | { type: 'navigate'; payload: { to: string }; returnTo: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

// A path on this site only: never '//host' or '/\host', which browsers read as another site.
const isSitePath = (value: unknown): value is string => typeof value === 'string' && /^\/(?![/\\])/.test(value);

function isPendingLine(value: unknown): value is PendingLine {
  return (
    isRecord(value) &&
    isId(value.productId) &&
    (value.variantId === null || isId(value.variantId)) &&
    typeof value.quantity === 'number' &&
    Number.isInteger(value.quantity) &&
    value.quantity >= 1
  );
}

/** Whether stored JSON is a post-login action this code wrote (sessionStorage is the page's to edit). */
function isPostLoginAction(value: unknown): value is PostLoginAction {
  if (!isRecord(value) || !isSitePath(value.returnTo)) return false;
  if (value.type === 'navigate') return isRecord(value.payload) && isSitePath(value.payload.to);
  return (
    (value.type === 'addToCart' || value.type === 'buyNow') &&
    isPendingLine(value.payload) &&
    (value.label === undefined || (typeof value.label === 'string' && value.label.length <= 300)) &&
    (value.fromWishlist === undefined || typeof value.fromWishlist === 'boolean')
  );
}

/** Remembers what the visitor wanted to do, for after login (sessionStorage). */
export function savePostLoginAction(action: PostLoginAction): void {
  try {
    window.sessionStorage.setItem(POST_LOGIN_ACTION_KEY, JSON.stringify(action));
  } catch {
    // storage unavailable: the shopper simply lands on / after login
  }
}

/** The pending post-login action without clearing it (the login page's reason); null when none. */
export function peekPostLoginAction(): PostLoginAction | null {
  return readPostLoginAction(false);
}

/** Returns and clears the pending post-login action; null when none or unreadable. */
export function takePostLoginAction(): PostLoginAction | null {
  return readPostLoginAction(true);
}

function readPostLoginAction(clear: boolean): PostLoginAction | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.sessionStorage.getItem(POST_LOGIN_ACTION_KEY);
    if (clear) window.sessionStorage.removeItem(POST_LOGIN_ACTION_KEY);
    if (!raw) return null;
    const action: unknown = JSON.parse(raw);
    return isPostLoginAction(action) ? action : null;
  } catch {
    return null;
  }
}
