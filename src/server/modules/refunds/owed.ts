/**
 * Money the shop owes until Razorpay has answered for it (docs/decisions/0017-refunds-and-credit-notes.md
 * "Money owed is written down first"). Two kinds of refund are owed:
 * - a paid checkout that could not become an order (`refunds`, one per payment; written in the same
 *   transaction that fails the attempt, before Razorpay is asked);
 * - a refund of an order (`order_refunds`; refunds/service.ts writes it before asking Razorpay).
 *
 * Each is asked of Razorpay with `X-Refund-Idempotency` = the refund's id and attempt, so asking again
 * after a timeout or a 5xx gets the refund Razorpay already made, never a second. `settleOwedRefunds`
 * (run every minute, jobs.ts) takes every refund still pending a few minutes after it was last looked
 * at: one Razorpay never answered is asked again with the same key; one Razorpay accepted is looked up
 * (fetch refund) and settled. `listUnsettledRefunds` shows the dashboard what is still owed, with its
 * age. Amounts in paise; Razorpay's refund API: https://razorpay.com/docs/api/refunds/.
 */
import { and, asc, eq, lte, ne, or } from 'drizzle-orm';
import { formatINR, toRupees } from '../../../core/money';
import type { UnsettledRefund } from '../../../core/refunds';
import type { Database, Tx } from '../../db/client';
import { checkoutAttempts, creditNotes, orderRefunds, refunds } from '../../db/schema';
import { conflict, isUuid, notFound } from '../../errors';
import { isRefusal, RazorpayError, type RazorpayClient, type RazorpayRefund } from '../../integrations/razorpay/razorpay-client';
import { recordAudit, type AuditActor } from '../audit/record';
import { settleOrderRefund, type RefundDeps } from './service';

/** A pending refund is looked at again once it has gone this long without news. */
export const SETTLE_AFTER_MS = 5 * 60_000;

type AttemptRefundRow = typeof refunds.$inferSelect;

/** Writes Razorpay's answer for an attempt refund (only while pending) and marks its attempt refunded. */
async function applyAttemptAnswer(db: Database, row: AttemptRefundRow, answer: RazorpayRefund, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(refunds)
      .set({
        razorpayRefundId: answer.id,
        status: answer.status,
        failureReason: answer.status === 'failed' ? 'Razorpay could not refund the payment' : null,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (moved && answer.status !== 'failed') {
      await tx.update(checkoutAttempts).set({ status: 'refunded', updatedAt: now }).where(eq(checkoutAttempts.id, row.checkoutAttemptId));
    }
  });
}

/**
 * Asks Razorpay for a pending attempt refund `refundId` (paid checkout that could not be filled): a
 * new call under the refund's idempotency key, or, once Razorpay has a refund for it, a look-up.
 * Never throws for Razorpay's failures: a refusal fails the refund (listed on the dashboard), no
 * answer leaves it pending for the next run. Returns the row as it is afterwards (null when unknown).
 */
export async function sendAttemptRefund(
  deps: { db: Database; razorpay: RazorpayClient; log?: RefundDeps['log']; now?: () => Date },
  refundId: string,
): Promise<AttemptRefundRow | null> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.status !== 'pending') return row ?? null;
  const now = deps.now?.() ?? new Date();
  try {
    const answer = row.razorpayRefundId
      ? await deps.razorpay.fetchRefund(row.razorpayPaymentId, row.razorpayRefundId)
      : await deps.razorpay.refundPayment(row.razorpayPaymentId, {
          amountPaise: row.amountPaise,
          notes: { checkoutAttemptId: row.checkoutAttemptId, reason: row.reason.slice(0, 250) },
          idempotencyKey: `checkout_${row.id}_${row.attempt}`,
        });
    await applyAttemptAnswer(deps.db, row, answer, now);
  } catch (err) {
    if (!(err instanceof RazorpayError)) throw err;
    if (isRefusal(err)) {
      await deps.db
        .update(refunds)
        .set({ status: 'failed', failureReason: err.message.slice(0, 300), updatedAt: now })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')));
    } else {
      deps.log?.warn({ refundId: row.id, code: err.code }, 'razorpay checkout refund not answered; asked again later');
      await touch(deps.db, row.id, now);
    }
  }
  const [after] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  return after;
}

/** Marks a still-pending attempt refund as looked at now, so the next look waits SETTLE_AFTER_MS. */
async function touch(db: Database, refundId: string, now: Date): Promise<void> {
  await db
    .update(refunds)
    .set({ updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/**
 * An admin's retry of an attempt refund (the dashboard's Retry): a failed one is asked again under a
 * new idempotency key (Razorpay's failed refund is final); a pending one is asked again or looked up.
 * With `staff`, the retry's audit row ('refund.retry', entity 'refund': the payment never became an
 * order) is written with it. Throws 404 for an unknown refund, 409 for one already processed.
 */
export async function retryAttemptRefund(deps: RefundDeps, refundId: string, staff?: AuditActor): Promise<AttemptRefundRow> {
  if (!isUuid(refundId)) throw notFound('Refund not found');
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!row) throw notFound('Refund not found');
    if (row.status === 'processed') throw conflict('This refund has already been processed');
    if (row.status === 'failed') {
      await tx
        .update(refunds)
        .set({ status: 'pending', attempt: row.attempt + 1, razorpayRefundId: null, failureReason: null, updatedAt: now })
        .where(eq(refunds.id, row.id));
    }
    if (staff) {
      const amount = formatINR(toRupees(row.amountPaise));
      await recordAudit(tx, staff, {
        action: 'refund.retry',
        entity: 'refund',
        entityId: row.id,
        summary:
          row.status === 'failed'
            ? `Retried the failed refund of ${amount} for a payment that could not become an order`
            : `Asked Razorpay again about the pending refund of ${amount} for a payment that could not become an order`,
        changes: row.status === 'failed' ? { status: { before: 'failed', after: 'pending' } } : {},
      });
    }
  });
  return (await sendAttemptRefund(deps, refundId))!;
}

/**
 * The job (jobs.ts, every minute): every refund still pending `minAgeMs` after it was last looked at
 * (default {@link SETTLE_AFTER_MS}) is asked again or looked up, oldest first, at most `limit` of
 * each kind per run. Returns how many of each were looked at and how many are still pending after.
 */
export async function settleOwedRefunds(
  deps: RefundDeps,
  opts: { minAgeMs?: number; limit?: number } = {},
): Promise<{ checked: number; stillPending: number }> {
  const now = deps.now?.() ?? new Date();
  const before = new Date(now.getTime() - (opts.minAgeMs ?? SETTLE_AFTER_MS));
  const limit = opts.limit ?? 100;
  const attemptRows = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  const orderRows = await deps.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), eq(orderRefunds.method, 'razorpay'), lte(orderRefunds.updatedAt, before)))
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
  let stillPending = 0;
  for (const { id } of attemptRows) {
    const after = await sendAttemptRefund(deps, id);
    if (after?.status === 'pending') stillPending++;
  }
  for (const { id } of orderRows) {
    await settleOrderRefund(deps, id);
    const [after] = await deps.db.select({ status: orderRefunds.status }).from(orderRefunds).where(eq(orderRefunds.id, id));
    if (after?.status === 'pending') stillPending++;
  }
  return { checked: attemptRows.length + orderRows.length, stillPending };
}

/**
 * What the shop still owes, for the dashboard: every failed refund and every refund pending longer
 * than `minAgeMs` (default {@link SETTLE_AFTER_MS}), of orders and of checkouts that never became
 * orders, oldest first, with their age in minutes at `now`. Rupees.
 */
export async function listUnsettledRefunds(
  db: Tx,
  now: Date,
  opts: { minAgeMs?: number; limit?: number } = {},
): Promise<UnsettledRefund[]> {
  const before = new Date(now.getTime() - (opts.minAgeMs ?? SETTLE_AFTER_MS));
  const limit = opts.limit ?? 50;
  const ageMinutes = (createdAt: Date) => Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  const orderRows = await db
    .select({ refund: orderRefunds, noteNumber: creditNotes.number })
    .from(orderRefunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, orderRefunds.id))
    .where(or(eq(orderRefunds.status, 'failed'), and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.createdAt, before))))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(limit);
  const attemptRows = await db
    .select({ refund: refunds, email: checkoutAttempts.email })
    .from(refunds)
    .innerJoin(checkoutAttempts, eq(checkoutAttempts.id, refunds.checkoutAttemptId))
    .where(and(ne(refunds.status, 'processed'), or(eq(refunds.status, 'failed'), lte(refunds.createdAt, before))))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return [
    ...orderRows.map(({ refund: r, noteNumber }): UnsettledRefund => ({
      _id: r.id,
      kind: 'order',
      orderId: r.orderId,
      email: null,
      amount: toRupees(r.amountPaise),
      reason: r.reason,
      status: r.status,
      failureReason: r.failureReason,
      creditNoteNumber: noteNumber,
      createdAt: r.createdAt.toISOString(),
      ageMinutes: ageMinutes(r.createdAt),
    })),
    ...attemptRows.map(({ refund: r, email }): UnsettledRefund => ({
      _id: r.id,
      kind: 'checkout',
      orderId: null,
      email,
      amount: toRupees(r.amountPaise),
      reason: r.reason,
      status: r.status,
      failureReason: r.failureReason,
      creditNoteNumber: null,
      createdAt: r.createdAt.toISOString(),
      ageMinutes: ageMinutes(r.createdAt),
    })),
  ].sort((a, b) => b.ageMinutes - a.ageMinutes);
}
