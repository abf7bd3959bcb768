/**
 * The store credit wallet (docs/architecture.md#store-credit): the one writer of
 * `users.store_credit_paise`. Every change is a `store_credit_ledger` row (signed paise, the balance
 * after it, the reason and what it is for) written with the new balance in the caller's transaction,
 * under the shopper's row lock (`select … for update`), so two changes at once take turns and the
 * ledger always sums to the balance. The balance never goes below zero: a debit beyond it is refused
 * with 409 before anything is written (and the table's checks refuse it again).
 *
 * Idempotent through the ledger's unique indexes: one row per (refund, reason) and per (order,
 * reason) for 'order' / 'order_cancelled'. A change whose row exists already returns that row and
 * changes nothing, so a retried refund credits once and an order spends, and gets back, once.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { formatINR, toRupees } from '../../../core/money';
import type { Tx } from '../../db/client';
import { storeCreditLedger, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';

export type LedgerRow = typeof storeCreditLedger.$inferSelect;
export type CreditReason = LedgerRow['reason'];

/** One change of a shopper's balance (paise). `deltaPaise` > 0 credits, < 0 debits. */
export interface CreditChange {
  userId: string;
  deltaPaise: number;
  reason: CreditReason;
  orderId?: string | null;
  refundId?: string | null;
  note?: string;
  actorId?: string | null;
}

/** The shopper's message when the balance cannot pay a debit (409). */
export const notEnoughCredit = (balancePaise: number) => `Not enough store credit: ${formatINR(toRupees(balancePaise))} is available`;

/** Locks the shopper's row for the rest of the transaction and returns their balance (paise); 404 for an unknown user. */
export async function lockBalance(tx: Tx, userId: string): Promise<number> {
  const { rows } = await tx.execute<{ balance: number }>(
    sql`select ${users.storeCreditPaise} as balance from ${users} where ${users.id} = ${userId} for update`,
  );
  if (rows.length === 0) throw notFound('Shopper not found');
  return Number(rows[0].balance);
}

/** The row a change is idempotent on: the same refund and reason, or the same order's spend / give-back. */
async function existingRow(tx: Tx, change: CreditChange): Promise<LedgerRow | undefined> {
  if (change.refundId) {
    const [row] = await tx
      .select()
      .from(storeCreditLedger)
      .where(and(eq(storeCreditLedger.refundId, change.refundId), eq(storeCreditLedger.reason, change.reason)));
    return row;
  }
  if (change.orderId && (change.reason === 'order' || change.reason === 'order_cancelled')) {
    const [row] = await tx
      .select()
      .from(storeCreditLedger)
      .where(and(eq(storeCreditLedger.orderId, change.orderId), eq(storeCreditLedger.reason, change.reason)));
    return row;
  }
  return undefined;
}

/**
 * Moves a shopper's balance by `change.deltaPaise` (a whole number of paise, not 0) in the caller's
 * transaction, under the shopper's row lock: writes the ledger row with the balance after it and the
 * new balance. Returns the row and whether it was written now (`created` false: the same refund or
 * order's row existed, nothing changed). Throws 409 `notEnoughCredit` for a debit beyond the balance
 * (nothing written), 404 for an unknown shopper, 400-free: callers pass computed amounts.
 */
export async function changeCredit(tx: Tx, change: CreditChange): Promise<{ row: LedgerRow; created: boolean }> {
  if (!Number.isSafeInteger(change.deltaPaise) || change.deltaPaise === 0) {
    throw new Error(`store credit change must be a whole, non-zero number of paise (${change.deltaPaise})`);
  }
  const balance = await lockBalance(tx, change.userId);
  const earlier = await existingRow(tx, change);
  if (earlier) return { row: earlier, created: false };
  const after = balance + change.deltaPaise;
  if (after < 0) throw conflict(notEnoughCredit(balance));
  await tx.update(users).set({ storeCreditPaise: after }).where(eq(users.id, change.userId));
  const [row] = await tx
    .insert(storeCreditLedger)
    .values({
      userId: change.userId,
      deltaPaise: change.deltaPaise,
      balanceAfterPaise: after,
      reason: change.reason,
      orderId: change.orderId ?? null,
      refundId: change.refundId ?? null,
      note: change.note ?? '',
      actorId: change.actorId ?? null,
      // The moment of this change, not the transaction's start: a refund and its bonus keep their order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return { row, created: true };
}

/** Credits `amountPaise` (> 0) to the shopper (see `changeCredit`). */
export const credit = (tx: Tx, change: Omit<CreditChange, 'deltaPaise'> & { amountPaise: number }) =>
  changeCredit(tx, { ...change, deltaPaise: change.amountPaise });

/** Debits `amountPaise` (> 0) from the shopper; 409 beyond the balance (see `changeCredit`). */
export const debit = (tx: Tx, change: Omit<CreditChange, 'deltaPaise'> & { amountPaise: number }) =>
  changeCredit(tx, { ...change, deltaPaise: -change.amountPaise });

/**
 * The bonus on a refund taken as store credit instead of money (docs/architecture.md#store-credit):
 * `percent` % of `amountPaise`, rounded down to the paisa (the shop never gives a fraction of a
 * paisa more than it promised). Integer arithmetic: exact for any amount.
 */
export function bonusPaise(amountPaise: number, percent: number): number {
  if (percent <= 0 || amountPaise <= 0) return 0;
  return Math.floor((amountPaise * percent) / 100);
}

/** A shopper's balance (paise) without locking; 0 for an unknown user. */
export async function balanceOf(db: Tx, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.storeCreditPaise }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/**
 * A shopper's ledger, newest first, `limit` rows before the cursor (`before`: the last row's
 * createdAt and id of the previous page).
 */
export async function historyOf(
  db: Tx,
  userId: string,
  opts: { limit?: number; before?: { createdAt: Date; id: string } } = {},
): Promise<LedgerRow[]> {
  const cursor = opts.before;
  return db
    .select()
    .from(storeCreditLedger)
    .where(
      and(
        eq(storeCreditLedger.userId, userId),
        cursor
          ? or(
              lt(storeCreditLedger.createdAt, cursor.createdAt),
              and(eq(storeCreditLedger.createdAt, cursor.createdAt), lt(storeCreditLedger.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(storeCreditLedger.createdAt), desc(storeCreditLedger.id))
    .limit(opts.limit ?? 50);
}
