/**
 * Hooks given to the routes that need them rather than to every request: a hook added with
 * `addHook` runs for every route of its scope, while one set in an `onRoute` hook runs only for
 * that route (Fastify's route-level hooks). The cache, the well-formed-text check and the
 * catalogue's response cache use these, so a cached read runs none of the hooks it does not need
 * (docs/performance.md, "A cached read's fixed cost").
 */
import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preValidation' | 'onSend';

/** Whether `route` takes a body or changes something: any method but GET and HEAD. */
export function routeWrites(route: Pick<RouteOptions, 'method'>): boolean {
  return [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
}

/** Puts `hook` first among `route`'s own hooks called `name` (those the route declared run after it). */
export function prependRouteHook<K extends RouteHookName>(route: RouteOptions, name: K, hook: NonNullable<RouteOptions[K]>): void {
  const own = route[name];
  route[name] = [hook, ...(own === undefined ? [] : [own].flat())] as RouteOptions[K];
}
