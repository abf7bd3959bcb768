/**
 * The GST tax invoice as a PDF, drawn with pdfkit on one A4 page (more when an order has
 * many lines): the seller's legal name, address, state and GSTIN; invoice number and date (India
 * time), order reference and payment; buyer and shipping address; place of supply with its GST
 * state code; a line table (description, size, HSN, quantity, rate, discount, taxable value, then
 * CGST and SGST for intra-state supply or IGST for inter-state, each with rate and amount, and the
 * line total); the totals; the grand total in words (Indian numbering); a footer with the support
 * contacts. Text is set in the shop's PDF fonts (src/server/pdf-fonts: Noto Sans, which has the ₹
 * sign). Amounts in the table are rupees
 * with two decimals, grouped the Indian way ('1,23,456.78').
 *
 * The same drawing makes a GST credit note (CGST Act 2017 s.34, CGST Rules rule 53): given
 * `credit`, the title is CREDIT NOTE, its number and date come first with the original invoice's
 * number and date and the reason, and the line table shows what is credited per line (no rate or
 * discount columns: the credited amount is the line's share of what was paid).
 */
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../../core/amount-in-words';
import { variantCaption } from '../../../core/colours';
import { BRAND } from '../../../core/constants';
import { DATE_2DIGIT, formatIndiaTime } from '../../../core/india-time';
import { usePdfFonts } from '../../pdf-fonts/pdf-fonts';
import type { InvoiceData, InvoiceLine } from './service';

/** Integer paise as rupees with two decimals, grouped the Indian way: 12345678 -> '1,23,456.78'. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / 100));
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  return `${sign}${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in basis points as a percentage: 500 -> '5%', 250 -> '2.5%', 1800 -> '18%'. */
export const ratePercent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

/** The invoice date in India time: '25 Nov 2026'. */
export const invoiceDate = (at: Date) => formatIndiaTime(at, DATE_2DIGIT).replace(/-/g, ' ');

const PAYMENT_LABELS: Record<InvoiceData['paymentMethod'], string> = {
  razorpay: 'Prepaid (online)',
  cod: 'Cash on Delivery',
  store_credit: 'Store credit',
};

const INK = '#1c1917';
const MUTED = '#57534e';
const RULE = '#d6d3d1';
const HEAD_FILL = '#f5f5f4';
const BRAND_COLOUR = '#be123c';
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Width of the totals box at the right. */
const TOTALS_WIDTH = 220;

/** What makes an invoice's drawing a credit note: its own number and date, and why it was issued. */
export interface CreditNoteMeta {
  /** 'RM/CN/2026-27/00001'. */
  number: string;
  issuedAt: Date;
  reason: string;
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Main text of the cell; `sub` is a smaller second line (the size, a tax rate). */
  cell: (line: InvoiceLine, index: number) => { text: string; sub?: string };
}

/** The line table's columns: CGST + SGST for intra-state supply, IGST otherwise; widths add up to the page. */
function columns(intraState: boolean, credit: boolean): Column[] {
  const money = (header: string, width: number, pick: (l: InvoiceLine) => number): Column => ({
    header,
    width,
    align: 'right',
    cell: (l) => ({ text: rupees(pick(l)) }),
  });
  const tax = (header: string, width: number, pick: (l: InvoiceLine) => number, bp: (l: InvoiceLine) => number): Column => ({
    header,
    width,
    align: 'right',
    cell: (l) => ({ text: rupees(pick(l)), sub: `@ ${ratePercent(bp(l))}` }),
  });
  const taxColumns = intraState
    ? [
        tax(
          'CGST',
          50,
          (l) => l.cgstPaise,
          (l) => l.taxRateBp / 2,
        ),
        tax(
          'SGST',
          50,
          (l) => l.sgstPaise,
          (l) => l.taxRateBp / 2,
        ),
      ]
    : [
        tax(
          'IGST',
          70,
          (l) => l.igstPaise,
          (l) => l.taxRateBp,
        ),
      ];
  return [
    { header: '#', width: 16, align: 'center', cell: (_l, i) => ({ text: String(i + 1) }) },
    {
      header: 'Description',
      width: (intraState ? 131 : 161) + (credit ? 100 : 0),
      align: 'left',
      cell: (l) => ({ text: l.description, sub: l.size ? variantCaption(l.size) : undefined }),
    },
    { header: 'HSN', width: 36, align: 'center', cell: (l) => ({ text: l.hsn || '-' }) },
    { header: 'Qty', width: 24, align: 'center', cell: (l) => ({ text: String(l.quantity) }) },
    ...(credit ? [] : [money('Rate', 52, (l) => l.unitPricePaise), money('Discount', 48, (l) => l.discountPaise)]),
    money('Taxable value', 58, (l) => l.taxablePaise),
    ...taxColumns,
    money(credit ? 'Credited' : 'Total', 58, (l) => l.totalPaise),
  ];
}

/** The page's left and right content edges. */
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
/** Padding inside a table cell. */
const PAD = 3;

/** A new A4 document for `invoice` (or its credit note) and the promise of its bytes once ended. */
function openDocument(invoice: InvoiceData, credit: CreditNoteMeta | undefined): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // No default font: pdfkit would read and parse Helvetica's metrics (an AFM file) for every
    // document, and every text here is set in 'body' or 'bold' (usePdfFonts).
    font: null as unknown as string,
    info: {
      Title: credit ? `Credit Note ${credit.number}` : `Tax Invoice ${invoice.invoiceNumber}`,
      Author: invoice.seller.legalName || BRAND.name,
      Subject: `Order #${invoice.orderReference}`,
      CreationDate: credit?.issuedAt ?? invoice.issuedAt,
    },
  });
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The seller block at the top left: brand, legal name, address, state and GSTIN; returns its bottom. */
function drawSeller(doc: PDFKit.PDFDocument, seller: InvoiceData['seller']): number {
  doc.font('bold').fontSize(18).fillColor(BRAND_COLOUR).text(BRAND.name, LEFT, PAGE.margin, { width: 300 });
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(seller.legalName || BRAND.name, LEFT, doc.y + 2, { width: 300 });
  doc.font('body').fontSize(8.5).fillColor(MUTED);
  if (seller.address) doc.text(seller.address, { width: 300 });
  if (seller.state) doc.text(`State: ${seller.state}${seller.stateCode ? ` (code ${seller.stateCode})` : ''}`, { width: 300 });
  doc
    .font('bold')
    .fillColor(INK)
    .text(`GSTIN: ${seller.gstin || 'not registered'}`, { width: 300 });
  return doc.y;
}

/** The title and the document's numbers at the top right; returns their bottom. */
function drawDocumentMeta(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined): number {
  const metaX = RIGHT - 200;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(credit ? 'CREDIT NOTE' : 'TAX INVOICE', metaX, PAGE.margin, { width: 200, align: 'right' });
  doc.font('body').fontSize(7.5).fillColor(MUTED).text('Original for recipient', metaX, doc.y, { width: 200, align: 'right' });
  let metaY = doc.y + 6;
  const meta: [string, string][] = [
    ...(credit
      ? ([
          ['Credit note no.', credit.number],
          ['Credit note date', invoiceDate(credit.issuedAt)],
        ] as [string, string][])
      : []),
    [credit ? 'Against invoice' : 'Invoice no.', invoice.invoiceNumber],
    ['Invoice date', invoiceDate(invoice.issuedAt)],
    ['Order', `#${invoice.orderReference}`],
    ['Payment', PAYMENT_LABELS[invoice.paymentMethod]],
  ];
  for (const [label, value] of meta) {
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(label, metaX, metaY, { width: 80 });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, metaX + 80, metaY, { width: 120, align: 'right' });
    metaY = doc.y + 2;
  }
  return metaY;
}

/** Header: the seller on the left, the document's title and numbers on the right, a rule under both; returns the y below. */
function drawHeader(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined): number {
  const sellerBottom = drawSeller(doc, invoice.seller);
  const metaBottom = drawDocumentMeta(doc, invoice, credit);
  const y = Math.max(sellerBottom, metaBottom) + 10;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1.5).strokeColor(BRAND_COLOUR).stroke();
  return y + 10;
}

/** Buyer (bill to / ship to) on the left, place of supply on the right, then "All amounts in ₹"; returns the y below. */
function drawParties(doc: PDFKit.PDFDocument, invoice: InvoiceData, top: number): number {
  const { buyer } = invoice;
  const half = (CONTENT_WIDTH - 16) / 2;
  doc.font('bold').fontSize(7.5).fillColor(MUTED).text('BILL TO / SHIP TO', LEFT, top, { width: half, characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(buyer.name, LEFT, doc.y + 2, { width: half });
  doc.font('body').fontSize(8.5).fillColor(INK);
  for (const line of buyer.addressLines) doc.text(line, { width: half });
  doc.fillColor(MUTED).text(`Phone: ${buyer.phone}`, { width: half });
  doc.text(`E-mail: ${buyer.email}`, { width: half });
  const buyerBottom = doc.y;

  const supplyX = LEFT + half + 16;
  const supplyCode = invoice.placeOfSupply.stateCode;
  doc.font('bold').fontSize(7.5).fillColor(MUTED).text('PLACE OF SUPPLY', supplyX, top, { width: half, characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(`${invoice.placeOfSupply.state}${supplyCode ? ` (${supplyCode})` : ''}`, supplyX, doc.y + 2, { width: half });
  doc
    .font('body')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(invoice.intraState ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST', { width: half });
  doc.text('Tax payable on reverse charge: No', { width: half });
  const y = Math.max(buyerBottom, doc.y) + 10;
  doc.font('body').fontSize(7).fillColor(MUTED).text('All amounts in ₹', LEFT, y, { width: CONTENT_WIDTH, align: 'right' });
  return doc.y + 2;
}

/** The line table's header row at `top`; returns its bottom. */
function drawTableHeader(doc: PDFKit.PDFDocument, cols: Column[], top: number): number {
  doc.font('bold').fontSize(7.5);
  const height = Math.max(...cols.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * PAD }))) + 2 * PAD + 2;
  doc.rect(LEFT, top, CONTENT_WIDTH, height).fill(HEAD_FILL);
  let x = LEFT;
  doc.fillColor(INK);
  for (const c of cols) {
    doc.text(c.header, x + PAD, top + PAD + 1, { width: c.width - 2 * PAD, align: c.align });
    x += c.width;
  }
  doc
    .moveTo(LEFT, top + height)
    .lineTo(RIGHT, top + height)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  return top + height;
}

/** The height of a table row: its tallest cell (main text and the smaller second line) plus padding. */
function rowHeight(doc: PDFKit.PDFDocument, cols: Column[], cells: { text: string; sub?: string }[]): number {
  doc.fontSize(8.5);
  const tallest = Math.max(
    ...cells.map((cell, i) => {
      const width = cols[i].width - 2 * PAD;
      const main = doc.font('body').fontSize(8.5).heightOfString(cell.text, { width });
      const sub = cell.sub ? doc.font('body').fontSize(7).heightOfString(cell.sub, { width }) : 0;
      return main + sub;
    }),
  );
  return tallest + 2 * PAD + 2;
}

/**
 * The line table from `top`, one row per line, on as many pages as it takes (each continued page
 * titled and with the header row again); returns the y below the last row.
 */
function drawLineTable(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined, top: number): number {
  const cols = columns(invoice.intraState, Boolean(credit));
  const kind = credit ? 'Credit note' : 'Tax invoice';
  let y = drawTableHeader(doc, cols, top);
  invoice.lines.forEach((line, index) => {
    const cells = cols.map((c) => c.cell(line, index));
    const height = rowHeight(doc, cols, cells);
    if (y + height > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      doc
        .font('bold')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`${kind} ${credit?.number ?? invoice.invoiceNumber} (continued)`, LEFT, PAGE.margin, { width: CONTENT_WIDTH });
      y = drawTableHeader(doc, cols, doc.y + 6);
    }
    let x = LEFT;
    cells.forEach((cell, i) => {
      const c = cols[i];
      const width = c.width - 2 * PAD;
      doc
        .font(i === 1 ? 'bold' : 'body')
        .fontSize(8.5)
        .fillColor(INK)
        .text(cell.text, x + PAD, y + PAD + 1, { width, align: c.align });
      if (cell.sub)
        doc
          .font('body')
          .fontSize(7)
          .fillColor(MUTED)
          .text(cell.sub, x + PAD, doc.y, { width, align: c.align });
      x += c.width;
    });
    y += height;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(RULE).stroke();
  });
  return y;
}

/**
 * The totals' rows: the prepaid discount given (already in the lines' Discount column and so in their
 * taxable value, docs/architecture.md#prepaid-discount; not on a credit note), taxable value, the GST
 * heads, the value of supply and shipping.
 */
export function totalRows(invoice: InvoiceData, credit: CreditNoteMeta | undefined): [string, string][] {
  const totals = invoice.totals;
  const prepaid = credit ? 0 : (invoice.prepaidDiscountPaise ?? 0);
  return [
    ...(prepaid > 0 ? ([['Prepaid discount', `-₹${rupees(prepaid)}`]] as [string, string][]) : []),
    ['Taxable value', `₹${rupees(totals.taxablePaise)}`],
    ...(invoice.intraState
      ? ([
          ['CGST', `₹${rupees(totals.cgstPaise)}`],
          ['SGST', `₹${rupees(totals.sgstPaise)}`],
        ] as [string, string][])
      : ([['IGST', `₹${rupees(totals.igstPaise)}`]] as [string, string][])),
    ...(invoice.intraState ? ([['Total GST', `₹${rupees(totals.cgstPaise + totals.sgstPaise)}`]] as [string, string][]) : []),
    [credit ? 'Credited (incl. GST)' : 'Value of supply (incl. GST)', `₹${rupees(totals.linesPaise)}`],
    ...(totals.shippingPaise > 0 ? ([['Shipping', `₹${rupees(totals.shippingPaise)}`]] as [string, string][]) : []),
  ];
}

/**
 * How the grand total was paid, under it, when it was paid in parts: store credit
 * (docs/architecture.md#store-credit) and/or a part-paid COD advance (docs/architecture.md#part-paid-cod):
 * "Paid with store credit", "Advance paid online", then the rest "Paid online", "Due in cash" or
 * "Paid in cash". None on a credit note or an order paid one way only.
 */
export function paymentRows(invoice: InvoiceData, credit: CreditNoteMeta | undefined): [string, string][] {
  const spent = invoice.storeCreditPaise ?? 0;
  const advance = invoice.paymentMethod === 'cod' ? (invoice.codAdvancePaise ?? 0) : 0;
  if (credit || spent + advance <= 0) return [];
  const rest = invoice.totals.grandTotalPaise - spent - advance;
  const restLabel =
    invoice.paymentMethod === 'cod' ? (invoice.paymentStatus === 'collected' ? 'Paid in cash' : 'Due in cash') : 'Paid online';
  const rows: [string, number][] = [
    ['Paid with store credit', spent],
    ['Advance paid online', advance],
    [restLabel, rest],
  ];
  return rows.filter(([, paise]) => paise > 0).map(([label, paise]) => [label, `₹${rupees(paise)}`]);
}

/** The totals box on the right from `top`, ending with the grand total (or total credited) and how it was paid; returns its bottom. */
function drawTotalsBox(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined, top: number): number {
  const totalsX = RIGHT - TOTALS_WIDTH;
  let ty = top + 8;
  for (const [label, value] of totalRows(invoice, credit)) {
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(label, totalsX, ty, { width: 130 });
    doc
      .font('body')
      .fillColor(INK)
      .text(value, totalsX + 130, ty, { width: TOTALS_WIDTH - 130, align: 'right' });
    ty += 14;
  }
  doc.rect(totalsX, ty + 2, TOTALS_WIDTH, 22).fill(HEAD_FILL);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(credit ? 'Total credited' : 'Grand total', totalsX + 6, ty + 8, { width: 120 });
  doc.text(`₹${rupees(invoice.totals.grandTotalPaise)}`, totalsX + 110, ty + 8, { width: TOTALS_WIDTH - 116, align: 'right' });
  ty += 30;
  for (const [label, value] of paymentRows(invoice, credit)) {
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(label, totalsX, ty, { width: 130 });
    doc
      .font('body')
      .fillColor(INK)
      .text(value, totalsX + 130, ty, { width: TOTALS_WIDTH - 130, align: 'right' });
    ty += 14;
  }
  return ty - 4;
}

/** The amount in words on the left from `top`, with the note under it (or the credit note's reason); returns its bottom. */
function drawAmountInWords(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined, top: number): number {
  const wordsWidth = RIGHT - TOTALS_WIDTH - LEFT - 24;
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('AMOUNT IN WORDS', LEFT, top + 8, { width: wordsWidth, characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(INK)
    .text(amountInWords(invoice.totals.grandTotalPaise), LEFT, doc.y + 2, { width: wordsWidth });
  doc
    .font('body')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      credit
        ? `Reason: ${credit.reason}. This credit note reverses the GST included in the amount refunded, line by line, at the invoice's rates.`
        : 'Prices include GST. The taxable value of each line is its price after discount less the GST included in it.',
      LEFT,
      doc.y + 8,
      { width: wordsWidth },
    );
  return doc.y;
}

/** Totals on the right, the amount in words on the left, on a new page when they do not fit; returns the y below. */
function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined, top: number): number {
  const rowsHeight = (totalRows(invoice, credit).length + paymentRows(invoice, credit).length) * 14 + 26;
  let y = top;
  if (y + rowsHeight + 90 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  const totalsBottom = drawTotalsBox(doc, invoice, credit, y);
  const wordsBottom = drawAmountInWords(doc, invoice, credit, y);
  return Math.max(totalsBottom, wordsBottom);
}

/** "For <seller>" and "Authorised signatory" at the right from `top`. */
function drawSignature(doc: PDFKit.PDFDocument, sellerName: string, top: number): void {
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(INK)
    .text(`For ${sellerName}`, RIGHT - 220, top, { width: 220, align: 'right' });
  doc
    .font('body')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Authorised signatory', RIGHT - 220, doc.y + 18, { width: 220, align: 'right' });
}

/** The footer on every page: the computer-generated note, the support contacts and the page number. */
function drawFooters(doc: PDFKit.PDFDocument, invoice: InvoiceData, credit: CreditNoteMeta | undefined): void {
  const kind = credit ? 'Credit note' : 'Tax invoice';
  const contact = [invoice.seller.supportEmail || BRAND.supportEmail, invoice.seller.supportPhone].filter(Boolean).join(' · ');
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = PAGE.height - PAGE.margin - 14;
    doc
      .moveTo(LEFT, footerY - 6)
      .lineTo(RIGHT, footerY - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('body')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`This is a computer-generated ${kind.toLowerCase()} and needs no signature. Questions? ${contact}`, LEFT, footerY, {
        width: CONTENT_WIDTH - 60,
        lineBreak: false,
      });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, RIGHT - 60, footerY, { width: 60, align: 'right', lineBreak: false });
  }
}

/**
 * Renders `invoice` as a PDF document; with `credit`, the credit note against it (its lines and
 * totals are then the credited ones; see the module docstring).
 * - out: the PDF's bytes (A4, the shop's PDF fonts embedded as subsets).
 * Throws only if pdfkit or the font files fail (a broken install).
 */
export function renderInvoicePdf(invoice: InvoiceData, credit?: CreditNoteMeta): Promise<Buffer> {
  const { doc, done } = openDocument(invoice, credit);
  let y = drawHeader(doc, invoice, credit);
  y = drawParties(doc, invoice, y);
  y = drawLineTable(doc, invoice, credit, y);
  y = drawTotals(doc, invoice, credit, y) + 28;
  drawSignature(doc, invoice.seller.legalName || BRAND.name, y);
  drawFooters(doc, invoice, credit);
  doc.end();
  return done;
}
