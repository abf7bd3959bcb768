/**
 * The order confirmation e-mail: HTML and text with the order reference, items, totals
 * (with the GST included and, for Cash on Delivery, the amount to pay on delivery) and
 * delivery address.
 */
import type { Order } from '../../../core/api-types';
import { DAY_LONG_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { formatINR } from '../../../core/money';
import { escapeHtml, layout } from '../../integrations/mail/templates';
import type { MailMessage } from '../../integrations/mail/mailer';
import { cashOnDelivery } from '../../../core/cod-advance';

/** Order reference shown to shoppers: the last 8 characters of the id, upper-cased. */
export const orderReference = (orderId: string) => orderId.slice(-8).toUpperCase();

/**
 * Builds the confirmation mail for a placed order. A Cash on Delivery order awaiting the shopper's
 * confirmation (docs/architecture.md#cod-confirmation) asks for it instead, with the deadline in India
 * time and, given `confirmLinks` (the signed page addresses, cod-confirmation/links.ts), Confirm and
 * Cancel buttons.
 */
export function orderConfirmationMail(order: Order, confirmLinks?: { confirm: string; cancel: string }): MailMessage {
  const ref = orderReference(order._id);
  const awaiting = order.codConfirmation?.state === 'awaiting';
  const a = order.shippingAddress;
  const addressLines = [`${a.firstName} ${a.lastName}`, a.address, a.apartment, `${a.city}, ${a.state} ${a.pincode}`, a.country].filter(
    Boolean,
  );
  const itemLines = order.items.map(
    (i) => `${i.quantity} × ${i.title}${i.variantName ? ` (${i.variantName})` : ''} — ${formatINR(i.price)}`,
  );
  const totals = [
    `Subtotal: ${formatINR(order.totals.subTotal)}`,
    ...(order.totals.discount > 0
      ? [`${order.coupon ? `Coupon ${order.coupon.code}` : 'Discount'}: −${formatINR(order.totals.discount)}`]
      : []),
    ...(order.totals.prepaidDiscount > 0 ? [`Prepaid discount: −${formatINR(order.totals.prepaidDiscount)}`] : []),
    'Shipping: FREE',
    ...(order.totals.codFee > 0 ? [`Cash on Delivery fee: ${formatINR(order.totals.codFee)}`] : []),
    ...(order.payment.storeCredit > 0 ? [`Paid with store credit: ${formatINR(order.payment.storeCredit)}`] : []),
    ...(order.payment.codAdvance > 0 ? [`Advance paid online: ${formatINR(order.payment.codAdvance)}`] : []),
    order.payment.method === 'cod'
      ? `Pay on delivery: ${formatINR(cashOnDelivery(order))}`
      : `Total paid: ${formatINR(order.totals.grandTotal)}`,
    ...(order.totals.tax > 0 ? [`(incl. GST ${formatINR(order.totals.tax)})`] : []),
  ];
  const until = order.codConfirmation?.until ? ` by ${formatIndiaTime(order.codConfirmation.until, DAY_LONG_MONTH_TIME)}` : '';
  const ask = `Please confirm your Cash on Delivery order${until}, so we can pack it. Not needed any more? Cancel it with one tap.`;
  const askText = awaiting
    ? [ask, ...(confirmLinks ? [`Confirm: ${confirmLinks.confirm}`, `Cancel: ${confirmLinks.cancel}`] : []), '']
    : [];
  const text = [
    `Thank you for your order #${ref}!`,
    '',
    ...askText,
    ...itemLines,
    '',
    ...totals,
    '',
    'Delivering to:',
    ...addressLines,
  ].join('\n');
  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;background:${colour};color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold;margin-right:8px">${label}</a>`;
  const askHtml = awaiting
    ? `<p><strong>${escapeHtml(ask)}</strong></p>${
        confirmLinks
          ? `<p>${button(confirmLinks.confirm, 'Confirm order', '#047857')}${button(confirmLinks.cancel, 'Cancel order', '#57534e')}</p>`
          : ''
      }`
    : '';
  const rows = order.items
    .map(
      (i) =>
        `<tr><td style="padding:6px 0">${i.quantity} × ${escapeHtml(i.title)}${i.variantName ? ` (${escapeHtml(i.variantName)})` : ''}</td><td align="right">${escapeHtml(formatINR(i.price))}</td></tr>`,
    )
    .join('');
  const html = layout(
    awaiting ? `Please confirm order #${ref}` : `Order #${ref} is confirmed`,
    `${askHtml}<p>Thank you for shopping with us. We will let you know when it ships.</p>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${rows}</table>
<p style="border-top:1px solid #e7e5e4;padding-top:12px">${totals.map(escapeHtml).join('<br>')}</p>
<p><strong>Delivering to</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>`,
  );
  return { to: order.email, subject: awaiting ? `Please confirm your order #${ref}` : `Order #${ref} confirmed`, text, html };
}
