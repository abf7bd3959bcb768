import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productImages, products, variants } from '../../db/schema';
import { readCsv, type CsvRow } from './csv';
import { SHOPIFY_EXPORT_COLUMNS } from './shopify-columns';

// The catalogue as Shopify's product CSV (docs/architecture.md#product-export), read back with the import's CSV reader.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let rows: CsvRow[];
let header: string[];

const of = (handle: string) => rows.filter((r) => r.cells['URL handle'] === handle).map((r) => r.cells);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner' });
  const sarees = await createCategory(t.db, { name: 'Sarees', handle: 'sarees' });
  const festive = await createCategory(t.db, { name: 'Festive', handle: 'festive' });

  // A kurta in two colours, two sizes each, with a picture per colour and one for all.
  const kurta = await createProduct(t.db, {
    title: 'Block Print Kurta',
    description: 'Hand block printed cotton.\nMachine wash cold.\n\nMade in Jaipur & <Sanganer>.',
    variants: [{ size: 'S', pricePaise: 149_900 }],
  });
  await t.db
    .update(products)
    .set({
      handle: 'block-print-kurta',
      colours: [
        { name: 'Indigo', swatch: '#3f51b5' },
        { name: 'Maroon', swatch: '#800020' },
      ],
      variantAttributes: ['Colour', 'Size'],
      hsn: '6211',
    })
    .where(eq(products.id, kurta.product.id));
  await t.db.delete(variants).where(eq(variants.productId, kurta.product.id));
  await t.db.insert(variants).values([
    {
      productId: kurta.product.id,
      colour: 'Indigo',
      size: 'S',
      sku: 'BPK-IND-S',
      pricePaise: 149_900,
      compareAtPaise: 199_900,
      stockQty: 4,
    },
    { productId: kurta.product.id, colour: 'Indigo', size: 'M', sku: 'BPK-IND-M', pricePaise: 149_950, compareAtPaise: null, stockQty: 0 },
    { productId: kurta.product.id, colour: 'Maroon', size: 'S', sku: 'BPK-MAR-S', pricePaise: 159_900, stockQty: 7 },
    { productId: kurta.product.id, colour: 'Maroon', size: 'XL', sku: 'BPK-MAR-XL', pricePaise: 159_900, stockQty: 2, isActive: false },
  ]);
  await t.db.delete(productImages).where(eq(productImages.productId, kurta.product.id));
  await t.db.insert(productImages).values([
    {
      productId: kurta.product.id,
      url: 'https://res.cloudinary.com/demo/kurta-indigo.jpg',
      alt: 'Indigo kurta',
      position: 0,
      colour: 'Indigo',
    },
    { productId: kurta.product.id, url: '/media/products/kurta-maroon.webp', alt: 'Maroon kurta', position: 1, colour: 'Maroon' },
    { productId: kurta.product.id, url: 'https://res.cloudinary.com/demo/kurta-detail.jpg', alt: 'Print detail', position: 2 },
    { productId: kurta.product.id, url: 'https://res.cloudinary.com/demo/kurta-back.jpg', alt: 'Back', position: 3 },
    { productId: kurta.product.id, url: 'https://res.cloudinary.com/demo/kurta-side.jpg', alt: 'Side', position: 4 },
  ]);

  // A saree in one colour, in two categories, hidden from the shop.
  const saree = await createProduct(t.db, {
    title: 'बनारसी साड़ी',
    isActive: false,
    categoryIds: [sarees.id, festive.id],
    variants: [{ size: 'M', pricePaise: 899_900, compareAtPaise: 1_099_900, stockQty: 3 }],
  });
  await t.db.update(products).set({ handle: 'banarasi-saree' }).where(eq(products.id, saree.product.id));

  const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: owner.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const reader = await readCsv(res.body);
  header = reader.header;
  rows = [];
  for await (const row of reader.rows) rows.push(row);
  expect(reader.skipped).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

describe('product export', () => {
  it("writes Shopify's columns, products by handle", () => {
    expect(header).toEqual([...SHOPIFY_EXPORT_COLUMNS]);
    expect(header.slice(0, 3)).toEqual(['Title', 'URL handle', 'Description']);
    // Shopify's own export header (tests/fixtures/shopify) with the columns this shop leaves empty
    // taken out, in Shopify's order: a header Shopify's import reads.
    const shopify = readFileSync(new URL('../../../../tests/fixtures/shopify/products-current.csv', import.meta.url), 'utf8')
      .split(/\r?\n/)[0]
      .split(',');
    expect(header.every((h) => shopify.includes(h))).toBe(true);
    expect(shopify.filter((h) => header.includes(h))).toEqual(header);
    const handles = [...new Set(rows.map((r) => r.cells['URL handle']))];
    expect(handles).toEqual(['banarasi-saree', 'block-print-kurta']);
  });

  it('writes one row per sold variant and one per further picture, options Colour then Size', () => {
    const kurta = of('block-print-kurta');
    expect(kurta).toHaveLength(5); // 3 sold variants (the retired XL left out), 5 pictures
    expect(kurta[0]).toMatchObject({
      Title: 'Block Print Kurta',
      Description: '<p>Hand block printed cotton.<br>Machine wash cold.</p><p>Made in Jaipur &amp; &lt;Sanganer&gt;.</p>',
      Status: 'active',
      'Published on online store': 'TRUE',
      'Option1 name': 'Colour',
      'Option2 name': 'Size',
      'HSN code (product.metafields.custom.hsn)': '6211',
    });
    expect(
      kurta.map((r) => [r['Option1 value'], r['Option2 value'], r.SKU, r.Price, r['Compare-at price'], r['Inventory quantity']]),
    ).toEqual([
      ['Indigo', 'S', 'BPK-IND-S', '1499.00', '1999.00', '4'],
      ['Indigo', 'M', 'BPK-IND-M', '1499.50', '', '0'],
      ['Maroon', 'S', 'BPK-MAR-S', '1599.00', '', '7'],
      ['', '', '', '', '', ''],
      ['', '', '', '', '', ''],
    ]);
    // Later rows carry only the handle, a variant and a picture.
    expect(kurta[1].Title).toBe('');
    expect(kurta[1]['Option1 name']).toBe('');
  });

  it('writes every picture in order with full addresses, and ties coloured pictures to their colour', () => {
    const kurta = of('block-print-kurta');
    expect(kurta.map((r) => [r['Image position'], r['Product image URL'], r['Image alt text']])).toEqual([
      ['1', 'https://res.cloudinary.com/demo/kurta-indigo.jpg', 'Indigo kurta'],
      ['2', 'http://localhost:80/media/products/kurta-maroon.webp', 'Maroon kurta'],
      ['3', 'https://res.cloudinary.com/demo/kurta-detail.jpg', 'Print detail'],
      ['4', 'https://res.cloudinary.com/demo/kurta-back.jpg', 'Back'],
      ['5', 'https://res.cloudinary.com/demo/kurta-side.jpg', 'Side'],
    ]);
    expect(kurta.map((r) => r['Variant image URL'])).toEqual([
      'https://res.cloudinary.com/demo/kurta-indigo.jpg',
      'https://res.cloudinary.com/demo/kurta-indigo.jpg',
      'http://localhost:80/media/products/kurta-maroon.webp',
      '',
      '',
    ]);
  });

  it('writes a one-colour product with Size alone, its categories as Type and Tags, hidden as draft', () => {
    const [saree, ...more] = of('banarasi-saree');
    expect(more).toHaveLength(0);
    expect(saree).toMatchObject({
      Title: 'बनारसी साड़ी',
      Type: 'Sarees',
      Tags: 'Festive',
      Status: 'draft',
      'Published on online store': 'FALSE',
      'Option1 name': 'Size',
      'Option1 value': 'M',
      'Option2 name': '',
      Price: '8999.00',
      'Compare-at price': '10999.00',
      'Inventory quantity': '3',
    });
  });

  it('is for staff holding catalog.import', async () => {
    const support = await createUser(t.app, t.db, { role: 'support' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: support.headers });
    expect(res.statusCode).toBe(403);
  });
});
