/**
 * Refunds of placed orders and shopper/admin cancellations (docs/decisions/0017-refunds-and-credit-notes.md;
 * docs/architecture.md#refunds-and-returns: money moves only through explicit actions, each through Razorpay's Refunds API
 * at most once per action, each with a credit note).
 *
 * A refund is two steps:
 * 1. In one transaction under the order's row lock: the refund row (unique per order and idempotency
 *    key: a retried action finds its refund), the check that it fits in what is still refundable
 *    (paid minus every refund not failed, to the paisa; 400 otherwise), the GST credit note with its
 *    gapless number ('credit_note' series per financial year) and, unless the caller mails itself,
 *    the shopper's mail with the credit note attached by reference.
 * 2. After the commit, for a prepaid order: Razorpay's `POST /v1/payments/{id}/refund` with
 *    `X-Refund-Idempotency` = refund id + attempt, so asking again (a retry, a second caller, a crash
 *    between the call and our write) gets the same Razorpay refund, never a second one. Razorpay's
 *    answer (or its refund.processed / refund.failed webhook, whichever comes first) sets the status.
 *    A refusal (4xx) fails the refund; no answer (timeout, 5xx) leaves it pending for a retry.
 * Cash on Delivery: no provider call; the admin's bank/UPI reference is recorded and the refund is
 * processed at once. Nothing is paid on a COD order until it is collected, so there is nothing to refund.
 *
 * People's refunds are limited and logged (docs/decisions/0023-staff-roles.md "Refund limits";
 * docs/architecture.md#staff-and-roles): a discretionary refund (`RefundRequest.staff`) above the
 * staff member's role limit is refused (403) before anything is written (refunds/limits.ts); each
 * admin refund, retry, cancellation and undelivered return writes its audit row in its transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../core/constants';
import { IN_TRANSIT_STATUSES, PRE_SHIPMENT_STATUSES, canMove, transitionRefusal } from '../../../core/order-status';
import { documentNumber, financialYearOf } from '../../../core/financial-year';
import { formatINR, toRupees } from '../../../core/money';
import { SHIPPED_CANNOT_CANCEL, splitIncludedGst } from '../../../core/refunds';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { ShopSettings } from '../../../core/schemas/settings';
import type { Database, Tx } from '../../db/client';
import {
  creditNotes,
  documentSequences,
  mailOutbox,
  orderEvents,
  orderRefunds,
  orders,
  returnRequests,
  type CreditNoteLine,
} from '../../db/schema';
import { badRequest, conflict, isUuid, notFound } from '../../errors';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { isRefusal, RazorpayError, type RazorpayClient } from '../../integrations/razorpay/razorpay-client';
import { recordAudit, type AuditActor } from '../audit/record';
import type { InvoiceNumbering } from '../invoices/numbering';
import { loadInvoice } from '../invoices/service';
import { lockOrder, moveOrder, noteOrder, type OrderMover } from '../orders/lifecycle';
import { hydrateOrders } from '../orders/service';
import { credit as creditWallet, bonusPaise, lockBalance } from '../store-credit/wallet';
import { assertWithinRefundLimit } from './limits';
import { cancellationMail, refundMail } from './mail';
import { stageRefundWhatsApp } from '../whatsapp/order-updates';
import { paidPaise } from './summary';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** What refunds need: the database, Razorpay, the mail outbox, the shop settings (credit note prefix, seller). */
export interface RefundDeps {
  db: Database;
  razorpay: RazorpayClient;
  mail: MailQueue;
  settings: () => Promise<ShopSettings>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
  /** Numbers an order's invoice when a refund or cancel comes before its number (modules/invoices/numbering.ts). */
  invoiceNumbering?: Pick<InvoiceNumbering, 'numberFor'>;
}

/** One refund request (the contract the cancel, admin and returns actions call). Money in paise. */
export interface RefundRequest {
  orderId: string;
  amountPaise: number;
  reason: string;
  /** The lines and pieces refunded (a return); the credit note then credits those lines only. */
  lines?: { orderItemId: string; quantity: number }[];
  source: 'cancel' | 'admin' | 'return';
  returnId?: string;
  actorId: string | null;
  /** Same key, same order: the same refund, however often the action is retried. */
  idempotencyKey: string;
  /** Cash on Delivery: the bank or UPI reference of the admin's transfer (required there, unless to store credit). */
  manualReference?: string;
  /**
   * The money part goes to the shopper's store credit instead of the payment or a transfer (only with
   * the settings' store credit refunds on 'choice'; docs/architecture.md#store-credit).
   */
  toStoreCredit?: boolean;
  /**
   * The staff member issuing a discretionary refund (the admin's Refund, a return's refund): their
   * role's refund limit applies (refunds/limits.ts) and the audit log records the refund
   * ('order.refund'). Absent for the money a cancellation owes in full.
   */
  staff?: AuditActor;
}

/** A refund as stored (paise), with its credit note. */
export type Refund = RefundRow & { creditNote: { id: string; number: string } | null };

/** The credit note series' prefix: the invoice prefix with '/CN' ('RM' -> 'RM/CN/2026-27/00001'). */
export const creditNotePrefix = (invoicePrefix: string) => `${invoicePrefix}/CN`;

/**
 * What an order's refunds add up to (paise): `claimed`, every refund recorded, failed ones included
 * (a failed refund is still owed: it is retried or settled by transfer, never made again as a new
 * refund with a second credit note); `processed`, the money that went back.
 */
async function refundedPaise(tx: Tx, orderId: string): Promise<{ claimed: number; processed: number }> {
  const [row] = await tx
    .select({
      claimed: sql<number>`coalesce(sum(${orderRefunds.amountPaise}), 0)::int`,
      processed: sql<number>`coalesce(sum(${orderRefunds.amountPaise}) filter (where ${orderRefunds.status} = 'processed'), 0)::int`,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return { claimed: Number(row.claimed), processed: Number(row.processed) };
}

/**
 * The credit note's lines: `amountPaise` shared to the paisa over the credited lines (for `lines`, the
 * chosen pieces' share of what was paid for each line; else every invoice line, the COD charge
 * included, by what was paid for it), each share's included GST split at the line's rate as the
 * invoice split it. The lines sum to `amountPaise` exactly. Throws 400 for a line not on the order or
 * more pieces than it has.
 */
export function creditLines(
  invoiceLines: Awaited<ReturnType<typeof loadInvoice>>['lines'],
  intraState: boolean,
  amountPaise: number,
  lines?: { orderItemId: string; quantity: number }[],
): CreditNoteLine[] {
  const picked = lines
    ? lines.map((l) => {
        const line = invoiceLines.find((i) => i.orderItemId === l.orderItemId);
        if (!line) throw badRequest('A refunded line is not on this order', { lines: 'A refunded line is not on this order' });
        if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > line.quantity) {
          throw badRequest(`At most ${line.quantity} of ${line.description} can be refunded`, { lines: 'Too many pieces' });
        }
        return { line, quantity: l.quantity, weight: Math.round((line.totalPaise * l.quantity) / line.quantity) };
      })
    : invoiceLines.map((line) => ({ line, quantity: line.quantity, weight: line.totalPaise }));
  const weightSum = picked.reduce((s, p) => s + p.weight, 0);
  if (weightSum <= 0) throw badRequest('Nothing on these lines was paid for');
  // Largest remainder over the weights (BigInt: weight × amount can pass 2^53).
  const shares = picked.map((p, index) => {
    const exact = BigInt(p.weight) * BigInt(amountPaise);
    return { index, floor: Number(exact / BigInt(weightSum)), remainder: exact % BigInt(weightSum) };
  });
  let left = amountPaise - shares.reduce((s, x) => s + x.floor, 0);
  for (const share of [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))) {
    if (left <= 0) break;
    share.floor += 1;
    left -= 1;
  }
  return picked
    .map((p, i) => ({ p, total: shares[i].floor }))
    .filter(({ total }) => total > 0)
    .map(({ p, total }) => ({
      orderItemId: p.line.orderItemId,
      description: p.line.description,
      size: p.line.size,
      hsn: p.line.hsn,
      quantity: p.quantity,
      taxRateBp: p.line.taxRateBp,
      ...splitIncludedGst(total, p.line.taxRateBp, intraState),
      totalPaise: total,
    }));
}

/**
 * Step 1 (see the module docstring), in the caller's transaction with the order row `order` locked.
 * Returns the refund (an existing one for a known key), the staged mail (only for a new refund with
 * `opts.mail`) and whether it was made now; a new refund with `req.staff` writes its audit row. Throws
 * 400 for a bad amount, more than is refundable, or a COD refund without its reference; 403 for a
 * refund above `req.staff`'s role limit (nothing written).
 */
export async function recordRefund(
  tx: Tx,
  deps: Pick<RefundDeps, 'mail'>,
  order: OrderRow,
  req: RefundRequest,
  opts: { mail: boolean; now: Date; settings: ShopSettings; by?: OrderMover },
): Promise<{ refund: RefundRow; creditNoteId: string | null; creditNoteIds: string[]; mail: StagedMail | null; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.idempotencyKey, req.idempotencyKey)));
  if (existing) {
    const [note] = await tx.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.refundId, existing.id));
    return { refund: existing, creditNoteId: note?.id ?? null, creditNoteIds: note ? [note.id] : [], mail: null, created: false };
  }
  if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0) {
    throw badRequest('The amount must be more than ₹0, in whole paise', { amount: 'The amount must be more than ₹0' });
  }
  if (req.staff) assertWithinRefundLimit(req.staff.role, req.amountPaise, opts.settings.staffPolicy);
  if (req.toStoreCredit && opts.settings.storeCredit.refunds !== 'choice') {
    throw badRequest('Refunds to store credit are not offered by this shop', { toStoreCredit: 'Store credit refunds are off' });
  }
  const cod = order.paymentMethod === 'cod';
  const paid = paidPaise(order);
  const { claimed } = await refundedPaise(tx, order.id);
  const refundable = paid - claimed;
  if (req.amountPaise > refundable) {
    const message =
      refundable <= 0
        ? 'Nothing is left to refund on this order'
        : `Only ${formatINR(toRupees(refundable))} can still be refunded on this order`;
    throw badRequest(message, { amount: message });
  }
  // The money paid online or in cash goes back first, the store credit spent on the order last
  // (docs/architecture.md#store-credit): refunds are ordered under the order's lock, so what is left of
  // each part follows from what was claimed before.
  const { moneyPaise, creditPaise } = splitRefund(paid, order.storeCreditPaise, claimed, req.amountPaise);
  // Part-paid COD (docs/architecture.md#part-paid-cod): of the money, the advance paid online goes back
  // to its Razorpay payment first, then the cash by the admin's transfer. Taken as store credit, it is
  // one part as for any order.
  const { advancePaise, cashPaise } =
    cod && !req.toStoreCredit ? splitCodAdvance(order.codAdvancePaise, claimed, moneyPaise) : { advancePaise: 0, cashPaise: moneyPaise };
  const manual = cod && cashPaise > 0 && !req.toStoreCredit;
  if (manual && !req.manualReference) {
    const message = 'Please enter the bank or UPI reference of the refund you sent';
    throw badRequest(message, { manualReference: message });
  }
  const now = opts.now;
  const moneyMethod: RefundRow['method'] = req.toStoreCredit ? 'store_credit' : cod ? 'manual' : 'razorpay';
  // The first part keeps the action's key; each later part its own (`:cash`, `:credit`).
  const parts = (
    [
      { kind: 'money', amountPaise: advancePaise, method: 'razorpay', suffix: '' },
      { kind: 'money', amountPaise: cashPaise, method: moneyMethod, suffix: ':cash' },
      { kind: 'credit', amountPaise: creditPaise, method: 'store_credit', suffix: ':credit' },
    ] as const
  )
    .filter((p) => p.amountPaise > 0)
    .map((p, i) => ({ ...p, key: i === 0 ? req.idempotencyKey : `${req.idempotencyKey}${p.suffix}` }));
  const written: { refund: RefundRow; note: { id: string; number: string } | null }[] = [];
  let storeCredit = { creditPaise: 0, bonusPaise: 0 };
  for (const part of parts) {
    const atOnce = part.method !== 'razorpay';
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amountPaise: part.amountPaise,
        reason: req.reason,
        source: req.source,
        returnId: req.returnId ?? null,
        lines: req.lines ?? null,
        status: atOnce ? 'processed' : 'pending',
        method: part.method,
        manualReference: part.method === 'manual' ? req.manualReference! : null,
        idempotencyKey: part.key,
        actorId: req.actorId,
        processedAt: atOnce ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (part.method === 'store_credit') {
      // The money part taken as credit by choice earns the bonus; credit spent on the order comes back as it was.
      const chosen = part.kind === 'money';
      await creditWallet(tx, {
        userId: order.userId,
        amountPaise: part.amountPaise,
        reason: !chosen && req.source === 'cancel' ? 'order_cancelled' : 'refund',
        orderId: order.id,
        refundId: refund.id,
        note: `${chosen ? 'Refund' : 'Store credit back'} on order #${orderRef(order.id)}: ${req.reason}`.slice(0, 300),
        actorId: req.actorId,
      });
      const bonus = chosen ? bonusPaise(part.amountPaise, opts.settings.storeCredit.bonusPercent) : 0;
      if (bonus > 0) {
        await creditWallet(tx, {
          userId: order.userId,
          amountPaise: bonus,
          reason: 'bonus',
          orderId: order.id,
          refundId: refund.id,
          note: `${opts.settings.storeCredit.bonusPercent}% bonus on the refund of order #${orderRef(order.id)} to store credit`,
          actorId: req.actorId,
        });
      }
      storeCredit = { creditPaise: storeCredit.creditPaise + part.amountPaise, bonusPaise: storeCredit.bonusPaise + bonus };
    }
    const note = await issueCreditNote(
      tx,
      order,
      { refundId: refund.id, amountPaise: part.amountPaise, reason: req.reason, lines: req.lines },
      opts,
    );
    written.push({ refund, note });
  }
  const [first] = written;
  const notes = written.map((w) => w.note).filter((n): n is { id: string; number: string } => n !== null);
  let mail: StagedMail | null = null;
  if (opts.mail) {
    mail = deps.mail.stage({
      ...refundMail(
        order,
        { ...first.refund, amountPaise: req.amountPaise },
        notes.map((n) => n.number).join(', ') || null,
        storeCredit,
        advancePaise > 0 ? { amountPaise: cashPaise, manualReference: req.manualReference ?? null } : undefined,
      ),
      attachments: notes.map((n) => ({ kind: 'credit_note' as const, creditNoteId: n.id })),
    });
    await tx.insert(mailOutbox).values(mail);
    const to = { id: order.id, userId: order.userId, phone: order.phone, firstName: order.shippingAddress.firstName };
    await stageRefundWhatsApp(tx, to, req.amountPaise, first.refund.method);
  }
  if (req.staff) {
    const to = [
      moneyPaise > 0 &&
        (moneyMethod === 'manual'
          ? `by bank or UPI transfer (reference ${req.manualReference})`
          : moneyMethod === 'store_credit'
            ? 'to store credit'
            : 'to the original payment'),
      creditPaise > 0 && `${moneyPaise > 0 ? `${formatINR(toRupees(creditPaise))} ` : ''}back to the store credit spent on it`,
    ]
      .filter(Boolean)
      .join(' and ');
    await recordAudit(tx, req.staff, {
      action: 'order.refund',
      entity: 'order',
      entityId: order.id,
      summary: `Refunded ${formatINR(toRupees(req.amountPaise))} on order #${orderRef(order.id)} ${to}: ${req.reason}`,
      changes: { refundedPaise: { before: claimed, after: claimed + req.amountPaise } },
    });
  }
  // What the refund settles follows from it: the refund's own audit row stands for it. Settled once,
  // when every part of it went back at once (a Razorpay part settles on Razorpay's answer).
  const by = opts.by ?? { actor: 'admin', actorId: req.actorId };
  if (written.every((w) => w.refund.status === 'processed')) {
    await settleOrder(tx, order, first.refund, now, { actor: by.actor, actorId: by.actorId });
  }
  return { refund: first.refund, creditNoteId: first.note?.id ?? null, creditNoteIds: notes.map((n) => n.id), mail, created: true };
}

/**
 * How a refund of `amountPaise` splits between the money paid for an order (online or in cash) and
 * the store credit spent on it (docs/architecture.md#store-credit): the money goes back first, the
 * credit last. `paidPaise` is everything received (money and credit), `creditSpentPaise` the credit
 * part, `claimedPaise` what earlier refunds took. Both parts are whole paise and add up to the amount.
 */
export function splitRefund(
  paidPaise: number,
  creditSpentPaise: number,
  claimedPaise: number,
  amountPaise: number,
): { moneyPaise: number; creditPaise: number } {
  const moneyLeft = Math.max(0, paidPaise - creditSpentPaise - claimedPaise);
  const moneyPaise = Math.min(amountPaise, moneyLeft);
  return { moneyPaise, creditPaise: amountPaise - moneyPaise };
}

/**
 * How the money part of a part-paid COD order's refund (`moneyPaise`, from `splitRefund`) splits
 * (docs/architecture.md#part-paid-cod): the advance paid online (`codAdvancePaise`) goes back first, up
 * to what earlier refunds (`claimedPaise`, taken money first) left of it, the rest is cash. The same
 * rule as `splitRefund`, one level down: the advance stands where the money stands there.
 */
export function splitCodAdvance(
  codAdvancePaise: number,
  claimedPaise: number,
  moneyPaise: number,
): { advancePaise: number; cashPaise: number } {
  const { moneyPaise: advancePaise, creditPaise: cashPaise } = splitRefund(codAdvancePaise, 0, claimedPaise, moneyPaise);
  return { advancePaise, cashPaise };
}

/**
 * Issues the GST credit note for `amountPaise` of a locked order (docs/decisions/0017-refunds-and-credit-
 * notes.md "Credit notes"): the invoice's lines credited (`lines`, or every line by what was paid),
 * numbered in the gapless 'credit_note' series, last (the sequence row stays locked only until the
 * commit). `refundId` is the refund it is for, or null for an unpaid Cash on Delivery order cancelled
 * or returned undelivered (nothing to give back, but the invoice's supply did not happen). Returns
 * null, issuing nothing, for an order without an invoice (placed before invoices existed).
 */
async function issueCreditNote(
  tx: Tx,
  order: OrderRow,
  note: { refundId: string | null; amountPaise: number; reason: string; lines?: { orderItemId: string; quantity: number }[] },
  opts: { now: Date; settings: ShopSettings },
): Promise<{ id: string; number: string } | null> {
  const [current] = await tx.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, order.id));
  if (!current?.invoiceNumber) return null;
  const invoice = await loadInvoice(tx, order.id, 'system', opts.settings);
  const lines = creditLines(invoice.lines, invoice.intraState, note.amountPaise, note.lines);
  const financialYear = financialYearOf(opts.now);
  const [numbered] = await tx
    .insert(documentSequences)
    .values({ series: 'credit_note', financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.series, documentSequences.financialYear],
      set: { last: sql`${documentSequences.last} + 1` },
    })
    .returning({ last: documentSequences.last });
  const [issued] = await tx
    .insert(creditNotes)
    .values({
      orderId: order.id,
      refundId: note.refundId,
      number: documentNumber(creditNotePrefix(opts.settings.invoicePrefix), financialYear, numbered.last),
      reason: note.reason,
      lines,
      totalPaise: note.amountPaise,
      issuedAt: opts.now,
    })
    .returning({ id: creditNotes.id, number: creditNotes.number });
  return issued;
}

/**
 * Gives an order its invoice number first when it is still waiting for one (numbered just after its
 * placement commits, modules/invoices/numbering.ts): a refund or a cancellation straight after
 * placing must find the invoice its credit note reverses. Call outside a transaction.
 */
async function numberInvoiceFirst(deps: RefundDeps, orderId: string): Promise<void> {
  if (!deps.invoiceNumbering || !isUuid(orderId)) return;
  const [row] = await deps.db.select({ due: orders.invoiceDue }).from(orders).where(eq(orders.id, orderId));
  if (row?.due) await deps.invoiceNumbering.numberFor(orderId);
}

/**
 * What a processed refund settles, with the order's row locked (docs/decisions/0017-refunds-and-credit-
 * notes.md "The order says what happened"):
 * - a return's refund: the return becomes refunded, and the order too when every unit came back
 *   (it is 'returned'); an order with units left keeps its status, its timeline notes the refund;
 * - a cancelled order becomes refunded once everything paid went back.
 */
async function settleOrder(tx: Tx, order: OrderRow, refund: RefundRow, now: Date, by: OrderMover): Promise<void> {
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
  const paid = paidPaise(fresh);
  const { processed } = await refundedPaise(tx, order.id);
  let move: { to: OrderStatus; note: string } | null = null;
  if (refund.returnId) {
    // A return refunded in parts (money and store credit) is refunded once every part went back.
    const parts = await tx
      .select({ status: orderRefunds.status, amountPaise: orderRefunds.amountPaise })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.returnId, refund.returnId)));
    if (parts.some((p) => p.status !== 'processed')) return;
    const total = formatINR(toRupees(parts.reduce((sum, p) => sum + p.amountPaise, 0)));
    await tx
      .update(returnRequests)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(returnRequests.id, refund.returnId), eq(returnRequests.status, 'received')));
    move =
      fresh.status === 'returned'
        ? { to: 'refunded', note: `Refunded ${total} for returned items` }
        : { to: fresh.status, note: `Refunded ${total} for returned items; the other items stay with the shopper` };
  } else if (paid > 0 && processed >= paid && canMove(fresh.status, 'refunded')) {
    move = { to: 'refunded', note: `Refunded in full: ${formatINR(toRupees(paid))}` };
  }
  if (!move) return;
  if (move.to !== fresh.status) await moveOrder(tx, fresh, { ...move, by, now });
  else await noteOrder(tx, fresh, { note: move.note, by, now });
}

/**
 * Sets a refund's status from Razorpay (its answer or a webhook). Out-of-order safe: only a pending
 * refund moves, and only for the Razorpay refund of its current attempt (an unknown `providerRefundId`
 * is taken when the refund has none yet, i.e. the webhook came before the answer). Returns true when
 * something changed.
 */
export async function applyProviderStatus(
  db: Database,
  match: { refundId?: string; providerRefundId: string },
  status: 'pending' | 'processed' | 'failed',
  failureReason: string | null,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: orderRefunds.id, orderId: orderRefunds.orderId })
      .from(orderRefunds)
      .where(
        match.refundId && isUuid(match.refundId)
          ? sql`${orderRefunds.providerRefundId} = ${match.providerRefundId} or (${orderRefunds.id} = ${match.refundId} and ${orderRefunds.providerRefundId} is null)`
          : eq(orderRefunds.providerRefundId, match.providerRefundId),
      );
    if (!found) return false;
    const order = await lockOrder(tx, found.orderId);
    const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, found.id));
    if (refund.providerRefundId && refund.providerRefundId !== match.providerRefundId) return false;
    const moves = refund.status === 'pending' && status !== 'pending';
    if (!moves && refund.providerRefundId) return false;
    await tx
      .update(orderRefunds)
      .set({
        providerRefundId: match.providerRefundId,
        ...(moves
          ? { status, failureReason: status === 'failed' ? failureReason : null, processedAt: status === 'processed' ? now : null }
          : {}),
        updatedAt: now,
      })
      .where(eq(orderRefunds.id, refund.id));
    if (moves && status === 'processed') await settleOrder(tx, order, refund, now, { actor: 'system' });
    return true;
  });
}

/**
 * Step 2 (see the module docstring): asks Razorpay for a pending refund that has no Razorpay refund
 * yet; anything else is returned as it is. Never throws for Razorpay's failures: a refusal fails the
 * refund (with Razorpay's words), no answer leaves it pending.
 */
export async function sendToProvider(deps: RefundDeps, refundId: string): Promise<Refund> {
  const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (refund.method === 'razorpay' && refund.status === 'pending' && !refund.providerRefundId) {
    const [order] = await deps.db.select({ paymentId: orders.razorpayPaymentId }).from(orders).where(eq(orders.id, refund.orderId));
    const now = deps.now?.() ?? new Date();
    try {
      if (!order?.paymentId) throw new RazorpayError('The order has no Razorpay payment to refund', 400, 'BAD_REQUEST_ERROR');
      const answer = await deps.razorpay.refundPayment(order.paymentId, {
        amountPaise: refund.amountPaise,
        receipt: refund.id,
        notes: { refund_id: refund.id, order_id: refund.orderId, reason: refund.reason.slice(0, 250) },
        idempotencyKey: `${refund.id}_${refund.attempt}`,
      });
      await applyProviderStatus(
        deps.db,
        { refundId: refund.id, providerRefundId: answer.id },
        answer.status,
        'Razorpay could not refund the payment',
        now,
      );
    } catch (err) {
      if (!(err instanceof RazorpayError)) throw err;
      if (isRefusal(err)) {
        await deps.db
          .update(orderRefunds)
          .set({ status: 'failed', failureReason: err.message.slice(0, 300), updatedAt: now })
          .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')));
      } else {
        deps.log?.warn({ refundId: refund.id, code: err.code }, 'razorpay refund not answered; left pending for a retry');
      }
    }
  }
  return loadRefund(deps.db, refundId);
}

/**
 * Looks up an order refund Razorpay has accepted (`providerRefundId` set) and still pending, and
 * applies what Razorpay says; without a Razorpay refund yet, asks again under the same key
 * (refunds/service.ts `sendToProvider`). No answer leaves it pending, looked at again later.
 */
export async function settleOrderRefund(deps: RefundDeps, refundId: string): Promise<void> {
  const [row] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!row || row.status !== 'pending' || row.method !== 'razorpay') return;
  const now = deps.now?.() ?? new Date();
  if (!row.providerRefundId) {
    await sendToProvider(deps, row.id);
  } else {
    try {
      const paymentId = await paymentOf(deps.db, row.orderId);
      const answer = await deps.razorpay.fetchRefund(paymentId, row.providerRefundId);
      await applyProviderStatus(
        deps.db,
        { refundId: row.id, providerRefundId: answer.id },
        answer.status,
        'Razorpay could not refund the payment',
        now,
      );
    } catch (err) {
      if (!(err instanceof RazorpayError)) throw err;
      deps.log?.warn({ refundId: row.id, code: err.code }, 'razorpay refund look-up failed; asked again later');
    }
  }
  await deps.db
    .update(orderRefunds)
    .set({ updatedAt: now })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, 'pending')));
}

async function paymentOf(db: Tx, orderId: string): Promise<string> {
  const [row] = await db.select({ paymentId: orders.razorpayPaymentId }).from(orders).where(eq(orders.id, orderId));
  const paymentId = row?.paymentId;
  if (!paymentId) throw new RazorpayError('The order has no Razorpay payment', 400, 'BAD_REQUEST_ERROR');
  return paymentId;
}

async function loadRefund(db: Tx, refundId: string): Promise<Refund> {
  const [row] = await db
    .select({ refund: orderRefunds, noteId: creditNotes.id, noteNumber: creditNotes.number })
    .from(orderRefunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, orderRefunds.id))
    .where(eq(orderRefunds.id, refundId));
  return { ...row.refund, creditNote: row.noteId ? { id: row.noteId, number: row.noteNumber! } : null };
}

/**
 * refundOrder: refunds `amountPaise` of an order (see the module docstring for the steps).
 * - in: the request (paise; lines optional; an idempotency key per action).
 * - out: the refund with its credit note; for a known key, the refund that key made.
 * - throws: 404 unknown order; 400 bad amount, more than refundable ('Only ₹x can still be refunded
 *   on this order'), a COD refund without its reference, a line not on the order.
 */
export async function refundOrder(deps: RefundDeps, req: RefundRequest): Promise<Refund> {
  const now = deps.now?.() ?? new Date();
  // Read before the transaction: the settings service may read through the pool, and on the
  // embedded database (one connection) a read outside an open transaction waits for it forever.
  const settings = await deps.settings();
  await numberInvoiceFirst(deps, req.orderId);
  const { refund, mail } = await deps.db.transaction(async (tx) =>
    recordRefund(tx, deps, await lockOrder(tx, req.orderId), req, { mail: true, now, settings }),
  );
  if (mail) await deps.mail.deliver(mail);
  return sendToProvider(deps, refund.id);
}

/**
 * An admin's retry of a refund that failed or is still pending: a failed one is asked again under a
 * new idempotency key (Razorpay's failed refund is final); an unanswered one is asked again under the
 * same key; one Razorpay accepted is looked up (refunds/owed.ts). The failed refund's money was never
 * released (it is still owed), so it always fits, and no refund limit applies (docs/decisions/0023-
 * staff-roles.md "Refund limits"). With `staff`, the retry's audit row ('order.refund-retry') is
 * written in its transaction. Throws 404 for a refund not on the order, 409 for one already processed.
 */
export async function retryRefund(deps: RefundDeps, orderId: string, refundId: string, staff?: AuditActor): Promise<Refund> {
  if (!isUuid(refundId)) throw notFound('Refund not found');
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, order.id)));
    if (!refund) throw notFound('Refund not found');
    if (refund.status === 'processed') throw conflict('This refund has already been processed');
    if (staff) {
      const amount = formatINR(toRupees(refund.amountPaise));
      await recordAudit(tx, staff, {
        action: 'order.refund-retry',
        entity: 'order',
        entityId: order.id,
        summary:
          refund.status === 'failed'
            ? `Retried the failed refund of ${amount} on order #${orderRef(order.id)}`
            : `Asked Razorpay again about the pending refund of ${amount} on order #${orderRef(order.id)}`,
        changes: refund.status === 'failed' ? { refundStatus: { before: 'failed', after: 'pending' } } : {},
      });
    }
    if (refund.status === 'pending') return;
    await tx
      .update(orderRefunds)
      .set({ status: 'pending', attempt: refund.attempt + 1, providerRefundId: null, failureReason: null, updatedAt: now })
      .where(eq(orderRefunds.id, refund.id));
  });
  await settleOrderRefund(deps, refundId);
  return loadRefund(deps.db, refundId);
}

/**
 * The actor of a cancel: the shopper (only their own order), an admin (`audit`: the staff member, for
 * the audit log), or the shop itself (a job: e.g. a COD order not confirmed in time).
 */
export type Canceller = { id: string; role: 'customer' | 'admin'; audit?: AuditActor } | { id: null; role: 'system'; audit?: undefined };

/**
 * Cancels an order that has not shipped (PRE_SHIPMENT_STATUSES), as its shopper or an admin:
 * the order becomes cancelled with a timeline entry, its units go back to stock through the ledger
 * ('cancellation' rows, once per order), its coupon use is given back (the order never happened, so
 * the coupon counts as unused for the shop's limit and the shopper's: a cancelled order must not use
 * up a one-per-shopper code), everything paid is refunded through `refundOrder`'s steps (prepaid;
 * a COD order has nothing paid yet) with a credit note, and the shopper is mailed (the credit note
 * attached). Idempotent: cancelling a cancelled order answers it again and makes no second refund
 * (it asks Razorpay again only for a refund it never got an answer to). `onlyIf`, checked under the
 * order's lock, leaves the order alone when false (a job's claim). Returns whether it ended the order now.
 * Throws 404 for an unknown order or someone else's (for a shopper), 400 SHIPPED_CANNOT_CANCEL
 * after shipping.
 */
export async function cancelOrder(
  deps: RefundDeps,
  orderId: string,
  by: Canceller,
  input: { reason: string; manualReference?: string; onlyIf?: (order: OrderRow) => boolean },
): Promise<boolean> {
  return endOrder(deps, orderId, by, input, 'cancel');
}

/**
 * POST /api/orders/admin/{id}/returned-undelivered: the courier brought a shipped parcel back
 * undelivered (return to origin). As a cancellation after shipping: the order becomes 'returned' with
 * a timeline entry, its units go back to stock ('return_restock' ledger rows), its coupon use is given
 * back, everything paid is refunded with a credit note, an unpaid Cash on Delivery order gets a credit
 * note reversing its invoice, and the shopper is mailed. Idempotent like `cancelOrder`. Throws 404 for
 * an unknown order, 409 unless the order is shipped or out for delivery. `admin.audit` makes the
 * audit row ('order.undelivered').
 */
export async function returnedUndelivered(
  deps: RefundDeps,
  orderId: string,
  admin: { id: string; audit?: AuditActor },
  note: string,
): Promise<void> {
  await endOrder(deps, orderId, { ...admin, role: 'admin' }, { reason: note || 'the courier could not deliver it' }, 'undelivered');
}

/** How an order ends before its shopper kept it: cancelled before shipping, or back undelivered. */
const ENDINGS = {
  cancel: {
    from: PRE_SHIPMENT_STATUSES,
    to: 'cancelled',
    key: 'cancel',
    stock: 'cancellation',
    words: 'Order cancelled',
    action: 'order.cancel',
    done: 'was cancelled',
  },
  undelivered: {
    from: IN_TRANSIT_STATUSES,
    to: 'returned',
    key: 'undelivered',
    stock: 'return_restock',
    words: 'Returned undelivered',
    action: 'order.undelivered',
    done: 'came back undelivered',
  },
} as const;

/** The one path of `cancelOrder` and `returnedUndelivered` (see each). */
async function endOrder(
  deps: RefundDeps,
  orderId: string,
  by: Canceller,
  input: { reason: string; manualReference?: string; onlyIf?: (order: OrderRow) => boolean },
  kind: keyof typeof ENDINGS,
): Promise<boolean> {
  const ending = ENDINGS[kind];
  const now = deps.now?.() ?? new Date();
  // The shop's own cancel (a job) reads to the shopper as the shop's, with its reason.
  const admin = by.role !== 'customer';
  const settings = await deps.settings(); // before the transaction (see refundOrder)
  await numberInvoiceFirst(deps, orderId);
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (by.role === 'customer' && order.userId !== by.id) throw notFound('Order not found');
    if (input.onlyIf && !input.onlyIf(order)) return { refundId: null, mail: null, ended: false };
    const [ended] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, ending.to)))
      .limit(1);
    if (ended && (order.status === ending.to || order.status === 'refunded')) {
      const [refund] = await tx
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.idempotencyKey, ending.key)));
      return { refundId: refund?.id ?? null, mail: null, ended: false };
    }
    if (!ending.from.includes(order.status)) {
      if (kind === 'cancel') throw badRequest(SHIPPED_CANNOT_CANCEL);
      throw conflict(transitionRefusal(order.status, ending.to));
    }

    const note =
      kind === 'undelivered'
        ? `Returned to the shop undelivered: ${input.reason}`
        : `${admin ? 'Cancelled by the shop' : 'Cancelled by the shopper'}: ${input.reason}`;
    const { claimed } = await refundedPaise(tx, order.id);
    const refundable = paidPaise(order) - claimed;
    const refunding = refundable > 0 ? `; ${formatINR(toRupees(refundable))} refunded` : '';
    // Store credit comes back in this transaction: the shopper's row is locked before the units go
    // back to stock, in the order every placement takes them (shopper, then stock), so none deadlocks.
    if (order.storeCreditPaise > 0) await lockBalance(tx, order.userId);
    // The lifecycle puts the units back (once per order), gives the coupon use back (the order never
    // happened, so it must not use up a one-per-shopper code), writes the status with its timeline row
    // and, for a staff member, the audit row of the whole action (the refund it owes included).
    const mover: OrderMover = { actor: by.role === 'system' ? 'system' : admin ? 'admin' : 'shopper', actorId: by.id, audit: by.audit };
    await moveOrder(tx, order, {
      to: ending.to,
      note,
      by: mover,
      now,
      restock: ending.stock,
      releaseCoupon: true,
      audit: {
        action: ending.action,
        summary: `Order #${orderRef(order.id)} ${ending.done}${refunding}: ${input.reason}`,
        changes: refundable > 0 ? { refundedPaise: { before: claimed, after: claimed + refundable } } : undefined,
      },
    });

    const reason = `${ending.words}: ${input.reason}`;
    let refund: { refund: RefundRow; creditNoteIds: string[] } | null = null;
    let unpaidNote: { id: string } | null = null;
    const unpaid = order.grandTotalPaise - paidPaise(order);
    if (unpaid > 0) {
      // Nothing was paid in cash yet (Cash on Delivery): no refund of it, but the invoice is reversed
      // all the same (the store credit spent on the order comes back below, with its own note).
      unpaidNote = await issueCreditNote(tx, order, { refundId: null, amountPaise: unpaid, reason }, { now, settings });
    }
    const { creditPaise } = splitRefund(paidPaise(order), order.storeCreditPaise, claimed, Math.max(0, refundable));
    if (refundable > 0) {
      refund = await recordRefund(
        tx,
        deps,
        order,
        {
          orderId: order.id,
          amountPaise: refundable,
          reason,
          source: 'cancel',
          actorId: by.id,
          idempotencyKey: ending.key,
          manualReference: input.manualReference,
        },
        { mail: false, now, settings, by: mover },
      );
    }
    const [shaped] = await hydrateOrders(tx, [{ ...order, status: ending.to }]);
    const staged = deps.mail.stage({
      ...cancellationMail(
        shaped,
        refund ? { amountPaise: refundable, manual: refund.refund.method === 'manual' } : null,
        admin ? { reason: kind === 'undelivered' ? `it came back to us undelivered: ${input.reason}` : input.reason } : null,
        Boolean(refund?.creditNoteIds.length || unpaidNote),
        { creditPaise, bonusPaise: 0 },
      ),
      attachments: [...(refund?.creditNoteIds ?? []), unpaidNote?.id]
        .filter((id): id is string => Boolean(id))
        .map((creditNoteId) => ({ kind: 'credit_note' as const, creditNoteId })),
    });
    await tx.insert(mailOutbox).values(staged);
    return { refundId: refund?.refund.id ?? null, mail: staged, ended: true };
  });
  const { refundId, mail } = outcome;
  if (mail) await deps.mail.deliver(mail);
  if (refundId) await sendToProvider(deps, refundId);
  return outcome.ended;
}
