/**
 * The shopper's return and exchange mails: request
 * received, approved, rejected (with the shop's note), parcel received, and exchange shipped
 * (courier, AWB and link). The refund's mail, with its credit note, is the refunds module's. HTML and text; every value put into HTML is escaped.
 */
import { formatINR } from '../../../core/money';
import { RETURN_REASON_LABELS } from '../../../core/returns';
import type { ReturnRequest } from '../../../core/schemas/returns';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml, layout } from '../../integrations/mail/templates';

/** The steps this module mails; the refund's own mail (with its credit note) comes from modules/refunds. */
export type ReturnMailStep = 'requested' | 'approved' | 'rejected' | 'received' | 'exchange_shipped';

/** The mail for `step` of return `ret`, to the order's e-mail. */
export function returnMail(ret: ReturnRequest, step: ReturnMailStep): MailMessage {
  const ref = ret.orderRef;
  const exchange = ret.resolution === 'exchange';
  const what = exchange ? 'exchange' : 'return';
  const refund = formatINR(ret.refundAmount);
  const copy: Record<ReturnMailStep, { subject: string; intro: string }> = {
    requested: {
      subject: `We received your ${what} request for order #${ref}`,
      intro: `Thank you. We will look at your ${what} request (${RETURN_REASON_LABELS[ret.reason].toLowerCase()}) and write to you within 2 working days.`,
    },
    approved: {
      subject: `Your ${what} for order #${ref} is approved`,
      intro: `Please pack the item${ret.lines.length > 1 ? 's' : ''} below with their tags; our courier partner will pick the parcel up, or you may send it to our studio.`,
    },
    rejected: {
      subject: `Your ${what} request for order #${ref} was not approved`,
      intro: 'We are sorry, we could not approve this request.',
    },
    received: {
      subject: `We received your returned item${ret.lines.length > 1 ? 's' : ''} for order #${ref}`,
      intro: exchange
        ? 'Your parcel reached us. We will send your new size shortly.'
        : `Your parcel reached us. We will refund ${refund} to your original payment method.`,
    },
    exchange_shipped: {
      subject: `Your exchange for order #${ref} has shipped`,
      intro: 'Your new size is on its way. You can follow the parcel with the courier below.',
    },
  };
  const { subject, intro } = copy[step];
  const items = ret.lines.map(
    (l) => `${l.quantity} × ${l.title}${l.size ? ` (${l.size})` : ''}${l.exchangeSize ? ` → size ${l.exchangeSize}` : ''}`,
  );
  const noteLine = ret.adminNote && (step === 'approved' || step === 'rejected') ? `Note from us: ${ret.adminNote}` : '';
  const s = step === 'exchange_shipped' ? ret.shipment : null;
  const parcel = s ? [`Courier: ${s.courierName}`, `AWB number: ${s.awb}`, ...(s.trackingUrl ? [`Track it: ${s.trackingUrl}`] : [])] : [];
  const text = [subject, '', intro, ...(noteLine ? ['', noteLine] : []), '', ...items, ...(parcel.length ? ['', ...parcel] : [])].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p>${noteLine ? `<p><strong>${escapeHtml(noteLine)}</strong></p>` : ''}<ul>${items
      .map((i) => `<li>${escapeHtml(i)}</li>`)
      .join('')}</ul>${parcel.length ? `<p>${parcel.map(escapeHtml).join('<br>')}</p>` : ''}`,
  );
  return { to: ret.email, subject, text, html };
}
