/**
 * The order confirmation e-mail: HTML and text with the order reference, items, totals
 * (with the GST included and, for Cash on Delivery, the amount to pay on delivery) and
 * delivery address.
 */
import type { Order } from '../../../core/api-types';
import { formatINR } from '../../../core/money';
import { escapeHtml, layout } from '../../integrations/mail/templates';
import type { MailMessage } from '../../integrations/mail/mailer';

/** Order reference shown to shoppers: the last 8 characters of the id, upper-cased. */
export const orderReference = (orderId: string) => orderId.slice(-8).toUpperCase();

/** Builds the confirmation mail for a placed order. */
export function orderConfirmationMail(order: Order): MailMessage {
  const ref = orderReference(order._id);
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
    'Shipping: FREE',
    ...(order.totals.codFee > 0 ? [`Cash on Delivery fee: ${formatINR(order.totals.codFee)}`] : []),
    order.payment.method === 'cod'
      ? `Pay on delivery: ${formatINR(order.totals.grandTotal)}`
      : `Total paid: ${formatINR(order.totals.grandTotal)}`,
    ...(order.totals.tax > 0 ? [`(incl. GST ${formatINR(order.totals.tax)})`] : []),
  ];
  const text = [`Thank you for your order #${ref}!`, '', ...itemLines, '', ...totals, '', 'Delivering to:', ...addressLines].join('\n');
  const rows = order.items
    .map(
      (i) =>
        `<tr><td style="padding:6px 0">${i.quantity} × ${escapeHtml(i.title)}${i.variantName ? ` (${escapeHtml(i.variantName)})` : ''}</td><td align="right">${escapeHtml(formatINR(i.price))}</td></tr>`,
    )
    .join('');
  const html = layout(
    `Order #${ref} is confirmed`,
    `<p>Thank you for shopping with us. We will let you know when it ships.</p>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${rows}</table>
<p style="border-top:1px solid #e7e5e4;padding-top:12px">${totals.map(escapeHtml).join('<br>')}</p>
<p><strong>Delivering to</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>`,
  );
  return { to: order.email, subject: `Order #${ref} confirmed`, text, html };
}
