/**
 * A variant of a product with colours is named "Maroon / L" wherever stock is reported
 * (docs/architecture.md#colours-and-sizes): the dashboard's low-stock list, the daily low-stock
 * mail, the variant's stock history and the orders CSV export (its order line as sold).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import type { DashboardSummary } from '../../../core/schemas/admin-orders';
import type { StockHistory } from '../../../core/schemas/inventory';
import type { MailMessage } from '../../integrations/mail/mailer';
import { createMailQueue } from '../../integrations/mail/outbox';
import { sendDailyLowStockMail } from './low-stock-mail';

let t: TestApp;
let admin: { authorization: string };
let product: Product;
let orderId: string;
const title = `Block Print Kurta ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  const categoryId = (await createCategory(t.db)).id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      title,
      description: 'Hand-block printed cotton.',
      categoryIds: [categoryId],
      images: [{ url: '/media/product_images/maroon-1.webp', alt: 'Maroon front', colour: 'Maroon' }],
      colours: [{ name: 'Indigo' }, { name: 'Maroon' }],
      variants: ['Indigo', 'Maroon'].flatMap((colour) =>
        ['S', 'M', 'L', 'XL'].map((size) => ({ colour, size, price: 1499, stockQty: colour === 'Maroon' && size === 'L' ? 3 : 40 })),
      ),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  product = created.json<Product>();
  // A shopper buys one Maroon / L (Cash on Delivery): 2 left, under the default threshold of 5.
  const shopper = await createUser(t.app, t.db);
  const maroonL = product.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')!;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers: shopper.headers,
    payload: { items: [{ productId: product._id, variantId: maroonL._id, quantity: 1 }], shippingAddress },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().order._id;
});
afterAll(() => t.close());

const maroonL = () => product.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')!;

describe('a coloured variant in the stock reports', () => {
  it('is listed low on the dashboard with its colour', async () => {
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const ours = res.json<DashboardSummary>().lowStock.filter((r) => r.productId === product._id);
    expect(ours).toEqual([
      { productId: product._id, title, variantId: maroonL()._id, colour: 'Maroon', size: 'L', sku: maroonL().sku, stockQty: 2 },
    ]);
  });

  it('is named "Maroon / L" in the daily low-stock mail', async () => {
    const sent: MailMessage[] = [];
    const mailQueue = createMailQueue(t.db, {
      target: 'memory',
      async send(message) {
        sent.push(message);
      },
    });
    const result = await sendDailyLowStockMail({ db: t.db, mailQueue, lowStockThreshold: async () => 5 }, new Date('2026-03-10T05:00:00Z'));
    expect(result.status).toBe('sent');
    const mail = sent[0];
    expect(mail.text).toContain(`2 left - ${title}, Maroon / L (SKU ${maroonL().sku})`);
    expect(mail.html).toContain('<td style="padding:4px 8px;border-bottom:1px solid #e7e5e4">Maroon / L</td>');
  });

  it("carries its colour in the variant's stock history", async () => {
    const res = await t.app.inject({ url: `/api/admin/variants/${maroonL()._id}/stock-history`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json<StockHistory>();
    expect(history.variant).toMatchObject({ productTitle: title, colour: 'Maroon', size: 'L', stockQty: 2 });
    expect(history.entries.map((e) => [e.reason, e.delta, e.stockAfter])).toEqual([
      ['sale', -1, 2],
      ['adjustment', 3, 3],
    ]);
    // A product without colours answers null.
    const plain = await t.app.inject({ url: '/api/products?limit=50' });
    const other = plain.json<Product[]>().find((p) => !p.colours?.length && p.variants.length > 0);
    if (other) {
      const h = (
        await t.app.inject({ url: `/api/admin/variants/${other.variants[0]._id}/stock-history`, headers: admin })
      ).json<StockHistory>();
      expect(h.variant.colour).toBeNull();
    }
  });

  it('is named as sold on the orders CSV export', async () => {
    const res = await t.app.inject({ url: '/api/orders/admin/export.csv', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.includes(title));
    expect(line).toContain(`${title} (Maroon / L) x1`);
    expect(orderId).toBeTruthy();
  });
});
