/**
 * A staff member's adjustment of a shopper's store credit (docs/architecture.md#store-credit): POST
 * /api/admin/customers/{id}/store-credit/adjustments { amount (rupees, + credits, − debits), note }.
 * One transaction, under the shopper's row lock (the wallet's `lockBalance`): the ledger row (reason
 * 'adjustment', the note, who) with the new balance, and its audit row ('customer.store-credit-adjust').
 * Never below zero: a debit beyond the balance is 409 `notEnoughCredit`, nothing written. A credit is
 * money given, so it is held to the staff member's refund limit (docs/decisions/0023-staff-roles.md).
 *
 * Idempotent by the `Idempotency-Key` header (required): the key is kept on the audit row, and a
 * retry finds that row under the same lock (every change of the balance takes it), so the same key
 * never changes the balance twice; it answers the first adjustment, or 422 when the key was used
 * for another amount or note. The ledger has no key column (the schema is fixed), so the audit row,
 * written in the same transaction as the change, is where the key lives.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatINR, toRupees } from '../../../core/money';
import type { ShopSettings } from '../../../core/schemas/settings';
import type { Database } from '../../db/client';
import { auditLog, storeCreditLedger, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { assertWithinRefundLimit } from '../refunds/limits';
import { changeCredit, lockBalance, type LedgerRow } from './wallet';

/** The audit action of an adjustment; its row keeps the request's key. */
export const ADJUST_ACTION = 'customer.store-credit-adjust';

/** What the staff member asks: paise (signed, not 0) and the reason the shopper and the log read. */
export interface AdjustmentRequest {
  customerId: string;
  amountPaise: number;
  note: string;
  idempotencyKey: string;
  actor: AuditActor;
}

/**
 * Adjusts the balance of `customerId` by `amountPaise`. Returns the ledger row and whether it was
 * written now (`replayed` true: the key's earlier adjustment). Throws 400 for an amount of 0 or a
 * note left empty, 404 'Customer not found', 403 for a credit above the staff member's refund limit,
 * 409 'Not enough store credit: ₹x is available' for a debit beyond the balance, 422 for a key used
 * with another amount or note.
 */
export async function adjustStoreCredit(
  db: Database,
  req: AdjustmentRequest,
  settings: Pick<ShopSettings, 'staffPolicy'>,
): Promise<{ row: LedgerRow; replayed: boolean }> {
  if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise === 0) {
    throw badRequest('Enter an amount other than ₹0', { amount: 'Enter an amount other than ₹0' });
  }
  const note = req.note.trim();
  if (!note) throw badRequest('Say why: the shopper sees this note', { note: 'Say why: the shopper sees this note' });
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, req.customerId));
  if (!customer) throw notFound('Customer not found');
  return db.transaction(async (tx) => {
    // The shopper's row lock first: every change of this balance waits here, so the check for the
    // key below sees any earlier adjustment with it.
    await lockBalance(tx, req.customerId);
    const [earlier] = await tx
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, ADJUST_ACTION),
          eq(auditLog.entity, 'customer'),
          eq(auditLog.entityId, req.customerId),
          sql`${auditLog.changes} -> 'idempotencyKey' ->> 'after' = ${req.idempotencyKey}`,
        ),
      );
    if (earlier) {
      const ledgerId = earlier.changes.ledgerEntry?.after as string | undefined;
      const [row] = ledgerId ? await tx.select().from(storeCreditLedger).where(eq(storeCreditLedger.id, ledgerId)) : [];
      if (!row || row.deltaPaise !== req.amountPaise || row.note !== note) {
        throw new AppError(422, 'This Idempotency-Key was used for another adjustment');
      }
      return { row, replayed: true };
    }
    if (req.amountPaise > 0) assertWithinRefundLimit(req.actor.role, req.amountPaise, settings.staffPolicy);
    const { row } = await changeCredit(tx, {
      userId: req.customerId,
      deltaPaise: req.amountPaise,
      reason: 'adjustment',
      note,
      actorId: req.actor.id,
    });
    const amount = formatINR(toRupees(Math.abs(req.amountPaise)));
    await recordAudit(tx, req.actor, {
      action: ADJUST_ACTION,
      entity: 'customer',
      entityId: req.customerId,
      summary: `${req.amountPaise > 0 ? 'Added' : 'Took'} ${amount} ${req.amountPaise > 0 ? 'to' : 'from'} store credit: ${note}`,
      changes: {
        storeCreditPaise: { before: row.balanceAfterPaise - row.deltaPaise, after: row.balanceAfterPaise },
        ledgerEntry: { before: null, after: row.id },
        idempotencyKey: { before: null, after: req.idempotencyKey },
      },
    });
    return { row, replayed: false };
  });
}
