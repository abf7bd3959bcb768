/**
 * A variant's stock history: the inventory ledger rows of one variant (its colour beside its size, so
 * the dialog names it "Maroon / M"), newest first, paged,
 * with the order reference or the admin behind each change. Never sees HTTP.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { StockHistory, StockHistoryQuery } from '../../../core/schemas/inventory';
import type { Database } from '../../db/client';
import { inventoryLedger, products, users, variants } from '../../db/schema';
import { isUuid, notFound } from '../../errors';

export const VARIANT_NOT_FOUND = 'Variant not found';

/**
 * GET /api/admin/variants/{id}/stock-history: the variant (with its product's title and its stock
 * now) and `limit` ledger rows of page `page`, newest first. A page past the end answers no entries
 * with the real totals. Throws 404 'Variant not found' for an unknown or malformed id.
 */
export async function getStockHistory(db: Database, variantId: string, query: StockHistoryQuery): Promise<StockHistory> {
  if (!isUuid(variantId)) throw notFound(VARIANT_NOT_FOUND);
  const [variant] = await db
    .select({
      _id: variants.id,
      productId: variants.productId,
      productTitle: products.title,
      colour: variants.colour,
      size: variants.size,
      sku: variants.sku,
      stockQty: variants.stockQty,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  if (!variant) throw notFound(VARIANT_NOT_FOUND);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inventoryLedger)
    .where(eq(inventoryLedger.variantId, variantId));
  const rows = await db
    .select({ entry: inventoryLedger, adminName: users.name })
    .from(inventoryLedger)
    .leftJoin(users, eq(users.id, inventoryLedger.adminId))
    .where(eq(inventoryLedger.variantId, variantId))
    .orderBy(desc(inventoryLedger.createdAt), desc(inventoryLedger.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    variant,
    entries: rows.map(({ entry, adminName }) => ({
      _id: entry.id,
      at: entry.createdAt.toISOString(),
      delta: entry.delta,
      stockAfter: entry.stockAfter,
      reason: entry.reason,
      order: entry.orderId ? { _id: entry.orderId, ref: orderRef(entry.orderId) } : null,
      admin: entry.adminId && adminName !== null ? { _id: entry.adminId, name: adminName } : null,
      note: entry.note,
    })),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(count / query.limit)),
    totalEntries: count,
  };
}
