import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createInvoicedOrder } from '../../../../tests/helpers/invoiced-order';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import type { Order } from '../../../core/api-types';
import { amountInWords } from '../../../core/amount-in-words';
import { mailOutbox, orderItems } from '../../db/schema';
import { createMailer, type OutgoingMail } from '../../integrations/mail/mailer';
import { orderReference } from '../orders/mail';

// GST tax invoices (docs/decisions/0010-gst-tax-invoices.md): GET /api/orders/{id}/invoice and the invoice attached to mail.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let intra: { id: string };
let inter: { id: string };
let legacy: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { name: 'Asha Verma' });
  other = await createUser(t.app, t.db);
  admin = await createUser(t.app, t.db, { role: 'admin' });
  const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: demoShopSettings });
  expect(saved.statusCode).toBe(200);
  // Karnataka, the shop's own state: CGST + SGST. A 20% discount spread over two lines; the kurta
  // sells at ₹1,039.20 a piece after it (5%), the saree at ₹2,799.20 (18%).
  intra = await createInvoicedOrder(t.db, {
    userId: owner.user.id,
    email: 'asha@example.in',
    invoiceNumber: 'RM/2025-26/00001',
    lines: [
      { title: 'Kurta', size: 'M', hsn: '6204', unitPricePaise: 129_900, quantity: 2, discountPaise: 51_960 },
      { title: 'Silk Saree', size: 'Free', hsn: '5007', unitPricePaise: 349_900, quantity: 1, discountPaise: 69_980 },
    ],
  });
  // Maharashtra: IGST; paid in cash with a ₹49 fee; a ₹500 coupon spread over two lines.
  inter = await createInvoicedOrder(t.db, {
    userId: owner.user.id,
    invoiceNumber: 'RM/2025-26/00002',
    paymentMethod: 'cod',
    codFeePaise: 4_900,
    shipping: { line1: '7 Linking Road', line2: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
    lines: [
      { title: 'Linen Shirt', size: 'L', hsn: '6205', unitPricePaise: 179_900, quantity: 1, discountPaise: 13_232 },
      { title: 'Wool Jacket', size: 'XL', hsn: '6201', unitPricePaise: 499_900, quantity: 1, discountPaise: 36_768 },
    ],
  });
  legacy = await createInvoicedOrder(t.db, {
    userId: owner.user.id,
    invoiceNumber: null,
    lines: [{ title: 'Kurta', size: 'M', hsn: '', unitPricePaise: 99_900, quantity: 1, discountPaise: 0 }],
  });
});
afterAll(() => t.close());

/** The mail sent with `subject`, files included (the test mailer keeps what the outbox hands it). */
const sentMail = (subject: string): OutgoingMail | undefined => t.mails.find((m) => m.subject === subject);

const get = (id: string, headers?: Record<string, string>) => t.app.inject({ url: `/api/orders/${id}/invoice`, headers });

/** The PDF's text items in drawing order, empty ones dropped, joined with '|'; and its plain text. */
async function pdfText(pdf: Buffer | Uint8Array): Promise<{ cells: string; plain: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str.trim());
  }
  return { cells: items.join('|'), plain: items.join(' ').replace(/\s+/g, ' '), pages: doc.numPages };
}

describe('GET /api/orders/{id}/invoice', () => {
  it('sends the owner an intra-state invoice with CGST and SGST, every figure to the paisa', async () => {
    const res = await get(intra.id, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-RM-2025-26-00001.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { cells, plain, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    // Seller, document, buyer and supply.
    expect(cells).toContain('Rangmanch Retail Private Limited|14, 2nd Cross, 100 Feet Road, Indiranagar, Bengaluru 560038');
    expect(cells).toContain('State: Karnataka (code 29)|GSTIN: 29AABCR1234M1Z9');
    expect(cells).toContain('TAX INVOICE');
    expect(cells).toContain('Invoice no.|RM/2025-26/00001');
    expect(cells).toMatch(/Invoice date\|\d{2} [A-Z][a-z]{2} \d{4}/);
    expect(cells).toContain(`Order|#${orderReference(intra.id)}|Payment|Prepaid (online)`);
    expect(cells).toContain(
      'Asha Verma|12 MG Road|Bengaluru, Karnataka 560001|India|Phone: 9876543210|E-mail: asha@example.in|PLACE OF SUPPLY|Karnataka (29)|Intra-state supply: CGST + SGST',
    );
    // The lines: #, description, size, HSN, qty, rate, discount, taxable, CGST (rate), SGST (rate), total.
    expect(cells).toContain('#|Description|HSN|Qty|Rate|Discount|Taxable value|CGST|SGST|Total');
    // 2 × ₹1,299 − ₹519.60 = ₹2,078.40; /1.05 = ₹1,979.43 taxable; GST ₹98.97 = ₹49.49 + ₹49.48.
    expect(cells).toContain('1|Kurta|Size: M|6204|2|1,299.00|519.60|1,979.43|49.49|@ 2.5%|49.48|@ 2.5%|2,078.40');
    // ₹3,499 − ₹699.80 = ₹2,799.20; /1.18 = ₹2,372.20 taxable; GST ₹427.00 = ₹213.50 + ₹213.50.
    expect(cells).toContain('2|Silk Saree|Size: Free|5007|1|3,499.00|699.80|2,372.20|213.50|@ 9%|213.50|@ 9%|2,799.20');
    expect(cells).not.toContain('IGST');
    expect(cells).toContain(
      'Taxable value|₹4,351.63|CGST|₹262.99|SGST|₹262.98|Total GST|₹525.97|Value of supply (incl. GST)|₹4,877.60|Grand total|₹4,877.60',
    );
    expect(cells).not.toContain('Cash on Delivery');
    expect(plain).toContain('AMOUNT IN WORDS Rupees Four Thousand Eight Hundred Seventy-Seven and Sixty Paise Only');
    expect(plain).toContain('Prices include GST.');
    expect(plain).toContain('For Rangmanch Retail Private Limited');
    expect(plain).toContain('Questions? help@rangmanch.in · 9845012345');
  });

  it('sends an inter-state COD invoice with IGST and the COD fee, every figure to the paisa', async () => {
    const res = await get(inter.id, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-RM-2025-26-00002.pdf"');
    const { cells, plain } = await pdfText(res.rawPayload);
    expect(cells).toContain('Invoice no.|RM/2025-26/00002');
    expect(cells).toContain('Payment|Cash on Delivery');
    expect(cells).toContain('7 Linking Road|Mumbai, Maharashtra 400050|India');
    expect(cells).toContain('PLACE OF SUPPLY|Maharashtra (27)|Inter-state supply: IGST');
    expect(cells).toContain('#|Description|HSN|Qty|Rate|Discount|Taxable value|IGST|Total');
    // ₹1,799 − ₹132.32 = ₹1,666.68; /1.05 = ₹1,587.31; IGST ₹79.37.
    expect(cells).toContain('1|Linen Shirt|Size: L|6205|1|1,799.00|132.32|1,587.31|79.37|@ 5%|1,666.68');
    // ₹4,999 − ₹367.68 = ₹4,631.32; /1.18 = ₹3,924.85; IGST ₹706.47.
    expect(cells).toContain('2|Wool Jacket|Size: XL|6201|1|4,999.00|367.68|3,924.85|706.47|@ 18%|4,631.32');
    expect(cells).not.toMatch(/CGST|SGST/);
    // The COD fee is part of the supply, taxed at the highest rate among the goods: ₹49 / 1.18 = ₹41.53; IGST ₹7.47.
    expect(cells).toContain('3|Cash on Delivery charges|6201|1|49.00|0.00|41.53|7.47|@ 18%|49.00');
    expect(cells).toContain('Taxable value|₹5,553.69|IGST|₹793.31|Value of supply (incl. GST)|₹6,347.00|Grand total|₹6,347.00');
    expect(plain).toContain('AMOUNT IN WORDS Rupees Six Thousand Three Hundred Forty-Seven Only');
  });

  it('continues a long order on further pages, with the table header and the page count on each', async () => {
    const many = await createInvoicedOrder(t.db, {
      userId: owner.user.id,
      invoiceNumber: 'RM/2025-26/00003',
      lines: Array.from({ length: 30 }, (_, i) => ({
        title: `Kurta ${i + 1}`,
        size: 'M',
        hsn: '6204',
        unitPricePaise: 99_900,
        quantity: 1,
        discountPaise: 0,
      })),
    });
    const res = await get(many.id, owner.headers);
    expect(res.statusCode).toBe(200);
    const { cells, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(cells).toContain(`Page ${pages} of ${pages}`);
    expect(cells).toContain('Tax invoice RM/2025-26/00003 (continued)|#|Description');
    // ₹999 at 5%: taxable ₹951.43, GST ₹47.57 = ₹23.79 + ₹23.78; 30 lines.
    for (let n = 1; n <= 30; n++)
      expect(cells).toContain(`${n}|Kurta ${n}|Size: M|6204|1|999.00|0.00|951.43|23.79|@ 2.5%|23.78|@ 2.5%|999.00`);
    expect(cells).toContain(
      'Taxable value|₹28,542.90|CGST|₹713.70|SGST|₹713.40|Total GST|₹1,427.10|Value of supply (incl. GST)|₹29,970.00',
    );
  });

  it('lets an admin download any order’s invoice', async () => {
    const res = await get(intra.id, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 Order not found to anyone else, a guest, and for unknown or malformed ids', async () => {
    for (const [id, headers] of [
      [intra.id, other.headers],
      [intra.id, undefined],
      [legacy.id, other.headers],
      [randomUUID(), owner.headers],
      ['not-an-id', owner.headers],
    ] as const) {
      const res = await get(id, headers);
      expect(res.statusCode, `${id} ${headers ? 'signed in' : 'guest'}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
  });

  it('answers 404 No invoice for this order when none was issued', async () => {
    for (const headers of [owner.headers, admin.headers]) {
      const res = await get(legacy.id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No invoice for this order' });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/orders/{id}/invoice']?.get).toBeDefined();
  });
});

describe('the invoice of an order placed through the placement path', () => {
  it('prints what the placement recorded for each line and the order, to the paisa', async () => {
    const shopper = await createUser(t.app, t.db);
    const kurta = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 5 }] });
    const jacket = await createProduct(t.db, { variants: [{ size: 'L', pricePaise: 379_900, stockQty: 5 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: shopper.headers,
      payload: {
        items: [
          { productId: kurta.product.id, variantId: kurta.bySize.M.id, quantity: 2 },
          { productId: jacket.product.id, variantId: jacket.bySize.L.id, quantity: 1 },
        ],
        fromBuyNow: true,
        shippingAddress: { ...shippingAddress, line1: '7 Linking Road', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    expect(order.invoiceNumber).toMatch(/^RM\/\d{4}-\d{2}\/\d{5}$/);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id)).orderBy(asc(orderItems.position));
    expect(items).toHaveLength(2);

    const res = await get(order._id, shopper.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.invoiceNumber!.replaceAll('/', '-')}.pdf"`);
    const { cells, plain } = await pdfText(res.rawPayload);
    expect(cells).toContain('PLACE OF SUPPLY|Maharashtra (27)|Inter-state supply: IGST');
    const inr = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const [n, i] of items.entries()) {
      expect(i.igstPaise).toBeGreaterThan(0);
      expect(cells).toContain(
        [
          n + 1,
          i.title,
          `Size: ${i.variantName}`,
          i.hsn || '-',
          i.quantity,
          inr(i.unitPricePaise),
          inr(i.discountPaise),
          inr(i.taxablePaise),
          inr(i.igstPaise),
          `@ ${i.taxRateBp / 100}%`,
          inr(i.lineTotalPaise - i.discountPaise),
        ].join('|'),
      );
    }
    const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((total, i) => total + pick(i), 0);
    expect(sum((i) => i.igstPaise)).toBe(Math.round(order.totals.tax * 100));
    expect(cells).toContain(`Taxable value|₹${inr(sum((i) => i.taxablePaise))}|IGST|₹${inr(Math.round(order.totals.tax * 100))}`);
    expect(cells).toContain(`Grand total|₹${inr(Math.round(order.totals.grandTotal * 100))}`);
    expect(plain).toContain(amountInWords(Math.round(order.totals.grandTotal * 100)));
    // Two rates: ₹999 a piece is 5%, ₹3,799 less its share of the discount is still above ₹2,500: 18%.
    expect(items.map((i) => i.taxRateBp)).toEqual([500, 1800]);
    expect(items.every((i) => i.discountPaise > 0)).toBe(true);
  });

  it('keeps the seller the invoice was issued with when the owner later edits the shop’s name, address and GSTIN', async () => {
    const shopper = await createUser(t.app, t.db);
    const kurta = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 5 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: shopper.headers,
      payload: { items: [{ productId: kurta.product.id, variantId: kurta.bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ order: Order }>().order._id;
    const moved = {
      ...demoShopSettings,
      legalName: 'Rangmanch Retail LLP',
      address: '9 Park Street, Kolkata 700016',
      state: 'West Bengal',
      gstin: '19AAACR5055K1Z4',
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: moved });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { plain } = await pdfText((await get(orderId, shopper.headers)).rawPayload);
      expect(plain).toContain(demoShopSettings.legalName);
      expect(plain).toContain(`GSTIN: ${demoShopSettings.gstin}`);
      expect(plain).not.toContain(moved.legalName);
      expect(plain).not.toContain(moved.gstin);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: demoShopSettings });
    }
  });
});

describe('mail with the invoice attached', () => {
  it('renders the invoice when the outbox delivers a staged mail that refers to it', async () => {
    const mail = t.app.mailQueue.stage({
      to: 'asha@example.in',
      subject: 'Order confirmed',
      text: 'Thank you',
      html: '<p>Thank you</p>',
      attachments: [{ kind: 'invoice', orderId: intra.id }],
    });
    await t.db.insert(mailOutbox).values(mail);
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(stored.attachments).toEqual([{ kind: 'invoice', orderId: intra.id }]);

    await t.app.mailQueue.deliver(stored);
    const sent = sentMail('Order confirmed');
    expect(sent?.files?.map((f) => [f.filename, f.contentType])).toEqual([['invoice-RM-2025-26-00001.pdf', 'application/pdf']]);
    const { cells } = await pdfText(sent!.files![0].content);
    expect(cells).toContain('Invoice no.|RM/2025-26/00001');
    expect(cells).toContain('Grand total|₹4,877.60');
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(after.sentAt).not.toBeNull();
  });

  it('sends the mail without the file when the order has no invoice, and stores no attachments by default', async () => {
    const withRef = t.app.mailQueue.stage({
      to: 'asha@example.in',
      subject: 'Old order',
      text: 'x',
      html: '<p>x</p>',
      attachments: [{ kind: 'invoice', orderId: legacy.id }],
    });
    const plain = t.app.mailQueue.stage({ to: 'asha@example.in', subject: 'No files', text: 'x', html: '<p>x</p>' });
    await t.db.insert(mailOutbox).values([withRef, plain]);
    await t.app.mailQueue.deliver(withRef);
    await t.app.mailQueue.deliver(plain);
    const old = sentMail('Old order');
    expect(old).toMatchObject({ to: 'asha@example.in', files: [] });
    const none = sentMail('No files');
    expect(none).toMatchObject({ to: 'asha@example.in' });
    expect(none).not.toHaveProperty('files');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, plain.id));
    expect(row.attachments).toEqual([]);
  });

  it('retries later when the invoice cannot be rendered yet', async () => {
    const mail = t.app.mailQueue.stage({
      to: 'asha@example.in',
      subject: 'Render fails',
      text: 'x',
      html: '<p>x</p>',
      attachments: [{ kind: 'invoice', orderId: inter.id }],
    });
    await t.db.insert(mailOutbox).values(mail);
    const settingsDown = vi.spyOn(t.app.settings, 'get').mockRejectedValueOnce(new Error('settings unavailable'));
    await t.app.mailQueue.deliver(mail);
    expect(settingsDown).toHaveBeenCalled();
    settingsDown.mockRestore();
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toBe('settings unavailable');
    expect(t.mails.some((m) => m.subject === 'Render fails')).toBe(false);

    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, mail.id));
    await t.app.mailQueue.deliverDue();
    const sent = sentMail('Render fails');
    expect(sent?.files?.map((f) => f.filename)).toEqual(['invoice-RM-2025-26-00002.pdf']);
  });

  it('keeps the attachment visible in the offline outbox file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ from: 'Rangmanch <orders@rangmanch.in>', outboxDir: dir });
      await mailer.send({
        to: 'asha@example.in',
        subject: 'Order confirmed',
        text: 'Thank you',
        html: '<p>Thank you</p>',
        files: [{ filename: 'invoice-RM-2025-26-00001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 test') }],
      });
      const [file] = readdirSync(dir);
      const eml = readFileSync(path.join(dir, file), 'utf8');
      expect(eml).toMatch(/Content-Type: application\/pdf; name=invoice-RM-2025-26-00001\.pdf/);
      expect(eml).toMatch(/Content-Disposition: attachment; filename=invoice-RM-2025-26-00001\.pdf/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
