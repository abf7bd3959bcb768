/**
 * Stock moves only through the inventory ledger (issue 21 "Stock you can trust"; DESIGN.md): each
 * function here changes `variants.stock_qty` and appends the matching `inventory_ledger` row in one
 * SQL statement, so a change and its record exist together or not at all, and the ledger of a size
 * always sums to its stock. Callers run them inside their own transaction (a product save, a status
 * change, an order placement). Quantities are whole pieces.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inventoryLedger, type StockChangeReason } from '../../db/schema';

/** Who and why, recorded on the ledger row. */
export interface StockChangeMeta {
  reason: StockChangeReason;
  /** The order behind a sale, cancellation, return or exchange. */
  orderId?: string | null;
  /** The admin behind an adjustment or a status change. */
  adminId?: string | null;
  note?: string;
  /** When it happened (default: now). */
  at?: Date;
}

const metaColumns = (meta: StockChangeMeta) => {
  const at = (meta.at ?? new Date()).toISOString();
  return {
    at: sql`${at}::timestamptz`,
    reason: sql`${meta.reason}::text`,
    orderId: sql`${meta.orderId ?? null}::uuid`,
    adminId: sql`${meta.adminId ?? null}::uuid`,
    note: sql`${meta.note ?? ''}::text`,
  };
};

/**
 * Adds `delta` pieces (negative takes them) to one variant's stock and records it. With `expected`,
 * the change applies only while the stock still equals it (an admin form's loaded value). Never
 * takes stock below 0. Returns the stock after the change, or null when nothing changed (unknown
 * variant, stock no longer `expected`, or not enough stock).
 */
export async function changeStock(
  tx: Tx,
  change: { variantId: string; delta: number; expected?: number } & StockChangeMeta,
): Promise<number | null> {
  const m = metaColumns(change);
  const delta = sql`${change.delta}::int`;
  const result = await tx.execute<{ stock_after: number }>(sql`
    with changed as (
      update variants set stock_qty = stock_qty + ${delta}, updated_at = ${m.at}
      where id = ${change.variantId}::uuid and stock_qty + ${delta} >= 0
        ${change.expected === undefined ? sql`` : sql`and stock_qty = ${change.expected}::int`}
      returning id, stock_qty
    )
    insert into ${inventoryLedger} (variant_id, delta, stock_after, reason, order_id, admin_id, note, created_at)
    select id, ${delta}, stock_qty, ${m.reason}, ${m.orderId}, ${m.adminId}, ${m.note}, ${m.at} from changed
    returning stock_after`);
  const [row] = result.rows;
  return row ? Number(row.stock_after) : null;
}

/**
 * Sets one variant's stock to `target` (the spec's absolute stockQty, for a client that does not
 * send what it loaded) and records the difference; no row when the stock already is `target`.
 * The caller holds the variant's row lock. Returns the stock after, or null for an unknown variant.
 */
export async function setStock(tx: Tx, change: { variantId: string; target: number } & StockChangeMeta): Promise<number | null> {
  const m = metaColumns(change);
  const result = await tx.execute<{ stock_qty: number }>(sql`
    with cur as (select id, stock_qty from variants where id = ${change.variantId}::uuid),
    changed as (
      update variants v set stock_qty = ${change.target}::int, updated_at = ${m.at}
      from cur where v.id = cur.id and cur.stock_qty <> ${change.target}::int
      returning v.id, v.stock_qty, v.stock_qty - cur.stock_qty as delta
    ),
    logged as (
      insert into ${inventoryLedger} (variant_id, delta, stock_after, reason, order_id, admin_id, note, created_at)
      select id, delta, stock_qty, ${m.reason}, ${m.orderId}, ${m.adminId}, ${m.note}, ${m.at} from changed
    )
    select coalesce((select stock_qty from changed), (select stock_qty from cur)) as stock_qty`);
  const [row] = result.rows;
  return row?.stock_qty === null || row?.stock_qty === undefined ? null : Number(row.stock_qty);
}

/**
 * Records the stock a new variant starts with (it was inserted with `stock` pieces in the same
 * transaction), so that its ledger sums to its stock from the first row.
 */
export async function recordOpeningStock(tx: Tx, variantId: string, stock: number, meta: StockChangeMeta): Promise<void> {
  await tx.insert(inventoryLedger).values({
    variantId,
    delta: stock,
    stockAfter: stock,
    reason: meta.reason,
    orderId: meta.orderId ?? null,
    adminId: meta.adminId ?? null,
    note: meta.note ?? '',
    createdAt: meta.at ?? new Date(),
  });
}
