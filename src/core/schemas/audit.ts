/**
 * The audit log's reading side (docs/architecture.md#audit-log): the filters of GET
 * /api/admin/activity and its CSV, and the shapes they answer. Query values arrive as strings; an
 * empty value ('action=' from an "All" select) means "not set". A bad value is a 400 naming it.
 * Dates are India calendar days (core/india-time.ts), both ends included.
 */
import { z } from 'zod';
import { formatINR } from '../money';
import { INVALID_CHARACTERS, isIsoDate } from './admin-orders';

/** Rows per page on /admin/activity, and the most one call may ask for. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_MAX_LIMIT = 100;

/** An action filter ending in '.' ('order.') matches every action that starts with it. */
export const isActionPrefix = (action: string) => action.endsWith('.');

/** A query-string value: '' read as absent, NUL refused, trimmed, then `inner` checks it. */
const queryValue = <T extends z.ZodType<unknown, string | undefined>>(inner: T, message: string) =>
  z
    .string({ error: message })
    .refine((v) => !v.includes('\u0000'), INVALID_CHARACTERS)
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(inner);

const textQuery = (re: RegExp, max: number, message: string) =>
  queryValue(z.string().max(max, message).regex(re, message).optional(), message);

const dateQuery = (label: string) => {
  const message = `${label} must be a date in YYYY-MM-DD form`;
  return queryValue(z.string().refine(isIsoDate, message).optional(), message);
};

const PERSON_MESSAGE = 'Person must be a staff member id';
const ENTITY_MESSAGE = 'Entity must be a word such as product or order';
const ENTITY_ID_MESSAGE = 'Entity id must be at most 100 characters of letters, digits, dashes, dots or underscores';
const ACTION_MESSAGE = "Action must be an action such as product.update, or a prefix such as 'order.'";
const CURSOR_MESSAGE = 'Cursor is not one this list gave; start from the first page';
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${ACTIVITY_MAX_LIMIT}`;
const DATES_MESSAGE = 'From date must be on or before the to date';

/** A page's cursor: the last row's time (microseconds, UTC) and id, as the list writes it. */
export const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const filterFields = {
  /** The staff member who acted (users.id). */
  actorId: queryValue(z.guid({ error: PERSON_MESSAGE }).optional(), PERSON_MESSAGE),
  /** What was acted on: 'product', 'order', 'category', ... */
  entity: textQuery(/^[a-z][a-z-]*$/, 40, ENTITY_MESSAGE),
  /** The entity's id (with `entity`: one order's or product's history). */
  entityId: textQuery(/^[A-Za-z0-9._-]+$/, 100, ENTITY_ID_MESSAGE),
  /** An exact action ('product.update') or a prefix ending in '.' ('order.'). */
  action: textQuery(/^[a-z][a-z0-9-]*(\.[a-z0-9-]*)*$/, 60, ACTION_MESSAGE),
  /** First India day included, YYYY-MM-DD. */
  from: dateQuery('From date'),
  /** Last India day included, YYYY-MM-DD. */
  to: dateQuery('To date'),
};

const datesInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

/** GET /api/admin/activity.csv query: the filters, every matching row. */
export const activityFiltersSchema = z.object(filterFields).refine(datesInOrder, { message: DATES_MESSAGE, path: ['from'] });
export type ActivityFilters = z.output<typeof activityFiltersSchema>;

/** GET /api/admin/activity query: the filters, `limit` rows (default 50) after `cursor` (newest first). */
export const activityQuerySchema = z
  .object({
    ...filterFields,
    cursor: queryValue(z.string().regex(CURSOR_RE, CURSOR_MESSAGE).optional(), CURSOR_MESSAGE),
    limit: queryValue(
      z
        .string()
        .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
        .transform(Number)
        .refine((n) => n >= 1 && n <= ACTIVITY_MAX_LIMIT, LIMIT_MESSAGE)
        .optional(),
      LIMIT_MESSAGE,
    ).transform((v) => v ?? ACTIVITY_PAGE_SIZE),
  })
  .refine(datesInOrder, { message: DATES_MESSAGE, path: ['from'] });
export type ActivityQueryInput = z.input<typeof activityQuerySchema>;
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** One field's change as recorded (money in paise, as stored; secrets as '(hidden)'). */
export const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** One audit row as the admin API answers it. `at` ISO; the actor as they were at the time. */
export const activityEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string(), role: z.string() }),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), fieldChangeSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/admin/activity answer: a page, newest first; `nextCursor` null on the last page. */
export const activityPageSchema = z.object({ entries: z.array(activityEntrySchema), nextCursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** GET /api/admin/activity/people answer: everyone who appears in the log, by name. */
export const activityPeopleSchema = z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }));
export type ActivityPerson = z.infer<typeof activityPeopleSchema>[number];

// ---------------------------------------------------------------------------------------------
// Reading a change: the screens and the CSV write a recorded field and its values the same way.

/** Money fields are recorded in paise (`pricePaise`); shown as rupees with paise: '₹1,299.00'. */
const PAISE_FIELD = /Paise$/;

/** Integer paise as '₹1,299.00' (always two decimals, the way an audit summary reads). */
export function rupeesText(paise: number): string {
  const rupees = formatINR(paise / 100);
  return Number.isInteger(paise / 100) ? `${rupees}.00` : rupees;
}

/**
 * A recorded field's name as a person reads it: a variant's prefix kept ('Maroon / M: pricePaise'
 * -> 'Maroon / M: price'), camelCase split, 'Paise' and 'Qty' dropped ('compareAtPaise' -> 'compare at',
 * 'isActive' -> 'active').
 */
export function fieldLabel(field: string): string {
  const cut = field.lastIndexOf(': ');
  const prefix = cut >= 0 ? field.slice(0, cut + 2) : '';
  const name = field
    .slice(cut >= 0 ? cut + 2 : 0)
    .replace(/^is(?=[A-Z])/, '')
    .replace(/(Paise|Qty)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${prefix}${name === 'compare at' ? 'MRP' : name}`;
}

/** A recorded value as text: '—' for none, rupees for a paise field, Yes/No, lists joined. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && PAISE_FIELD.test(field)) return rupeesText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One change as a line: 'Maroon / M: price: ₹1,299.00 → ₹1,099.00'. */
export function changeLine(field: string, change: { before: unknown; after: unknown }): string {
  return `${fieldLabel(field)}: ${valueText(field, change.before)} → ${valueText(field, change.after)}`;
}
