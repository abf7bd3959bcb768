/**
 * Refuses a JSON body holding a string that is not well-formed Unicode (a lone UTF-16 surrogate,
 * sent as an escape like "\ud800"). JSON.parse accepts it, but PostgreSQL refuses it in jsonb
 * ("invalid input syntax for type json", PUT /api/users/me answered 500). One rule for
 * every route: 400 'Text contains invalid characters', with the field, before validation.
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';
import { prependRouteHook, routeWrites } from './route-hooks';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_TEXT = 'Text contains invalid characters';

/** The path ("address.line1", "items.0.productId") of the first string, key included, with a lone surrogate; null when none. */
export function findIllFormedText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null; // a Buffer, a stream: not parsed JSON
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return at;
    const found = findIllFormedText(item, at);
    if (found) return found;
  }
  return null;
}

/**
 * Checks the body of every route registered after it that takes one (any method but GET and HEAD):
 * the hook is those routes' own, so a read runs nothing for it (docs/performance.md, "A cached
 * read's fixed cost"). Answers 400 with the field through the error handler.
 */
export const wellFormedTextPlugin = fp(async (app: FastifyInstance) => {
  const check: preValidationHookHandler = (request, _reply, done) => {
    const field = findIllFormedText(request.body);
    done(field ? badRequest(INVALID_TEXT, { [field]: INVALID_TEXT }) : undefined);
  };
  app.addHook('onRoute', (route) => {
    if (routeWrites(route)) prependRouteHook(route, 'preValidation', check);
  });
});
