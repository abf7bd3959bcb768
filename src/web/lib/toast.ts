/**
 * Toasts without react-hot-toast in a page's first load. root.tsx mounts the library's
 * Toaster once useToasterWanted() says so: on the shopper's first tap or key press, or on the first
 * toast, whichever comes first. Its styles cost a phone about 100 ms of main thread, which a page
 * that shows no toast should not pay while it loads. The calls below reach the library through the
 * same dynamic import.
 */
import { useSyncExternalStore } from 'react';

const hotToast = () => import('react-hot-toast').then((m) => m.default);

let toasterWanted = false;
const listeners = new Set<() => void>();
const FIRST_INPUTS = ['pointerdown', 'keydown'] as const;

/** Asks root.tsx to mount the Toaster (once; it then stays). The admin area calls it on mount. */
export function mountToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  listeners.forEach((listener) => listener());
}

/**
 * Whether the Toaster should be mounted: false on the server and until mountToaster() is called,
 * which the shopper's first tap or key press does (listened for while a component uses this hook).
 */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  FIRST_INPUTS.forEach((type) => window.addEventListener(type, mountToaster, { capture: true, passive: true }));
  return () => {
    listeners.delete(listener);
    FIRST_INPUTS.forEach((type) => window.removeEventListener(type, mountToaster, true));
  };
}

function show(kind: 'success' | 'error') {
  return (message: string) => {
    mountToaster();
    void hotToast().then((t) => t[kind](message));
  };
}

/** react-hot-toast's success and error toasts, the library loaded on first use. */
export const toast = { success: show('success'), error: show('error') };
