/**
 * Every answer schema, and `answers()`, which adds the shared 4xx error shape to a route's answers
 * (docs/architecture.md "API contract"; the choice of serialising from these: see
 * docs/decisions/0022-response-schemas.md).
 */
import type { z } from 'zod';
import { apiErrorSchema } from './store';

export * from './admin';
export * from './orders';
export * from './shopper';
export * from './store';

/** A route's `schema.response`: its answers by status, plus `{ message, errors? }` for every 4xx. */
export function answers<T extends Record<number, z.ZodType>>(byStatus: T): T & { '4xx': typeof apiErrorSchema } {
  return { ...byStatus, '4xx': apiErrorSchema };
}
