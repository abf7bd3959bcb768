/**
 * Admin orders, dashboard and contact-message reading:
 * query and body schemas shared by the admin screens and the server, and the shapes the admin API
 * answers. Query values arrive as strings; an empty value ('status=' from an "All" filter) means
 * "not set". A bad value is a 400 with one of the messages below, never a silent fallback.
 */
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../constants';
import type {
  adminContactMessageSchema,
  adminOrderListSchema,
  adminOrderSchema,
  dashboardSummarySchema,
  lowStockVariantSchema,
  orderCustomerSchema,
} from './answers/admin';

/** Orders per page on the admin screen. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_LIMIT = 100;
/** The default low-stock threshold; the shop's own is a setting (`inventory.lowStockThreshold`). */
export const LOW_STOCK_THRESHOLD = 5;
/** Rows the dashboard lists per low-stock group: sold out, and 1 to 5 left. */
export const LOW_STOCK_MAX_ROWS = 20;
/** Days in the dashboard's revenue chart, today included. */
export const REVENUE_DAYS = 30;
/** Statuses whose unpaid (Cash on Delivery) orders are not counted on the dashboard: nothing is to be collected. Paid orders count net of refunds. */
export const NON_REVENUE_STATUSES: readonly OrderStatus[] = ['cancelled', 'returned', 'refunded'];
export const ORDER_NOTE_MAX = 500;
export const SEARCH_MAX = 100;

export { orderRef } from '../order-ref';

/** PostgreSQL text cannot hold NUL characters; refusing them keeps bad input a 400, not a 500. */
export const INVALID_CHARACTERS = 'Text contains invalid characters';
const noNul = (value: string) => !value.includes('\u0000');

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A query-string value: trimmed, and '' read as absent, before `inner` checks it. */
const queryValue = <T extends z.ZodType<unknown, string | undefined>>(inner: T, message: string) =>
  z
    .string({ error: message })
    .refine(noNul, INVALID_CHARACTERS)
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(inner);

const STATUS_MESSAGE = `Status must be one of: ${ORDER_STATUSES.join(', ')}`;
const statusQuery = queryValue(z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }).optional(), STATUS_MESSAGE);
const dateQuery = (label: string) => {
  const message = `${label} must be a date in YYYY-MM-DD form`;
  return queryValue(z.string().refine(isIsoDate, message).optional(), message);
};
const searchQuery = queryValue(
  z.string().max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`).optional(),
  'Search must be text',
);

const filterFields = {
  status: statusQuery,
  /** First day included, YYYY-MM-DD, read in India time (IST). */
  startDate: dateQuery('Start date'),
  /** Last day included, YYYY-MM-DD, read in India time (IST). */
  endDate: dateQuery('End date'),
  /** Order reference, e-mail, phone or customer name (part of any). */
  search: searchQuery,
};

const datesInOrder = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
const DATES_MESSAGE = 'Start date must be on or before the end date';

/** A whole-number query value within [min, max]; absent or '' gives `fallback`. */
const intQuery = (min: number, max: number, fallback: number, message: string) =>
  queryValue(
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .refine((n) => n >= min && n <= max, message)
      .optional(),
    message,
  ).transform((v) => v ?? fallback);

const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_LIMIT}`;

/** GET /api/orders/admin/all query: page, limit (default 20) and the filters. */
export const adminOrdersQuerySchema = z
  .object({
    page: intQuery(1, 1_000_000, 1, PAGE_MESSAGE),
    limit: intQuery(1, ADMIN_ORDERS_MAX_LIMIT, ADMIN_ORDERS_PAGE_SIZE, LIMIT_MESSAGE),
    ...filterFields,
  })
  .refine(datesInOrder, { message: DATES_MESSAGE, path: ['startDate'] });
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuerySchema>;
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** GET /api/orders/admin/export.csv query: the list's filters, no paging. */
export const ordersExportQuerySchema = z.object(filterFields).refine(datesInOrder, { message: DATES_MESSAGE, path: ['startDate'] });
export type OrderFilters = z.output<typeof ordersExportQuerySchema>;

/** PUT /api/orders/admin/{id}/status body: a status (the server allows only `DROPDOWN_MOVES`, core/order-status.ts), optional note (default ''). */
export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Please choose a valid order status' }),
  note: z
    .string({ error: 'Note must be text' })
    .refine(noNul, INVALID_CHARACTERS)
    .trim()
    .max(ORDER_NOTE_MAX, `Note must be at most ${ORDER_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
});
export type OrderStatusUpdateInput = z.input<typeof orderStatusUpdateSchema>;

/** Who placed an order: the account's name and e-mail; its phone, or the order's when the account has none. */
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** An order as the admin API answers it: the shopper shape plus the customer. */
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/orders/admin/all answer. `totalPages` is at least 1, so the screen reads "page 1 of 1". */
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** A low-stock row of the dashboard. */
export type LowStockVariant = z.infer<typeof lowStockVariantSchema>;

/** GET /api/admin/dashboard answer. Revenue in rupees; days are India dates. */
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /api/contacts query (admin): optional search over name, e-mail, phone and message. */
export const contactsQuerySchema = z.object({ search: searchQuery });

/** A contact message as the admin list shows it. */
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
