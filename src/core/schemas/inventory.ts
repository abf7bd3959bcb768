/**
 * The inventory ledger as the admin reads it (docs/decisions/0011-stock-ledger.md: stock
 * changes only through the inventory ledger): the reasons a size's stock changes, their labels,
 * the stale-form message and the history call's query and answer
 * (GET /api/admin/variants/{id}/stock-history).
 */
import { z } from 'zod';
import type { stockHistorySchema } from './answers/admin';

/** Why a size's stock changed; one ledger row per change. */
export const STOCK_CHANGE_REASONS = [
  'sale',
  'cancellation',
  'return_restock',
  'exchange_reservation',
  'exchange_release',
  'adjustment',
  'import',
] as const;
export type StockChangeReasonName = (typeof STOCK_CHANGE_REASONS)[number];

/** How the history dialog names each reason. */
export const STOCK_CHANGE_LABELS: Record<StockChangeReasonName, string> = {
  sale: 'Sale',
  cancellation: 'Order cancelled',
  return_restock: 'Return restocked',
  exchange_reservation: 'Exchange reserved',
  exchange_release: 'Exchange released',
  adjustment: 'Admin adjustment',
  import: 'Shopify import',
};

/** Longest note an admin may give with a stock adjustment. */
export const STOCK_NOTE_MAX = 200;

/** The 409 answer when a size's stock moved between loading the product form and saving it. */
export const stockChangedMessage = (size: string, now: number) => `Stock for ${size} changed since you opened this form (now ${now})`;

/** Entries per page of the history dialog, and the most one call may ask for. */
export const STOCK_HISTORY_PAGE_SIZE = 20;
export const STOCK_HISTORY_MAX_LIMIT = 100;

const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${STOCK_HISTORY_MAX_LIMIT}`;

/** A whole-number query value within [min, max]; absent or '' gives `fallback`. */
const intQuery = (min: number, max: number, fallback: number, message: string) =>
  z
    .union([z.literal(''), z.string({ error: message }).regex(/^\d{1,9}$/, message)], { error: message })
    .optional()
    .transform((v) => (v ? Number(v) : fallback))
    .refine((n) => n >= min && n <= max, message);

/** GET /api/admin/variants/{id}/stock-history query: page (from 1) and limit (default 20). */
export const stockHistoryQuerySchema = z.object({
  page: intQuery(1, 1_000_000, 1, PAGE_MESSAGE),
  limit: intQuery(1, STOCK_HISTORY_MAX_LIMIT, STOCK_HISTORY_PAGE_SIZE, LIMIT_MESSAGE),
});
export type StockHistoryQuery = z.output<typeof stockHistoryQuerySchema>;

/** One ledger row as the history dialog shows it. */
export type StockHistoryEntry = StockHistory['entries'][number];

/** GET /api/admin/variants/{id}/stock-history answer: newest first. `totalPages` is at least 1. */
export type StockHistory = z.infer<typeof stockHistorySchema>;
