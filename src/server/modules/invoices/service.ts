/**
 * One order's GST tax invoice (docs/decisions/0010-gst-tax-invoices.md): the figures come from the order as
 * placed (orders and order_items: per line HSN, discount, taxable value, rate and CGST/SGST/IGST,
 * written by the order placement with `computeGst`), the seller from the shop settings. Nothing is
 * recomputed here: the invoice shows what the order recorded, to the paisa.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '../../../core/constants';
import { can } from '../../../core/permissions';
import { gstStateCode } from '../../../core/gstin';
import { gstOnCharge } from '../../../core/tax';
import type { ShopSettings } from '../../../core/schemas/settings';
import { preparedOnce, type Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { isUuid, notFound } from '../../errors';
import { orderReference } from '../orders/mail';

/** One invoice line; money in integer paise. */
export interface InvoiceLine {
  /** The order line it comes from; null for the Cash on Delivery charge. */
  orderItemId: string | null;
  description: string;
  /** The variant's name as sold ('M', 'Maroon / L'; core/colours.ts variantLabel); null for a product without sizes. */
  size: string | null;
  hsn: string;
  quantity: number;
  /** Selling price per piece, GST included, before the order's discount. */
  unitPricePaise: number;
  /** The order's discount allotted to this line. */
  discountPaise: number;
  taxablePaise: number;
  /** GST rate in basis points (500 = 5%). */
  taxRateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What was paid for the line: unit price × quantity − discount = taxable + GST. */
  totalPaise: number;
}

/** Everything printed on one invoice. */
export interface InvoiceData {
  orderId: string;
  /** 'RM/2026-27/00001'. */
  invoiceNumber: string;
  /** The order's reference as shoppers see it (orders/mail.ts). */
  orderReference: string;
  /** When the order was placed: the invoice date (printed in India time). */
  issuedAt: Date;
  paymentMethod: PaymentMethod;
  /** 'captured' (paid), 'pending' (cash to collect) or 'collected'. */
  paymentStatus?: PaymentStatus;
  /**
   * Store credit that paid part or all of the grand total (paise): a payment, not a discount, so the
   * taxable value and GST are those of the whole supply (docs/architecture.md#store-credit).
   */
  storeCreditPaise?: number;
  /** Part-paid COD: the advance paid online (paise; docs/architecture.md#part-paid-cod). */
  codAdvancePaise?: number;
  /**
   * The prepaid discount the order was given for paying online or with store credit (paise;
   * docs/architecture.md#prepaid-discount): already in the lines' discounts, named under the totals.
   */
  prepaidDiscountPaise?: number;
  seller: {
    legalName: string;
    address: string;
    state: string;
    stateCode: string | null;
    gstin: string;
    supportEmail: string;
    supportPhone: string;
  };
  buyer: { name: string; email: string; phone: string; addressLines: string[] };
  placeOfSupply: { state: string; stateCode: string | null };
  /** CGST + SGST when true, IGST when false. */
  intraState: boolean;
  lines: InvoiceLine[];
  /** Sums of the lines (a COD fee is one), plus shipping charged on the order and its grand total (paise). */
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    linesPaise: number;
    shippingPaise: number;
    grandTotalPaise: number;
  };
}

/**
 * The order and its lines in position order, in one round trip (a confirmation mail loads its invoice
 * for every order placed). Prepared once per database handle.
 */
const orderWithItems = preparedOnce((db) =>
  db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position))
    .prepare('invoice_order_with_items'),
);

/**
 * Loads the invoice of order `orderId` as `viewer` may see it.
 * - Access: the order's owner or an admin; anyone else (or a malformed/unknown id) gets 404 'Order
 *   not found', the rule of GET /api/orders/{id} (docs/architecture.md#api-contract). Pass `viewer: 'system'` for the mail
 *   outbox, which renders the invoice for the order's own confirmation mail.
 * - Throws 404 'No invoice for this order' when the order has no invoice number (placed before
 *   invoices existed).
 * - `settings`: the shop settings as they are now: the support contacts, and the seller for an order
 *   placed before orders kept their seller (orders.seller: name, address, state and GSTIN as placed).
 */
export async function loadInvoice(
  db: Tx,
  orderId: string,
  viewer: { id: string; role: string } | null | 'system',
  settings: ShopSettings,
): Promise<InvoiceData> {
  const rows = viewer && isUuid(orderId) ? await orderWithItems(db).execute({ orderId }) : [];
  const order = rows[0]?.order;
  if (!order || (viewer !== 'system' && order.userId !== viewer!.id && !can(viewer!.role, 'orders.read')))
    throw notFound('Order not found');
  if (!order.invoiceNumber) throw notFound('No invoice for this order');
  const seller = order.seller ?? settings;
  const itemRows = rows.flatMap((r) => (r.item ? [r.item] : []));

  const lines: InvoiceLine[] = itemRows.map((i) => ({
    orderItemId: i.id,
    description: i.title,
    size: i.variantName,
    hsn: i.hsn,
    quantity: i.quantity,
    unitPricePaise: i.unitPricePaise,
    discountPaise: i.discountPaise,
    taxablePaise: i.taxablePaise,
    taxRateBp: i.taxRateBp,
    cgstPaise: i.cgstPaise,
    sgstPaise: i.sgstPaise,
    igstPaise: i.igstPaise,
    totalPaise: i.lineTotalPaise - i.discountPaise,
  }));
  const a = order.shippingAddress;
  // A Cash on Delivery fee is part of the supply: a line of its own, taxed as the order placement
  // taxed it (src/core/tax.ts gstOnCharge), under the HSN of the highest-rated goods.
  if (order.codFeePaise > 0) {
    const principal = [...lines].sort((x, y) => y.taxRateBp - x.taxRateBp)[0];
    const fee = gstOnCharge(
      order.codFeePaise,
      lines.map((l) => l.taxRateBp / 100),
      { shopState: seller.state, shippingState: a.state },
    );
    lines.push({
      orderItemId: null,
      description: 'Cash on Delivery charges',
      size: null,
      hsn: principal?.hsn ?? '',
      quantity: 1,
      unitPricePaise: order.codFeePaise,
      discountPaise: 0,
      taxablePaise: fee.taxablePaise,
      taxRateBp: Math.round(fee.ratePercent * 100),
      cgstPaise: fee.cgstPaise,
      sgstPaise: fee.sgstPaise,
      igstPaise: fee.igstPaise,
      totalPaise: order.codFeePaise,
    });
  }
  const sum = (key: keyof InvoiceLine) => lines.reduce((total, line) => total + (line[key] as number), 0);
  const supplyCode = gstStateCode(a.state);
  const sellerCode = gstStateCode(seller.state);
  // The lines say how the order was taxed; only an order without any GST falls back to the states.
  const cgst = sum('cgstPaise');
  const igst = sum('igstPaise');
  const intraState = cgst > 0 || (igst === 0 && supplyCode !== null && supplyCode === sellerCode);
  return {
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
    orderReference: orderReference(order.id),
    issuedAt: order.createdAt,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    storeCreditPaise: order.storeCreditPaise,
    codAdvancePaise: order.codAdvancePaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      state: seller.state,
      stateCode: sellerCode,
      gstin: seller.gstin,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
    },
    buyer: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      email: order.email,
      phone: order.phone,
      addressLines: [a.line1, a.line2, `${a.city}, ${a.state} ${a.pincode}`, a.country].filter(Boolean),
    },
    placeOfSupply: { state: a.state, stateCode: supplyCode },
    intraState,
    lines,
    totals: {
      taxablePaise: sum('taxablePaise'),
      cgstPaise: cgst,
      sgstPaise: sum('sgstPaise'),
      igstPaise: igst,
      linesPaise: sum('totalPaise'),
      shippingPaise: order.shippingPaise,
      grandTotalPaise: order.grandTotalPaise,
    },
  };
}

/** The download's file name: 'RM/2026-27/00001' -> 'invoice-RM-2026-27-00001.pdf' (only A-Z, a-z, 0-9, '-' kept). */
export function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`;
}
