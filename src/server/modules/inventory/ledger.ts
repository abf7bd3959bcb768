/**
 * Stock moves only through the inventory ledger (docs/decisions/0011-stock-ledger.md;
 * docs/architecture.md "Stock"): this file is the one writer of `variants.stock_qty` (the
 * single-writers test fails on any other). Each change of the stock and its `inventory_ledger` row
 * are one SQL statement, so a change and its record exist together or not at all, and the ledger of
 * a size always sums to its stock: an admin's adjustment (`changeStock`, `setStock`), an exchange's
 * reservation and release (`changeStock`), a cancelled or returned order's units (`returnOrderUnits`,
 * through orders/lifecycle.ts) and an order placement's sale (`saleSteps`, steps of the placement's
 * own statement). Callers run them inside their own transaction. Quantities are whole pieces.
 * A change that raises a size's stock also sends the back-in-stock alerts those pieces pay for, in
 * the same transaction (modules/stock-alerts/release.ts, docs/architecture.md#back-in-stock).
 */
import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { casing, type Tx } from '../../db/client';
import type { StockChangeReasonName } from '../../../core/schemas/inventory';
import { inventoryLedger, orderItems, variants } from '../../db/schema';
import { releaseStockAlerts } from '../stock-alerts/release';

/** Who and why, recorded on the ledger row. */
export interface StockChangeMeta {
  reason: StockChangeReasonName;
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
  if (row && change.delta > 0) await releaseStockAlerts(tx, change.variantId, change.delta);
  return row ? Number(row.stock_after) : null;
}

/**
 * Sets one variant's stock to `target` (the spec's absolute stockQty, for a client that does not
 * send what it loaded) and records the difference; no row when the stock already is `target`.
 * The caller holds the variant's row lock. Returns the stock after, or null for an unknown variant.
 */
export async function setStock(tx: Tx, change: { variantId: string; target: number } & StockChangeMeta): Promise<number | null> {
  const m = metaColumns(change);
  const result = await tx.execute<{ stock_qty: number; delta: number | null }>(sql`
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
    select coalesce((select stock_qty from changed), (select stock_qty from cur)) as stock_qty, (select delta from changed) as delta`);
  const [row] = result.rows;
  if (row && Number(row.delta) > 0) await releaseStockAlerts(tx, change.variantId, Number(row.delta));
  return row?.stock_qty === null || row?.stock_qty === undefined ? null : Number(row.stock_qty);
}

/**
 * Records the stock a new variant starts with (it was inserted with `stock` pieces in the same
 * transaction), so that its ledger sums to its stock from the first row.
 */
export async function recordOpeningStock(tx: Tx, variantId: string, stock: number, meta: StockChangeMeta): Promise<void> {
  await recordOpeningStocks(tx, [{ variantId, stock }], meta);
}

/**
 * recordOpeningStock for many new variants at once (the Shopify import's bulk create): one ledger
 * row each (a stock of 0 too), written by multi-row inserts of at most 1,000 rows, all with `meta`.
 */
export async function recordOpeningStocks(tx: Tx, rows: { variantId: string; stock: number }[], meta: StockChangeMeta): Promise<void> {
  const at = meta.at ?? new Date();
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(inventoryLedger).values(
      rows.slice(i, i + 1000).map(({ variantId, stock }) => ({
        variantId,
        delta: stock,
        stockAfter: stock,
        // The column's type predates the 'import' reason (core/schemas/inventory.ts lists them all).
        reason: meta.reason,
        orderId: meta.orderId ?? null,
        adminId: meta.adminId ?? null,
        note: meta.note ?? '',
        createdAt: at,
      })),
    );
  }
}

/**
 * Puts every line of order `orderId` back in stock: one `changeStock` per variant (the pieces of its
 * lines summed), in variant id order so two restocks never wait on each other in a cycle; lines
 * whose variant was deleted are skipped. `meta.reason` is 'cancellation' (cancelled before shipping)
 * or 'return_restock' (the parcel came back). The caller holds the order's row lock and decides that
 * the order was not restocked before (modules/orders/lifecycle.ts).
 */
export async function returnOrderUnits(
  tx: Tx,
  orderId: string,
  meta: { reason: 'cancellation' | 'return_restock'; adminId: string | null; note: string; at: Date },
): Promise<void> {
  const lines = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const perVariant = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId) perVariant.set(line.variantId, (perVariant.get(line.variantId) ?? 0) + line.quantity);
  }
  for (const [variantId, quantity] of [...perVariant].sort(([a], [b]) => a.localeCompare(b))) {
    await changeStock(tx, { variantId, delta: quantity, orderId, ...meta });
  }
}

const column = (c: Column) => sql.identifier(casing.getColumnCasing(c));

/**
 * The stock an order placement takes, as two steps (`taken`, then `ledger`) of the placement's one
 * statement (orders/place-order.ts: one round trip per order, which is what keeps checkout fast, so
 * the sale cannot be a `changeStock` call per line). `taken(id, stock_after, quantity)` takes
 * `quantities[i]` pieces (a SQL int[]) of `variantIds[i]` (a SQL uuid[]) where the variant is active
 * and has them, never below 0; `ledger` writes one 'sale' row per line taken for `orderId` at `now`.
 * `onlyLocked` names a step of the statement that locked the variants first (a multi-line order);
 * `condition` is appended to the update's WHERE (the placement's guard, or empty). The caller
 * compares `(select count(*) from taken)` with its number of lines: a short line is not taken.
 */
export function saleSteps(step: { variantIds: SQL; quantities: SQL; now: SQL; orderId: SQL; onlyLocked?: string; condition: SQL }): SQL[] {
  const { variantIds, quantities, now, orderId } = step;
  const locked = step.onlyLocked ? sql` and ${variants.id} in (select id from ${sql.identifier(step.onlyLocked)})` : sql``;
  return [
    sql`taken(id, stock_after, quantity) as (update ${variants} set ${column(variants.stockQty)} = ${variants.stockQty} - wanted.quantity, ${column(
      variants.updatedAt,
    )} = ${now} from unnest(${variantIds}, ${quantities}) as wanted(variant_id, quantity) where ${variants.id} = wanted.variant_id${locked} and ${
      variants.stockQty
    } >= wanted.quantity and ${variants.isActive}${step.condition} returning ${variants.id}, ${variants.stockQty}, wanted.quantity)`,
    sql`ledger as (insert into ${inventoryLedger} (${sql.join(
      [
        inventoryLedger.variantId,
        inventoryLedger.delta,
        inventoryLedger.stockAfter,
        inventoryLedger.reason,
        inventoryLedger.orderId,
        inventoryLedger.createdAt,
      ].map(column),
      sql`, `,
    )}) select id, -quantity, stock_after, 'sale', ${orderId}, ${now} from taken)`,
  ];
}
