/**
 * Cash on Delivery confirmation (docs/architecture.md#cod-confirmation). A COD order the settings
 * ask to confirm (`codConfirmation.mode`: 'all', or 'above' a total) is placed 'awaiting' with a
 * deadline (payments/cod.ts); until it is confirmed it is not packed or shipped (orders/lifecycle.ts
 * refuses: 400 'Confirm the Cash on Delivery order first').
 *
 * - `confirmCodOrder`: the shopper (order page, mail link, WhatsApp reply) or an admin after a call
 *   confirms: `cod_confirmation` 'confirmed' and the order placed → confirmed through the lifecycle,
 *   under the order's lock. Confirming again answers the same; a cancelled order is 409.
 * - `declineCodOrder`: the shopper says no: the shopper's own cancellation (refunds/service.ts
 *   `cancelOrder`: stock back through the ledger, coupon back, credit note, mail).
 * - `expireCodConfirmations` (every minute, jobs.ts): orders still awaiting past their deadline are
 *   cancelled by the shop ('Not confirmed in time') or, with expiry 'hold', held for a call. Each is
 *   re-checked under its lock, so several instances and a shopper's confirm racing the job leave
 *   exactly one outcome.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { COD_CANCELLED, COD_NOT_ASKED, COD_NOT_CONFIRMED, codUnconfirmed } from '../../../core/cod-confirmation';
import { orderRef } from '../../../core/schemas/admin-orders';
import { orders } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/record';
import { lockOrder, moveOrder, noteOrder, type OrderMover, type OrderRow } from '../orders/lifecycle';
import { cancelOrder, type RefundDeps } from '../refunds/service';

/** What the confirmation needs: the refunds' dependencies (the cancel path) with the clock. */
export type CodConfirmationDeps = RefundDeps;

/** The reason a shopper's "Cancel" on the confirmation gives the cancellation (timeline and mail). */
export const DECLINED_REASON = 'Cancelled at the Cash on Delivery confirmation';

/** Orders the deadline job takes per run; the rest wait for the next minute. */
const EXPIRY_BATCH = 100;

/**
 * Confirms Cash on Delivery order `orderId` (see the module docstring). `by`: the shopper (`ownerId`
 * must own it: 404 otherwise) or an admin (`by.audit`: the audit row 'order.cod-confirm').
 * Returns true when confirmed now, false when it was confirmed before. Throws 404 for an unknown
 * order, 409 COD_CANCELLED for a cancelled (or later) order, 409 COD_NOT_ASKED for an order that
 * never waited for a confirmation.
 */
export async function confirmCodOrder(
  deps: Pick<CodConfirmationDeps, 'db' | 'now'>,
  orderId: string,
  by: OrderMover,
  ownerId?: string,
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (ownerId !== undefined && row.userId !== ownerId) throw notFound('Order not found');
    if (row.codConfirmation === 'confirmed') return false;
    if (row.status === 'cancelled' || row.status === 'refunded') throw conflict(COD_CANCELLED);
    if (!codUnconfirmed(row.codConfirmation)) throw conflict(COD_NOT_ASKED);
    await tx.update(orders).set({ codConfirmation: 'confirmed', updatedAt: now }).where(eq(orders.id, row.id));
    const confirmed: OrderRow = { ...row, codConfirmation: 'confirmed' };
    const note = by.actor === 'admin' ? 'Cash on Delivery confirmed by the shop after a call' : 'Cash on Delivery confirmed by the shopper';
    const audit = { action: 'order.cod-confirm', summary: `Order #${orderRef(row.id)}: Cash on Delivery confirmed after a call` };
    if (row.status === 'placed') {
      await moveOrder(tx, confirmed, { to: 'confirmed', note, by, now, audit });
    } else {
      await noteOrder(tx, confirmed, { note, by, now });
      if (by.audit) await recordAudit(tx, by.audit, { ...audit, entity: 'order', entityId: row.id });
    }
    return true;
  });
}

/**
 * The shopper declines: cancels their order `orderId` as the shopper `userId` (refunds/service.ts
 * `cancelOrder`, with DECLINED_REASON). Idempotent; throws what `cancelOrder` throws (404 for
 * someone else's order, 400 once shipped).
 */
export async function declineCodOrder(deps: CodConfirmationDeps, orderId: string, userId: string): Promise<void> {
  await cancelOrder(deps, orderId, { id: userId, role: 'customer' }, { reason: DECLINED_REASON });
}

/** What one run of the deadline job did. */
export interface ExpiryRun {
  cancelled: number;
  held: number;
}

/**
 * The deadline job (see the module docstring): with the settings' `codConfirmation.expiry`, cancels
 * ('cancel') or holds ('hold') each order still awaiting past its deadline at `now`, oldest deadline
 * first, up to EXPIRY_BATCH per run. An order confirmed, cancelled or held meanwhile (by the shopper
 * or another instance) is left alone: the condition is checked again under its lock. A failure on
 * one order is logged and the run goes on.
 */
export async function expireCodConfirmations(deps: CodConfirmationDeps): Promise<ExpiryRun> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.codConfirmation, 'awaiting'), lte(orders.codConfirmBy, now)))
    .orderBy(asc(orders.codConfirmBy))
    .limit(EXPIRY_BATCH);
  if (due.length === 0) return { cancelled: 0, held: 0 };
  const { expiry } = (await deps.settings()).codConfirmation;
  const stillDue = (row: OrderRow) => row.codConfirmation === 'awaiting' && row.codConfirmBy !== null && row.codConfirmBy <= now;
  const run: ExpiryRun = { cancelled: 0, held: 0 };
  for (const { id } of due) {
    try {
      if (expiry === 'hold') {
        if (await holdOrder(deps, id, now, stillDue)) run.held += 1;
      } else if (await cancelOrder(deps, id, { id: null, role: 'system' }, { reason: COD_NOT_CONFIRMED, onlyIf: stillDue })) {
        run.cancelled += 1;
      }
    } catch (err) {
      deps.log?.error({ err, orderId: id }, 'COD confirmation deadline not applied');
    }
  }
  return run;
}

/** Holds one order for the shop's call, under its lock, when `stillDue`; true when held now. */
async function holdOrder(deps: CodConfirmationDeps, orderId: string, now: Date, stillDue: (row: OrderRow) => boolean): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!stillDue(row)) return false;
    await tx.update(orders).set({ codConfirmation: 'held', updatedAt: now }).where(eq(orders.id, row.id));
    await noteOrder(tx, row, { note: `${COD_NOT_CONFIRMED}: held for a call from the shop`, by: { actor: 'system' }, now });
    return true;
  });
}
