/**
 * The catalogue as Shopify's product CSV (docs/architecture.md#product-export): the columns of
 * `SHOPIFY_EXPORT_COLUMNS` (shopify-columns.ts, the list the import reads back), products by
 * handle, one row per active variant and more rows while the product has pictures left (Shopify's
 * own layout: the n-th row carries the n-th picture). Options are Colour then Size (Size alone for
 * a product in one colour), prices rupees with two decimals, Compare-at price the MRP, Type the
 * first category and Tags the others, Status active or draft. A colour's pictures are named by its
 * variants' "Variant image URL" (the k-th size of a colour its k-th picture), which is how Shopify,
 * and the import, tie a picture to a colour. The description, plain text here, goes out as HTML
 * paragraphs. Pictures kept on this server go out as full addresses on `origin`.
 */
import { asc, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { Readable, pipeline, type Transform } from 'node:stream';
import type { Product } from '../../../core/api-types';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { hydrateProducts, productColumns } from '../catalog/service';
import { HSN_COLUMN, SHOPIFY_EXPORT_COLUMNS, SHOPIFY_FIELDS, type ShopifyField } from './shopify-columns';

/** Products read per batch. */
const BATCH = 100;

type Record = { [column: string]: string };

const col = (field: ShopifyField) => SHOPIFY_FIELDS[field][0];

/** Two-decimal rupees of a price the API gives in rupees. */
const rupees = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as HTML: a blank line starts a paragraph, a line break stays one. */
export function descriptionHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
}

/** A picture's full address: one kept here ('/media/...') gets the shop's origin. */
const absolute = (url: string, origin: string) => (url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url);

/** The CSV records of one product (see the module comment). */
export function productRecords(product: Product, origin: string): Record[] {
  const sold = product.variants.filter((v) => v.isActive);
  const images = product.images;
  const hasColours = (product.colours?.length ?? 0) > 0;
  // The variants that name each coloured picture: the k-th variant of a colour, its k-th picture.
  const variantImage = new Map<string, string>();
  if (hasColours) {
    for (const colour of product.colours ?? []) {
      const pictures = images.filter((i) => i.colour === colour.name);
      sold
        .filter((v) => v.colour === colour.name)
        .forEach((v, k) => {
          if (pictures.length) variantImage.set(v._id, absolute(pictures[Math.min(k, pictures.length - 1)].url, origin));
        });
    }
  }
  const [type = '', ...tags] = product.categoryIds.map((c) => c.name);
  const count = Math.max(sold.length, images.length, 1);
  const records: Record[] = [];
  for (let i = 0; i < count; i += 1) {
    const record: Record = { [col('handle')]: product.handle };
    if (i === 0) {
      Object.assign(record, {
        [col('title')]: product.title,
        [col('description')]: descriptionHtml(product.description),
        [col('type')]: type,
        [col('tags')]: tags.join(', '),
        [col('published')]: product.isActive ? 'TRUE' : 'FALSE',
        [col('status')]: product.isActive ? 'active' : 'draft',
        [col('option1Name')]: hasColours ? 'Colour' : 'Size',
        [col('option2Name')]: hasColours ? 'Size' : '',
        [HSN_COLUMN]: product.hsn ?? '',
      });
    }
    const variant = sold[i];
    if (variant) {
      Object.assign(record, {
        [col('sku')]: variant.sku,
        [col('option1Value')]: hasColours ? (variant.colour ?? '') : variant.size,
        [col('option2Value')]: hasColours ? variant.size : '',
        [col('price')]: rupees(variant.price),
        [col('compareAtPrice')]: variant.compareAtPrice === null ? '' : rupees(variant.compareAtPrice),
        [col('inventoryQuantity')]: String(variant.stockQty),
        [col('variantImageUrl')]: variantImage.get(variant._id) ?? '',
      });
    }
    const image = images[i];
    if (image) {
      Object.assign(record, {
        [col('imageUrl')]: absolute(image.url, origin),
        [col('imagePosition')]: String(i + 1),
        [col('imageAlt')]: image.alt,
      });
    }
    records.push(record);
  }
  return records;
}

/** Every product's records, read BATCH products at a time by handle. */
async function* catalogueRecords(db: Database, origin: string): AsyncGenerator<Record> {
  const ids = (await db.select({ id: products.id }).from(products).orderBy(asc(products.handle))).map((r) => r.id);
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const rows = await db.select(productColumns).from(products).where(inArray(products.id, batch)).orderBy(asc(products.handle));
    for (const product of await hydrateProducts(db, rows, false)) yield* productRecords(product, origin);
  }
}

/**
 * GET /api/admin/products/export.csv's body: the whole catalogue as Shopify's product CSV (UTF-8 with
 * a byte order mark, so spreadsheets read Hindi titles right), streamed. `origin` (e.g.
 * 'https://rangmanch.in') completes the addresses of pictures kept on this server.
 */
export function exportProductsCsv(db: Database, origin: string): Transform {
  return pipeline(
    Readable.from(catalogueRecords(db, origin)),
    stringify({ header: true, columns: [...SHOPIFY_EXPORT_COLUMNS], bom: true }),
    () => undefined,
  );
}
