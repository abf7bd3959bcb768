/**
 * The shopper's cancellation and refund mails (docs/decisions/0017-refunds-and-credit-notes.md): what was
 * cancelled or refunded, how much comes back and how (to the original payment method, or the
 * shop's bank/UPI transfer for Cash on Delivery). HTML and text; every value put into HTML is
 * escaped. The GST credit note travels as an attachment (added by the caller, by reference).
 */
import type { Order } from '../../../core/api-types';
import { formatINR, toRupees } from '../../../core/money';
import type { orderRefunds, orders } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml, layout } from '../../integrations/mail/templates';
import { orderReference } from '../orders/mail';

const ONLINE_TIMING = 'It goes back to the card, UPI or bank account you paid with, usually within 5 to 7 working days.';

/**
 * The words for the part of a refund that went to store credit (docs/architecture.md#store-credit),
 * with its bonus; '' when none did.
 */
export function storeCreditWords(credit: { creditPaise: number; bonusPaise: number } | undefined): string {
  if (!credit || credit.creditPaise <= 0) return '';
  const bonus = credit.bonusPaise > 0 ? `, plus a bonus of ${formatINR(toRupees(credit.bonusPaise))}` : '';
  return `${formatINR(toRupees(credit.creditPaise))} is in your store credit now${bonus}, ready to spend at checkout.`;
}

/**
 * The mail for a cancelled order; `refund` is null when nothing was paid (Cash on Delivery); `byShop`
 * with the shop's reason when an admin cancelled it; `creditNoteAttached` when the GST credit note
 * reversing its invoice travels with it.
 */
export function cancellationMail(
  order: Order,
  refund: { amountPaise: number; manual: boolean } | null,
  byShop: { reason: string } | null = null,
  creditNoteAttached = false,
  storeCredit?: { creditPaise: number; bonusPaise: number },
): MailMessage {
  const ref = orderReference(order._id);
  const title = `Order #${ref} is cancelled`;
  const note = creditNoteAttached ? ' The credit note is attached.' : '';
  const money = refund
    ? refund.amountPaise === (storeCredit?.creditPaise ?? 0)
      ? `${storeCreditWords(storeCredit)}${note}`
      : `A refund of ${formatINR(toRupees(refund.amountPaise - (storeCredit?.creditPaise ?? 0)))} is on its way. ${refund.manual ? 'We sent it to your bank or UPI account.' : ONLINE_TIMING}${storeCredit?.creditPaise ? ` ${storeCreditWords(storeCredit)}` : ''}${note}`
    : `Nothing was charged for this order, so there is nothing to pay or refund.${note}`;
  const intro = byShop ? `We are sorry: we had to cancel your order (${byShop.reason}).` : 'Your order has been cancelled as you asked.';
  const text = [title, '', intro, money].join('\n');
  const html = layout(title, `<p>${escapeHtml(intro)}</p><p>${escapeHtml(money)}</p>`);
  return { to: order.email, subject: `Order #${ref} cancelled`, text, html };
}

/**
 * The mail for a refund made by the shop (an admin's refund or a return), with its credit note number
 * (null: an order without an invoice); `storeCredit`: the part of `refund.amountPaise` that went to
 * store credit and its bonus; `cash`: part-paid COD (docs/architecture.md#part-paid-cod), the part sent
 * by the shop's transfer beside the advance going back online (paise, with its reference).
 */
export function refundMail(
  order: Pick<typeof orders.$inferSelect, 'id' | 'email'>,
  refund: Pick<typeof orderRefunds.$inferSelect, 'amountPaise' | 'method' | 'reason' | 'manualReference'>,
  creditNoteNumber: string | null,
  storeCredit?: { creditPaise: number; bonusPaise: number },
  cash?: { amountPaise: number; manualReference: string | null },
): MailMessage {
  const ref = orderReference(order.id);
  const amount = formatINR(toRupees(refund.amountPaise));
  const title = `Refund of ${amount} for order #${ref}`;
  const money = refund.amountPaise - (storeCredit?.creditPaise ?? 0);
  const how =
    money <= 0
      ? ''
      : refund.method === 'manual'
        ? `We sent it to your bank or UPI account${refund.manualReference ? ` (reference ${refund.manualReference})` : ''}.`
        : cash && cash.amountPaise > 0
          ? `${formatINR(toRupees(money - cash.amountPaise))} goes back to the card, UPI or bank account you paid the advance with, usually within 5 to 7 working days; ${formatINR(toRupees(cash.amountPaise))} we sent to your bank or UPI account${cash.manualReference ? ` (reference ${cash.manualReference})` : ''}.`
          : ONLINE_TIMING;
  const lines = [`We have refunded ${amount} for: ${refund.reason}.`, how, storeCreditWords(storeCredit)].filter(Boolean);
  if (creditNoteNumber) lines.push(`Credit note ${creditNoteNumber} is attached.`);
  const text = [title, '', ...lines].join('\n');
  const html = layout(title, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''));
  return { to: order.email, subject: title, text, html };
}
