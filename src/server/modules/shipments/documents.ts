/**
 * Packing slip (A4) and 4x6 inch shipping label as PDF (docs/decisions/0009-order-states-and-shipping.md;
 * documents: pdfkit, barcodes through bwip-js). Both carry the delivery address, the order
 * reference and what the courier collects: the grand total for a Cash on Delivery order, else
 * "PREPAID". The AWB of the order's newest parcel is drawn as a Code 128 barcode.
 *
 * Text is set in the shop's PDF fonts (src/server/pdf-fonts), as the invoice is: they have the rupee sign.
 */
import { cashOnDelivery } from '../../../core/cod-advance';
import PDFDocument from 'pdfkit';
import { formatIndiaTime, MEDIUM_DATE } from '../../../core/india-time';
import type { AdminOrder } from '../../../core/schemas/admin-orders';
import { orderRef } from '../../../core/schemas/admin-orders';
import { conflict } from '../../errors';
import { usePdfFonts } from '../../pdf-fonts/pdf-fonts';
import { parcelOf } from './shiprocket';

/** The shop's sender block: its legal name, address and support phone (settings). */
export interface Sender {
  legalName: string;
  address: string;
  phone: string;
}

/** Rupees as the PDFs print them: "₹1,234.50" (en-IN grouping, 2 decimals). */
export function pdfRupees(rupees: number): string {
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * What the courier collects on delivery: "COD: COLLECT ₹…" for a Cash on Delivery order still to
 * pay (the cash part: the total less store credit and a part-paid advance, docs/architecture.md#part-paid-cod), "COD: NOTHING TO COLLECT" once it was cancelled or came back undelivered (nothing is owed;
 * docs/architecture.md#cash-on-delivery), else "PREPAID".
 */
export function collectLine(order: AdminOrder): string {
  if (order.payment.method !== 'cod' || order.payment.status === 'collected') return 'PREPAID';
  if (order.status === 'cancelled' || order.status === 'returned' || order.status === 'refunded') return 'COD: NOTHING TO COLLECT';
  return `COD: COLLECT ${pdfRupees(cashOnDelivery(order))}`;
}

/**
 * A Code 128 barcode of `text` as PNG. bwip-js is loaded on the first label (about 9 MB of the
 * server's memory that a shop drawing no labels never needs).
 */
async function code128(text: string): Promise<Buffer> {
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: true, textxalign: 'center' });
}

/** Collects a pdfkit document into one buffer. */
function render(doc: PDFKit.PDFDocument, draw: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw();
    doc.end();
  });
}

function addressLines(order: AdminOrder): string[] {
  const a = order.shippingAddress;
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.address,
    a.apartment,
    `${a.city}, ${a.state} - ${a.pincode}`,
    a.country,
    order.phone ? `Phone: ${order.phone}` : '',
  ].filter(Boolean);
}

/** One line of a parcel as the documents print it. */
export interface ParcelLine {
  title: string;
  size: string | null;
  sku: string | null;
  quantity: number;
}

/**
 * What one parcel of `order` holds: its lines, the parcel (once shipped), what the courier collects,
 * and for an exchange the words that say so ('Exchange' and the sizes it replaces).
 */
export interface ParcelContents {
  lines: ParcelLine[];
  shipment: AdminOrder['shipments'][number] | undefined;
  collect: string;
  exchange: { replaces: string[] } | null;
}

/**
 * The order's own parcel: every order line, its newest parcel that is not an exchange's
 * (`exchangeShipmentIds`, the returns module's), and the COD amount or PREPAID (`collectLine`).
 */
export function orderParcel(order: AdminOrder, exchangeShipmentIds: ReadonlySet<string> = new Set()): ParcelContents {
  return {
    lines: order.items.map((i) => ({ title: i.title, size: i.variantName, sku: i.sku, quantity: i.quantity })),
    shipment: order.shipments.filter((s) => !exchangeShipmentIds.has(s._id)).at(-1),
    collect: collectLine(order),
    exchange: null,
  };
}

/**
 * A size exchange's parcel (the returns module's `exchangeParcel`): the new sizes and quantities
 * only, its own shipment, and nothing to collect: the order was paid, or its cash collected when
 * the first parcel was delivered (returns open only on a delivered order).
 */
export function exchangeContents(parcel: {
  lines: ParcelLine[];
  replaces: string[];
  shipment: AdminOrder['shipments'][number] | null;
}): ParcelContents {
  return { lines: parcel.lines, shipment: parcel.shipment ?? undefined, collect: 'PREPAID', exchange: { replaces: parcel.replaces } };
}

const pieces = (parcel: ParcelContents) => parcel.lines.reduce((sum, l) => sum + l.quantity, 0);

/**
 * The packing slip: sender, order reference and date, delivery address, every line of the parcel
 * (title, size, SKU, quantity), the COD amount or PREPAID, and the AWB barcode once shipped. Works
 * for any order; an exchange's parcel (`parcel`) is titled 'Exchange packing slip', names the sizes
 * it replaces and lists the new sizes only.
 */
export async function packingSlipPdf(
  order: AdminOrder,
  sender: Sender,
  now: Date = new Date(),
  parcel: ParcelContents = orderParcel(order),
): Promise<Buffer> {
  const shipment = parcel.shipment;
  const barcode = shipment ? await code128(shipment.awb) : null;
  const heading = parcel.exchange ? 'Exchange packing slip' : 'Packing slip';
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${heading} #${orderRef(order._id)}`, CreationDate: now } });
  usePdfFonts(doc);
  return render(doc, () => {
    doc.font('bold').fontSize(20).text(heading);
    doc.font('body').fontSize(10).fillColor('#444').text(`${sender.legalName}\n${sender.address}`);
    doc.moveDown();
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(12)
      .text(`Order #${orderRef(order._id)}`);
    doc
      .font('body')
      .fontSize(10)
      .text(`Placed ${formatIndiaTime(order.createdAt, MEDIUM_DATE)}`);
    if (parcel.exchange) {
      doc.text(`Size exchange: replaces ${parcel.exchange.replaces.join(', ')}`);
    }
    doc.moveDown();
    doc.font('bold').text('Deliver to');
    doc.font('body').text(addressLines(order).join('\n'));
    doc.moveDown();
    doc.font('bold').fontSize(14).text(parcel.collect);
    doc.moveDown();
    const left = doc.page.margins.left;
    const cols = [left, left + 260, left + 320, left + 440];
    let y = doc.y;
    doc.font('bold').fontSize(10);
    ['Item', 'Size', 'SKU', 'Qty'].forEach((h, i) => doc.text(h, cols[i], y));
    y += 16;
    doc
      .moveTo(left, y - 3)
      .lineTo(doc.page.width - doc.page.margins.right, y - 3)
      .stroke('#999');
    doc.font('body');
    for (const line of parcel.lines) {
      doc.text(line.title, cols[0], y, { width: 250 });
      const rowHeight = Math.max(16, doc.heightOfString(line.title, { width: 250 }) + 4);
      doc.text(line.size ?? '-', cols[1], y);
      doc.text(line.sku ?? '-', cols[2], y, { width: 110 });
      doc.text(String(line.quantity), cols[3], y);
      y += rowHeight;
    }
    doc.text(`Pieces: ${pieces(parcel)}`, left, y + 6);
    if (shipment && barcode) {
      doc.moveDown(2);
      doc.font('bold').text(`${shipment.courierName} AWB`, left);
      doc.image(barcode, left, doc.y + 4, { width: 220 });
    }
  });
}

/**
 * The 4x6 inch (288 x 432 pt) shipping label: courier and AWB barcode, the COD amount or PREPAID in
 * large type, the delivery address with its pincode in large type (couriers sort by it), the order
 * reference, pieces and declared weight (parcelOf), and the sender with its phone (for a courier
 * who cannot deliver). An exchange's parcel (`parcel`) is marked EXCHANGE next to the courier and
 * counts its own pieces. Throws 409 when the parcel has not shipped yet (the label needs its AWB).
 */
export async function shippingLabelPdf(
  order: AdminOrder,
  sender: Sender,
  now: Date = new Date(),
  parcel: ParcelContents = orderParcel(order),
): Promise<Buffer> {
  const shipment = parcel.shipment;
  if (!shipment) {
    throw conflict(
      parcel.exchange
        ? 'Ship the exchange first: the shipping label needs its AWB'
        : 'Ship the order first: the shipping label needs its AWB',
    );
  }
  const barcode = await code128(shipment.awb);
  const doc = new PDFDocument({
    size: [288, 432],
    margin: 14,
    info: { Title: `${parcel.exchange ? 'Exchange shipping label' : 'Shipping label'} #${orderRef(order._id)}`, CreationDate: now },
  });
  usePdfFonts(doc);
  return render(doc, () => {
    const w = 288 - 28;
    doc.font('bold').fontSize(14).text(shipment.courierName, 14, 14, { width: w });
    if (parcel.exchange) doc.font('bold').fontSize(14).text('EXCHANGE', 14, 14, { width: w, align: 'right' });
    doc.image(barcode, 14, 36, { fit: [w, 70], align: 'center' });
    doc.rect(14, 112, w, 30).stroke();
    doc.font('bold').fontSize(15).text(parcel.collect, 14, 120, { width: w, align: 'center' });
    doc.font('bold').fontSize(10).text('DELIVER TO', 14, 152);
    doc.font('body').fontSize(11).text(addressLines(order).join('\n'), 14, 166, { width: w, height: 92, ellipsis: true });
    doc.font('bold').fontSize(26).text(`PIN ${order.shippingAddress.pincode}`, 14, 260, { width: w });
    doc.moveTo(14, 294).lineTo(274, 294).stroke();
    doc
      .font('bold')
      .fontSize(12)
      .text(`Order #${orderRef(order._id)}`, 14, 302);
    doc
      .font('body')
      .fontSize(9)
      .text(`Pieces: ${pieces(parcel)}   Weight: ${parcelOf(pieces(parcel)).weight} kg   AWB: ${shipment.awb}`, 14, 320, { width: w });
    doc.moveTo(14, 338).lineTo(274, 338).stroke();
    doc.font('bold').fontSize(8).text('FROM (RETURN TO)', 14, 346);
    const from = [sender.legalName, sender.address, sender.phone ? `Phone: ${sender.phone}` : ''].filter(Boolean).join('\n');
    doc.font('body').fontSize(8).text(from, 14, 358, { width: w, height: 62, ellipsis: true });
  });
}
