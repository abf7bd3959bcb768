/**
 * Order updates on WhatsApp (docs/architecture.md#whatsapp): service messages staged in the
 * transaction of the event's mail, in addition to it (the mails keep the invoice and credit
 * notes), when the kind has a template and the shopper's account agreed to order updates. The
 * parameters, in order, are those of the texts in sample-templates.ts (docs/owners-guide.md#whatsapp):
 * - order_placed: first name, order reference, total;
 * - shipped: first name, order reference, courier, AWB, tracking link (or "the courier's website");
 * - out_for_delivery, delivered: first name, order reference;
 * - refund_issued: first name, order reference, amount, how it is paid back.
 * Without a template or consent nothing is staged and nothing fails.
 */
import { formatINR, toRupees } from '../../../core/money';
import type { Tx } from '../../db/client';
import type { WhatsAppTemplate } from '../../../core/whatsapp';
import { stageServiceWhatsApp, stageWhatsApp, type StageResult } from '../../integrations/whatsapp/outbox';
import { orderReference } from '../orders/mail';
import type { ShippingStep } from '../shipments/mail';

/** What the messages need of an order: ids, the shopper's number and first name. */
export interface OrderForWhatsApp {
  id: string;
  userId: string;
  phone: string;
  firstName: string;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/**
 * The "order placed" message; `grandTotal` in rupees; `template` the settings' order_placed template
 * as the placement read it (none: nothing is staged and no statement is run). One statement.
 */
export async function stageOrderPlacedWhatsApp(
  tx: Tx,
  template: WhatsAppTemplate | undefined,
  order: OrderForWhatsApp,
  grandTotal: number,
): Promise<StageResult> {
  if (!template) return { staged: false, reason: 'no_template' };
  return stageServiceWhatsApp(tx, template, {
    kind: 'order_placed',
    to: order.phone,
    params: [firstNameOf(order.firstName), orderReference(order.id), formatINR(grandTotal)],
    orderId: order.id,
    userId: order.userId,
  });
}

/** The shipping step's message: shipped (with courier, AWB and tracking link), out for delivery, delivered. */
export function stageShippingWhatsApp(
  tx: Tx,
  order: OrderForWhatsApp,
  step: ShippingStep,
  shipment: { courierName: string; awb: string; trackingUrl: string | null } | undefined,
): Promise<StageResult> {
  const base = [firstNameOf(order.firstName), orderReference(order.id)];
  const params =
    step === 'shipped'
      ? [...base, shipment?.courierName ?? 'our courier', shipment?.awb ?? '-', shipment?.trackingUrl ?? "the courier's website"]
      : base;
  return stageWhatsApp(tx, { kind: step, to: order.phone, params, orderId: order.id, userId: order.userId });
}

/** Where a refund goes, by its method, in one line. */
function refundWay(method: string): string {
  if (method === 'manual') return 'We sent it to your bank or UPI account.';
  if (method === 'store_credit') return 'It is in your store credit for your next order.';
  return 'It goes back to how you paid, usually within 5 to 7 working days.';
}

/** The "refund issued" message; `amountPaise` is the whole refund, `method` its first part's (razorpay, manual, store_credit). */
export function stageRefundWhatsApp(tx: Tx, order: OrderForWhatsApp, amountPaise: number, method: string): Promise<StageResult> {
  return stageWhatsApp(tx, {
    kind: 'refund_issued',
    to: order.phone,
    params: [firstNameOf(order.firstName), orderReference(order.id), formatINR(toRupees(amountPaise)), refundWay(method)],
    orderId: order.id,
    userId: order.userId,
  });
}
