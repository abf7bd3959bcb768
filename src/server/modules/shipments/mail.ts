/**
 * The shopper's shipping mails (docs/decisions/0009-order-states-and-shipping.md): shipped (courier, AWB and the
 * tracking link), out for delivery, and delivered (for Cash on Delivery, the amount paid). HTML and
 * text; every value put into HTML is escaped.
 */
import { cashOnDelivery } from '../../../core/cod-advance';
import type { Order, Shipment } from '../../../core/api-types';
import { formatINR } from '../../../core/money';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml, layout } from '../../integrations/mail/templates';
import { orderReference } from '../orders/mail';

export type ShippingStep = 'shipped' | 'out_for_delivery' | 'delivered';

/** The lines naming the parcel: courier, AWB and, when known, the link. */
function parcelLines(shipment: Shipment | undefined): string[] {
  if (!shipment) return [];
  return [
    `Courier: ${shipment.courierName}`,
    `AWB number: ${shipment.awb}`,
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
  ];
}

/**
 * The mail for one step of `order`'s delivery, about `shipment` (the parcel that moved; undefined
 * when the admin moved an order without a shipment record). Sent to the order's e-mail.
 */
export function shippingMail(order: Order, shipment: Shipment | undefined, step: ShippingStep): MailMessage {
  const ref = orderReference(order._id);
  const cod = order.payment.method === 'cod';
  const due = formatINR(cashOnDelivery(order));
  const copy: Record<ShippingStep, { subject: string; title: string; intro: string }> = {
    shipped: {
      subject: `Order #${ref} has shipped`,
      title: `Order #${ref} is on its way`,
      intro: cod
        ? `Your order has left our studio. Please keep ${due} ready to pay on delivery.`
        : 'Your order has left our studio. You can follow the parcel with the courier below.',
    },
    out_for_delivery: {
      subject: `Order #${ref} is out for delivery`,
      title: `Order #${ref} arrives today`,
      intro: cod
        ? `The courier is bringing your order today. Please keep ${due} ready to pay on delivery.`
        : 'The courier is bringing your order today. Please keep your phone nearby.',
    },
    delivered: {
      subject: `Order #${ref} was delivered`,
      title: `Order #${ref} was delivered`,
      intro: cod ? `Your order was delivered and ${due} was paid in cash. Thank you!` : 'Your order was delivered. We hope you love it!',
    },
  };
  const { subject, title, intro } = copy[step];
  const lines = parcelLines(shipment);
  const text = [title, '', intro, '', ...lines].join('\n').trimEnd();
  const link = shipment?.trackingUrl
    ? `<p><a href="${escapeHtml(shipment.trackingUrl)}" style="display:inline-block;background:#e11d48;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">Track your parcel</a></p>`
    : '';
  const details = shipment
    ? `<p>Courier: <strong>${escapeHtml(shipment.courierName)}</strong><br>AWB number: <strong>${escapeHtml(shipment.awb)}</strong></p>`
    : '';
  const html = layout(title, `<p>${escapeHtml(intro)}</p>${details}${link}`);
  return { to: order.email, subject, text, html };
}
