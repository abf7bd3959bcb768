/**
 * Prices line items from the catalogue (docs/architecture.md#api-contract: prices, discounts and totals are always computed
 * by the server; a price sent by a client is ignored). Amounts come out in paise for storage and in
 * rupees for the API.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PricedLineItem, Pricing } from '../../../core/api-types';
import { variantLabel } from '../../../core/colours';
import { mrpFigures, priceLines, type CartTotalsPaise } from '../../../core/pricing';
import { toRupees } from '../../../core/money';
import { preparedOnce, type Database, type Tx } from '../../db/client';
import { orders, productImages, products, variants, type FrozenLine } from '../../db/schema';
import { isUuid } from '../../errors';

export interface LineRequest {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

/** Why a requested line cannot be bought right now; `size` is the variant's name ("M", "Maroon / M"). */
export type LineProblem =
  | { kind: 'unavailable'; productId: string; title: string | null }
  | { kind: 'size-unavailable'; productId: string; title: string; size: string | null }
  | { kind: 'size-required'; productId: string; title: string }
  | { kind: 'short-stock'; productId: string; title: string; size: string; available: number; requested: number };

export interface PricedLines {
  /** Lines that can be priced (active product and variant), in request order. */
  lines: (FrozenLine & { stockQty: number; compareAtPaise: number | null; handle: string })[];
  problems: LineProblem[];
  totals: CartTotalsPaise;
  /** Whether the shopper has an earlier (paid) order: FIRST_ORDER_5 and first-order coupons. */
  hasPaidOrder: boolean;
}

/** True when the user has at least one paid order (FIRST_ORDER_5 no longer applies). */
export async function hasPaidOrder(db: Tx, userId: string): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(sql`select 1 as one from ${orders} where ${orders.userId} = ${userId} limit 1`);
  return rows.rows.length > 0;
}

/** Describes a problem in words a shopper understands (used by cart validate and checkout). */
export function describeProblem(p: LineProblem): string {
  switch (p.kind) {
    case 'unavailable':
      return `${p.title ?? 'A product in your cart'} is no longer available`;
    case 'size-unavailable':
      return `Size ${p.size ?? ''} of ${p.title} is no longer available`.replace('Size  of', 'The chosen size of');
    case 'size-required':
      return `Please select a size for ${p.title}`;
    case 'short-stock':
      return p.available === 0 ? `${p.title} (size ${p.size}) is out of stock` : `Only ${p.available} left of ${p.title} (size ${p.size})`;
  }
}

export type ProductCols = Pick<typeof products.$inferSelect, 'id' | 'title' | 'handle' | 'isActive' | 'hsn'>;
export type VariantRow = typeof variants.$inferSelect;

/**
 * What pricing reads of each product and variant (the cart's reads select the same, cart/service.ts):
 * the product's name, handle (its address, for the line's link), state and HSN, the variant row, the variant's picture's URL and whether the
 * shopper (placeholder `userId`) has a paid order.
 */
export const catalogueColumns = {
  product: { id: products.id, title: products.title, handle: products.handle, isActive: products.isActive, hsn: products.hsn },
  variant: variants,
  // The variant's picture: the first of its colour, else the product's first (docs/architecture.md#colours-and-sizes).
  image: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id}
    order by ${productImages.colour} = ${variants.colour} desc nulls last, ${productImages.position} limit 1)`,
  paid: sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${sql.placeholder('userId')})`,
};

/**
 * The products, their variants, their first images and whether the user has a paid order, in one
 * round trip (every cart and checkout call prices lines, and on a busy database each
 * query is a wait): products left-joined to their variants, the first image and the paid-order
 * flag as subqueries. Prepared once per database, in two forms: for one product (`= $id`) and for
 * several (`= any($ids)`). PostgreSQL plans a statement with an array parameter anew on every run
 * (a custom plan for the array it is given looks cheaper than its generic plan, costed for ten
 * elements): 0.45 ms of its CPU per checkout in the statement log of the checkout bench (26 Nov
 * 2026), where most carts and every Buy Now hold one product. The one-product form is planned once.
 */
const catalogueQuery = preparedOnce((db) => {
  const select = (where: SQL) =>
    db.select(catalogueColumns).from(products).leftJoin(variants, eq(variants.productId, products.id)).where(where);
  return {
    one: select(eq(products.id, sql.placeholder('productId'))).prepare('pricing_catalogue_one'),
    many: select(sql`${products.id} = any(${sql.placeholder('productIds')})`).prepare('pricing_catalogue'),
  };
});

/** The catalogue rows pricing needs: products, their variants, first images, and the paid-order flag. */
export interface Catalogue {
  productRows: ProductCols[];
  variantRows: VariantRow[];
  /** Each variant's picture (the first of its colour); `variantId` null for a product read without variants. */
  imageRows: { productId: string; variantId: string | null; url: string }[];
  paid: boolean;
}

/**
 * Gathers joined rows (a product, one of its variants or null, its first image) into a `Catalogue`;
 * `paid` is the rows' paid-order flag.
 */
export function catalogueOf(
  rows: readonly { product: ProductCols; variant: VariantRow | null; image: string | null }[],
  paid: boolean,
): Catalogue {
  const productRows = new Map<string, ProductCols>();
  const imageRows: Catalogue['imageRows'] = [];
  const variantRows: VariantRow[] = [];
  for (const row of rows) {
    if (!productRows.has(row.product.id)) productRows.set(row.product.id, row.product);
    if (row.image !== null) imageRows.push({ productId: row.product.id, variantId: row.variant?.id ?? null, url: row.image });
    if (row.variant) variantRows.push(row.variant);
  }
  return { productRows: [...productRows.values()], variantRows, imageRows, paid };
}

async function loadCatalogue(db: Database, userId: string, productIds: string[]): Promise<Catalogue> {
  const query = catalogueQuery(db);
  const rows =
    productIds.length === 0
      ? []
      : productIds.length === 1
        ? await query.one.execute({ userId, productId: productIds[0] })
        : await query.many.execute({ userId, productIds });
  return catalogueOf(rows, rows.length === 0 ? await hasPaidOrder(db, userId) : rows[0].paid);
}

/**
 * Looks up each requested line in the catalogue and prices the buyable ones for the user.
 * Same variant asked twice is merged. Never throws for catalogue problems: they are listed in
 * `problems` so callers decide (cart shows them, checkout refuses).
 */
export async function priceRequestedLines(db: Database, userId: string, requested: LineRequest[]): Promise<PricedLines> {
  const productIds = [...new Set(requested.map((r) => r.productId).filter(isUuid))];
  return priceFromCatalogue(requested, await loadCatalogue(db, userId, productIds));
}

/** `priceRequestedLines` over catalogue rows already loaded (they must hold every requested product). */
export function priceFromCatalogue(requested: LineRequest[], catalogue: Catalogue): PricedLines {
  const { productRows, variantRows, imageRows, paid } = catalogue;
  const problems: LineProblem[] = [];
  const merged = new Map<string, PricedLines['lines'][number]>();
  for (const req of requested) {
    const product = productRows.find((p) => p.id === req.productId);
    if (!product || !product.isActive) {
      problems.push({ kind: 'unavailable', productId: req.productId, title: product?.title ?? null });
      continue;
    }
    const own = variantRows.filter((v) => v.productId === product.id);
    let variant = req.variantId ? own.find((v) => v.id === req.variantId) : undefined;
    if (!req.variantId) {
      const active = own.filter((v) => v.isActive);
      if (active.length === 1) variant = active[0];
      else {
        problems.push({ kind: 'size-required', productId: product.id, title: product.title });
        continue;
      }
    }
    if (!variant || !variant.isActive) {
      problems.push({
        kind: 'size-unavailable',
        productId: product.id,
        title: product.title,
        size: variant ? variantLabel(variant) : null,
      });
      continue;
    }
    const existing = merged.get(variant.id);
    const quantity = (existing?.quantity ?? 0) + req.quantity;
    merged.set(variant.id, {
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      handle: product.handle,
      hsn: product.hsn,
      ...(variant.colour === null ? {} : { colour: variant.colour }),
      size: variant.size,
      sku: variant.sku,
      image: (imageRows.find((i) => i.variantId === variant.id) ?? imageRows.find((i) => i.productId === product.id))?.url ?? null,
      unitPricePaise: variant.pricePaise,
      compareAtPaise: variant.compareAtPaise,
      quantity,
      stockQty: variant.stockQty,
    });
  }
  const lines = [...merged.values()];
  for (const line of lines) {
    if (line.quantity > line.stockQty) {
      problems.push({
        kind: 'short-stock',
        productId: line.productId,
        title: line.title,
        size: variantLabel(line),
        available: line.stockQty,
        requested: line.quantity,
      });
    }
  }
  return { lines, problems, totals: priceLines(lines, { hasPaidOrder: paid }), hasPaidOrder: paid };
}

/** Shapes priced lines and totals for the API (rupees), with the MRP figures. */
export function toPricing(priced: Pick<PricedLines, 'lines' | 'totals'>): Pricing {
  const items: PricedLineItem[] = priced.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    quantity: l.quantity,
    title: l.title,
    handle: l.handle,
    ...(l.colour ? { colour: l.colour } : {}),
    size: l.size,
    image: l.image,
    unitPrice: toRupees(l.unitPricePaise),
    compareAtPrice: l.compareAtPaise === null ? null : toRupees(l.compareAtPaise),
    lineTotal: toRupees(l.unitPricePaise * l.quantity),
    stockQty: l.stockQty,
  }));
  const t = priced.totals;
  const mrp = mrpFigures(priced.lines, t.discount);
  return {
    items,
    summary: {
      itemCount: t.itemCount,
      subTotal: toRupees(t.subTotal),
      discountType: t.discountType,
      discountRate: t.discountRate,
      discount: toRupees(t.discount),
      couponCode: t.couponCode,
      shipping: toRupees(t.shipping),
      tax: toRupees(t.tax),
      grandTotal: toRupees(t.grandTotal),
      currency: t.currency,
      mrpTotal: toRupees(mrp.mrpTotal),
      mrpDiscount: toRupees(mrp.mrpDiscount),
      savings: toRupees(mrp.savings),
    },
  };
}
