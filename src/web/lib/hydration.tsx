/**
 * The document's first hydration, and page sections that hydrate after it (issue 8: Total Blocking
 * Time on a phone).
 *
 * Preact hydrates a page in one task; on a mid-range phone the home page took 0.5-1 s of it, during
 * which a tap goes unanswered. `<HydrateLater>` keeps a section below the fold out of that task: the
 * server's HTML stays on screen (its links work as plain links) and the section hydrates in a task
 * of its own when it comes near the viewport or when the browser is next idle, one section at a
 * time. This uses Preact's suspended hydration: a component that throws a promise while hydrating
 * keeps its DOM and hydrates it when the promise settles (entry.client.tsx explains why Preact).
 *
 * Rules for what goes inside: a section that is not needed for the first screen, with no `useId`
 * (ids are counted in render order, so a section hydrated later would count differently from the
 * server) and no `useHydrated` (it is already true when such a section hydrates).
 */
import { Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { inNextTask } from './next-task';

type Phase = 'server' | 'hydrating' | 'hydrated';
let phase: Phase = typeof document === 'undefined' ? 'server' : 'hydrating';

/** The server's `[data-hydrate-later]` wrappers in document order, which is the order gates render. */
let wrappers: Element[] = [];
let gatesSeen = 0;
let pending = 0;
const settledListeners: Array<() => void> = [];

/**
 * Called by entry.client.tsx right before and right after the first hydration (Preact hydrates
 * synchronously); from then on pages render as usual, and `onFullyHydrated` waits for the sections.
 */
export function firstHydration(step: 'start' | 'end'): void {
  if (step === 'start') {
    wrappers = [...document.querySelectorAll('[data-hydrate-later]')];
    return;
  }
  phase = 'hydrated';
  wrappers = [];
  if (pending === 0) settle();
}

/** Runs `listener` once the document and every deferred section in it have hydrated. */
export function onFullyHydrated(listener: () => void): void {
  if (phase === 'hydrated' && pending === 0) listener();
  else settledListeners.push(listener);
}

function settle(): void {
  settledListeners.splice(0).forEach((listener) => listener());
}

/** False on the server and during the first hydration, true afterwards and on client navigations. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(phase === 'hydrated');
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

// Sections hydrate one per task: those near the viewport first, each in a task of its own (the
// browser reports every visible section in the same task), the others one per idle moment.
// Each entry hydrates one section and says whether it did (false when it was already done).
const idle: Array<() => boolean> = [];
function whenIdle(run: () => boolean): void {
  if (idle.push(run) > 1) return;
  const next = () => {
    while (idle.length > 0 && !idle.shift()!()) continue;
    if (idle.length > 0) afterIdle(next);
  };
  afterIdle(next);
}

function afterIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 100);
}

/** Resolves when `element` comes within half a screen of the viewport, or at an idle moment. */
function whenNeeded(element: Element | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!element) return resolve();
    let done = false;
    const finish = () => {
      if (done) return false;
      done = true;
      observer.disconnect();
      resolve();
      return true;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) inNextTask(() => void finish());
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    whenIdle(finish);
  });
}

/**
 * Renders `children` inside a `<div data-hydrate-later>` (with `className`, for a flex or grid
 * parent). During the document's first hydration the section keeps the server's HTML and hydrates
 * later (see the module comment); otherwise it renders at once.
 */
export function HydrateLater({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Gate className={className}>{children}</Gate>
    </Suspense>
  );
}

function Gate({ children, className }: { children: ReactNode; className?: string }) {
  // Set while this gate waits; its component (and so this ref) survives the suspension.
  const deferred = useRef(false);
  if (phase === 'hydrating') {
    deferred.current = true;
    pending += 1;
    throw whenNeeded(wrappers[gatesSeen++]);
  }
  return (
    <div data-hydrate-later="" className={className}>
      {children}
      <Settled deferred={deferred} />
    </div>
  );
}

/** Counts a deferred section as hydrated once its DOM is committed. */
function Settled({ deferred }: { deferred: { current: boolean } }) {
  useLayoutEffect(() => {
    if (!deferred.current) return;
    deferred.current = false;
    pending -= 1;
    if (pending === 0 && phase === 'hydrated') settle();
  }, [deferred]);
  return null;
}
