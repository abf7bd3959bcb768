/**
 * The browser entry: hydrates the server-rendered document with React Router's HydratedRouter.
 *
 * React's API is served by preact/compat on both sides (vite.config.ts, issue 8's 100 KB budget).
 * Three differences from react-dom matter here:
 * - Preact hydrates `document` as <html> (preactjs/preact#3794), so the layout's <html> element is a
 *   fragment in the browser and its <head> and <body> hydrate the server's. Its attributes (lang) are
 *   the same on every page and stay as the server sent them.
 * - Preact runs effects (useEffect) on the next animation frame or after a 35 ms timer; React runs
 *   them in a task of their own, right after the render. The entry schedules them the way React
 *   does (a MessageChannel task), so effects also run in background tabs, where frames stop and
 *   timers slow down, and under a paused test clock.
 * - No root-level suspense. HydratedRouter suspends (throws a promise) until React Router has decoded
 *   the loader data streamed into the page, so the entry waits for that before it hydrates.
 * Sections wrapped in `<HydrateLater>` hydrate after the rest, in tasks of their own; the entry tells
 * lib/hydration.tsx when the first hydration starts and ends.
 */
import { Fragment, options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { firstHydration } from './lib/hydration';
import { inNextTask } from './lib/next-task';

const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === 'html') vnode.type = Fragment;
  previousVNodeHook?.(vnode);
};

options.requestAnimationFrame = inNextTask;

/**
 * Resolves once React Router's hydration data is decoded. HydratedRouter builds its router before it
 * calls any hook and throws the decoding promise until then; called outside a render, it stops at its
 * first hook with an error once the router exists, which is the signal to go on.
 */
async function routerDataDecoded(): Promise<void> {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown;
      else return;
    }
  }
}

// Evaluating the modules, decoding the loader data and hydrating each get a task of their own:
// shorter tasks leave the phone free to answer a tap in between (Total Blocking Time).
await new Promise<void>(inNextTask);
await routerDataDecoded();
inNextTask(() => {
  firstHydration('start');
  hydrateRoot(document, <HydratedRouter />);
  firstHydration('end');
});
