/**
 * Catalogue administration (docs/architecture.md#catalogue):
 * categories in two levels and products with size variants, images and categories. Every write is
 * one transaction; rules throw AppError (400 bad input, 404 unknown id, 409 conflict). Money comes
 * in as rupees (decimals) and is stored as integer paise. Never sees HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNotNull, like, ne, or, sql } from 'drizzle-orm';
import type { Product } from '../../../core/api-types';
import anyAscii from 'any-ascii';
import { colourSlug, variantLabel, type ColourOption } from '../../../core/colours';
import { toPaise } from '../../../core/money';
import {
  resolvedColours,
  type AdminCategory,
  type CategoryBody,
  type ProductBody,
  type SavedCategory,
  type VariantBody,
} from '../../../core/schemas/admin-catalog';
import type { Database, Tx } from '../../db/client';
import { pgErrorOf, PG_ERROR } from '../../db/pg-errors';
import {
  cartItems,
  categories,
  checkoutAttempts,
  heroBanners,
  instagramPhotos,
  orderItems,
  productCategories,
  productHandleRedirects,
  productImages,
  products,
  variants,
  verticalVideos,
} from '../../db/schema';
import { stockChangedMessage } from '../../../core/schemas/inventory';
import { HANDLE_TAKEN } from '../../../core/handles';
import { AppError, badRequest, conflict, isUuid, notFound } from '../../errors';
import type { MediaStore } from '../../integrations/media-store/index';
import { hydrateProducts, listCategories, listProducts, productColumns, toCategory } from './service';
import { firstFreeHandle, handleFrom, takenProductHandles } from './handles';
import { changeStock, recordOpeningStock, recordOpeningStocks, setStock, type StockChangeMeta } from '../inventory/ledger';
import { deleteMedia } from '../media/service';
import { changesBetween, recordAudit, SYSTEM_ACTOR, type AuditActor, type Changes } from '../audit/record';
import { productSnapshot, recordProductDelete, recordProductSave } from './product-audit';

type VariantRow = typeof variants.$inferSelect;

/**
 * Who changes the catalogue: the audit log's actor (docs/architecture.md#audit-log); a product
 * save also puts their id on the ledger rows of the stock it changes.
 */
export interface SaveContext {
  actor: AuditActor;
  /** The ledger reason of the stock a product save changes: 'adjustment' (the form) unless 'import' (the Shopify import). */
  stockReason?: 'adjustment' | 'import';
}
const SYSTEM: SaveContext = { actor: SYSTEM_ACTOR };

const { uniqueViolation: UNIQUE_VIOLATION, foreignKeyViolation: FOREIGN_KEY_VIOLATION } = PG_ERROR;

const plural = (n: number, one: string, many: string) => (n === 1 ? `${n} ${one}` : `${n} ${many}`);

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

const CATEGORY_NOT_FOUND = 'Category not found';
const TWO_LEVELS = 'Only two category levels are allowed';
const NAME_TAKEN = 'Category name already exists';

/**
 * GET /api/categories/admin/all: every category, active or not, each parent followed by
 * its children, with `productCount` (products linked directly), `childCount` and its own `sizeChart`.
 */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  const list = await listCategories(db, { activeOnly: false });
  const charts = await db.select({ id: categories.id, sizeChart: categories.sizeChart }).from(categories);
  const chartOf = new Map(charts.map((r) => [r.id, r.sizeChart ?? null]));
  const productCounts = await db
    .select({ id: productCategories.categoryId, n: sql<number>`count(*)::int` })
    .from(productCategories)
    .groupBy(productCategories.categoryId);
  const childCounts = await db
    .select({ id: categories.parentId, n: sql<number>`count(*)::int` })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .groupBy(categories.parentId);
  const products = new Map(productCounts.map((r) => [r.id, r.n]));
  const children = new Map(childCounts.map((r) => [r.id, r.n]));
  return list.map((c) => ({
    ...c,
    productCount: products.get(c._id) ?? 0,
    childCount: children.get(c._id) ?? 0,
    sizeChart: chartOf.get(c._id) ?? null,
  }));
}

/** 409 'Category name already exists' when another category has `name` in any letter case. */
async function assertNameFree(tx: Tx, name: string, exceptId: string | null): Promise<void> {
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw conflict(NAME_TAKEN);
}

/**
 * Checks a parent choice: it must exist (400 'Parent category not found') and be top-level (400
 * 'Only two category levels are allowed'). The parent row is share-locked so it cannot become a
 * child meanwhile.
 */
async function assertValidParent(tx: Tx, parentId: string): Promise<void> {
  const [parent] = isUuid(parentId) ? await tx.select().from(categories).where(eq(categories.id, parentId)).for('share') : [];
  if (!parent) throw badRequest('Parent category not found', { parentId: 'Parent category not found' });
  if (parent.parentId) throw badRequest(TWO_LEVELS, { parentId: TWO_LEVELS });
}

/** A saved category row in the admin answer's shape: the public one plus its own size chart. */
function savedCategory(row: typeof categories.$inferSelect): SavedCategory {
  return { ...toCategory(row), sizeChart: row.sizeChart ?? null };
}

/** A category as the audit log compares it (docs/architecture.md#audit-log). */
function categoryFields(row: typeof categories.$inferSelect): Record<string, unknown> {
  return {
    name: row.name,
    handle: row.handle,
    parentId: row.parentId,
    description: row.description,
    isActive: row.isActive,
    sizeChart: row.sizeChart ?? null,
  };
}

/** A category update's summary: the one change an owner recognises, else what changed. */
function categoryUpdateSummary(name: string, changes: Changes): string {
  const keys = Object.keys(changes);
  if (keys.length === 1 && keys[0] === 'isActive') return `${name} ${changes.isActive.after ? 'shown in' : 'hidden from'} the shop`;
  if (keys.length === 1 && keys[0] === 'sizeChart') return `Size chart of ${name} changed`;
  return `Updated category ${name}: ${keys.join(', ')}`;
}

/** Maps a race on the unique lower(name) index to the same 409 as the check. */
function mapCategoryWriteError(err: unknown): never {
  const pg = pgErrorOf(err);
  if (pg?.code === UNIQUE_VIOLATION) throw conflict(NAME_TAKEN);
  throw err;
}

/**
 * POST /api/categories: creates a category. Throws 409 when the name exists (any
 * case), 400 when the parent is missing or is itself a subcategory. Answers the saved category.
 */
export async function createCategory(db: Database, body: CategoryBody, ctx: SaveContext = SYSTEM): Promise<SavedCategory> {
  try {
    const row = await db.transaction(async (tx) => {
      await assertNameFree(tx, body.name, null);
      if (body.parentId) await assertValidParent(tx, body.parentId);
      const [saved] = await tx
        .insert(categories)
        .values({
          name: body.name,
          handle: await firstFreeHandle(handleFrom(body.name, 'collection'), async (candidates) => {
            const rows = await tx.select({ handle: categories.handle }).from(categories).where(inArray(categories.handle, candidates));
            return new Set(rows.map((r) => r.handle));
          }),
          parentId: body.parentId,
          description: body.description,
          isActive: body.isActive,
          sizeChart: body.sizeChart ?? null,
          // A new category goes to the end of the menu, after the ones the shop already shows.
          sortOrder: sql`(select coalesce(max(${categories.sortOrder}), -1) + 1 from ${categories})`,
        })
        .returning();
      await recordAudit(tx, ctx.actor, {
        action: 'category.create',
        entity: 'category',
        entityId: saved.id,
        summary: `Created category ${saved.name}`,
        changes: changesBetween(null, categoryFields(saved)),
      });
      return saved;
    });
    return savedCategory(row);
  } catch (err) {
    return mapCategoryWriteError(err);
  }
}

/**
 * PUT /api/categories/{id} (also the active toggle): replaces name, parent,
 * description, isActive and the size chart (kept when the body has no `sizeChart`). Throws 404 'Category not found' for an unknown or malformed id; 409 for
 * a name another category has; 400 for a missing parent, itself as parent ('A category cannot be
 * its own parent'), a parent that is a subcategory, or giving a parent to a category that has
 * subcategories (both 'Only two category levels are allowed').
 */
export async function updateCategory(db: Database, id: string, body: CategoryBody, ctx: SaveContext = SYSTEM): Promise<SavedCategory> {
  if (!isUuid(id)) throw notFound(CATEGORY_NOT_FOUND);
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      await assertNameFree(tx, body.name, id);
      if (body.parentId) {
        if (body.parentId === id)
          throw badRequest('A category cannot be its own parent', { parentId: 'A category cannot be its own parent' });
        await assertValidParent(tx, body.parentId);
        const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
        if (child) throw badRequest(TWO_LEVELS, { parentId: TWO_LEVELS });
      }
      const [saved] = await tx
        .update(categories)
        .set({
          name: body.name,
          parentId: body.parentId,
          description: body.description,
          isActive: body.isActive,
          // Absent: a client that does not know size charts (or a toggle) keeps the saved one.
          ...(body.sizeChart === undefined ? {} : { sizeChart: body.sizeChart }),
          updatedAt: new Date(),
        })
        .where(eq(categories.id, id))
        .returning();
      const changes = changesBetween(categoryFields(current), categoryFields(saved));
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, ctx.actor, {
          action: 'category.update',
          entity: 'category',
          entityId: id,
          summary: categoryUpdateSummary(saved.name, changes),
          changes,
        });
      }
      return saved;
    });
    return savedCategory(row);
  } catch (err) {
    return mapCategoryWriteError(err);
  }
}

/**
 * DELETE /api/categories/{id} (docs/architecture.md#catalogue): deletes a category that has neither
 * subcategories nor products. Throws 404 'Category not found'; 409 'This category has N
 * subcategories. Move or delete them first.' or 'This category has N products. Move them to another
 * category first.' (singular for 1).
 */
export async function deleteCategory(db: Database, id: string, ctx: SaveContext = SYSTEM): Promise<{ _id: string; message: string }> {
  if (!isUuid(id)) throw notFound(CATEGORY_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      const [{ n: childCount }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(categories)
        .where(eq(categories.parentId, id));
      if (childCount > 0) {
        throw conflict(
          `This category has ${plural(childCount, 'subcategory', 'subcategories')}. Move or delete ${childCount === 1 ? 'it' : 'them'} first.`,
        );
      }
      const [{ n: productCount }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(productCategories)
        .where(eq(productCategories.categoryId, id));
      if (productCount > 0) {
        throw conflict(
          `This category has ${plural(productCount, 'product', 'products')}. Move ${productCount === 1 ? 'it' : 'them'} to another category first.`,
        );
      }
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, ctx.actor, {
        action: 'category.delete',
        entity: 'category',
        entityId: id,
        summary: `Deleted category ${current.name}`,
        changes: changesBetween({ name: current.name, handle: current.handle }, null),
      });
    });
  } catch (err) {
    // A product or subcategory linked in the meantime: the foreign keys refuse the delete.
    if (pgErrorOf(err)?.code === FOREIGN_KEY_VIOLATION)
      throw conflict('This category is still in use. Move its products and subcategories first.');
    throw err;
  }
  return { _id: id, message: 'Category deleted successfully' };
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const PRODUCT_NOT_FOUND = 'Product not found';

/** GET /api/products/admin/all: every product, active or not, newest first, with inactive variants. */
export async function listAdminProducts(db: Database): Promise<Product[]> {
  return listProducts(db, { activeOnly: false });
}

/** One product in the admin shape (inactive variants included); throws 404 when missing. */
async function adminProduct(db: Database, id: string): Promise<Product> {
  const rows = await db.select(productColumns).from(products).where(eq(products.id, id));
  const [product] = await hydrateProducts(db, rows, false);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** 400 'Category not found' unless every id names an existing category (active or not). */
async function assertCategoriesExist(tx: Tx, ids: string[]): Promise<void> {
  const valid = ids.filter(isUuid);
  const found = valid.length
    ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, valid)).for('share')
    : [];
  if (found.length !== ids.length) throw badRequest(CATEGORY_NOT_FOUND, { categoryIds: CATEGORY_NOT_FOUND });
}

/** The product's image rows (position = array order; a blank alt becomes the title). */
function imageRows(productId: string, body: ProductBody): (typeof productImages.$inferInsert)[] {
  return body.images.map((img, position) => ({
    productId,
    url: img.url,
    alt: img.alt?.trim() || body.title,
    publicId: img.publicId,
    colour: img.colour,
    position,
  }));
}

/** Replaces the product's images (see imageRows). */
async function replaceImages(tx: Tx, productId: string, body: ProductBody): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  // An imported product whose pictures all failed to download has none (the form requires one).
  if (body.images.length === 0) return;
  await tx.insert(productImages).values(imageRows(productId, body));
}

/** The product's category links (position = array order). */
const categoryRows = (productId: string, categoryIds: string[]) =>
  categoryIds.map((categoryId, position) => ({ productId, categoryId, position }));

/** Replaces the product's categories (see categoryRows). */
async function replaceCategories(tx: Tx, productId: string, categoryIds: string[]): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.insert(productCategories).values(categoryRows(productId, categoryIds));
}

/** Ids among `ids` that a cart line, an order line or a checkout attempt points at. */
async function referencedVariantIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (ids.length === 0) return referenced;
  const inCarts = await tx.selectDistinct({ id: cartItems.variantId }).from(cartItems).where(inArray(cartItems.variantId, ids));
  const inOrders = await tx.selectDistinct({ id: orderItems.variantId }).from(orderItems).where(inArray(orderItems.variantId, ids));
  for (const r of [...inCarts, ...inOrders]) if (r.id) referenced.add(r.id);
  for (const id of ids) {
    if (referenced.has(id)) continue;
    const [attempt] = await tx
      .select({ id: checkoutAttempts.id })
      .from(checkoutAttempts)
      .where(sql`${checkoutAttempts.items} @> ${JSON.stringify([{ variantId: id }])}::jsonb`)
      .limit(1);
    if (attempt) referenced.add(id);
  }
  return referenced;
}

/**
 * The generated SKU of a variant: RM-<first 8 hex of the product id>-<SIZE>, with its colour's
 * letters before the size when it has one (RM-1A2B3C4D-MAROON-M); `RM-<8 hex>-` is every one's stem.
 */
export function generatedSku(productId: string, size: string, colour: string | null = null): string {
  const colourPart = colour
    ? `${colourSlug(anyAscii(colour))
        .toUpperCase()
        .replace(/[^A-Z0-9-]/g, '')
        .slice(0, 16)}-`
    : '';
  return `RM-${productId.replace(/-/g, '').slice(0, 8).toUpperCase()}-${size ? colourPart + size : ''}`;
}

/**
 * Makes the product's variants match `wanted`:
 * - a body variant whose `_id` is one of this product's variants updates that row in place, so
 *   cart lines and order history keep pointing at it; one without a known `_id` takes over an
 *   unclaimed row of the same colour and size, else becomes a new row (matchRows);
 * - rows no body variant claims are deleted when no cart line, order line or checkout attempt
 *   points at them, else kept and set inactive (dropUnclaimed);
 * - a blank SKU keeps the row's SKU or is generated (RM-<8 hex>-[<COLOUR>-]<SIZE>, with -2, -3… if taken);
 *   an SKU another product uses is 409 'SKU {sku} is already used by another product' (skusFor).
 * Prices arrive in rupees and are stored in paise. Runs inside the caller's transaction.
 *
 * Stock moves only through the inventory ledger, as an 'adjustment' by the admin with the
 * form's note: a size sent with `stockLoaded` gets `stockQty - stockLoaded` added by one conditional
 * update that applies only while its stock still equals `stockLoaded` (else 409 'Stock for M changed
 * since you opened this form (now 4)', and the caller's transaction undoes the whole save); a size
 * whose stock the form left alone (difference 0) is not checked, so a sale meanwhile never blocks
 * editing a title and is never overwritten. A size sent without `stockLoaded` (the spec's body) is
 * set to `stockQty`, the difference recorded. A new size starts with a ledger row of its stock.
 */
async function syncVariants(
  tx: Tx,
  productId: string,
  wanted: VariantBody[],
  existing: VariantRow[],
  stock: StockChangeMeta,
): Promise<void> {
  const rowFor = matchRows(wanted, existing);
  const claimed = new Set([...rowFor.values()].map((r) => r.id));
  const retired = await dropUnclaimed(
    tx,
    existing.filter((r) => !claimed.has(r.id)),
  );
  const finalSku = await skusFor(tx, productId, wanted, rowFor, retired);

  // Rows whose SKU changes park on a unique placeholder first, so swaps between rows cannot clash.
  const renamed = [...rowFor.entries()].filter(([w, row]) => finalSku.get(w) !== row.sku).map(([, row]) => row.id);
  for (const id of renamed)
    await tx
      .update(variants)
      .set({ sku: `~${id}` })
      .where(eq(variants.id, id));

  const values = (w: VariantBody) => variantColumns(w, finalSku.get(w)!);
  for (const [w, row] of rowFor) {
    await tx
      .update(variants)
      .set({ ...values(w), updatedAt: new Date() })
      .where(eq(variants.id, row.id));
    await applyStock(tx, w, row, wanted.indexOf(w), stock);
  }
  const fresh = wanted.filter((w) => !rowFor.has(w));
  if (fresh.length) {
    const inserted = await tx
      .insert(variants)
      .values(fresh.map((w) => ({ productId, ...values(w), stockQty: w.stockQty })))
      .returning({ id: variants.id, stockQty: variants.stockQty });
    for (const v of inserted) await recordOpeningStock(tx, v.id, v.stockQty, { ...stock, note: stock.note || 'New size' });
  }
}

/** A body variant's columns as stored: prices from rupees to paise (stock apart: the ledger's). */
// An arrow returning its object, so the single-writer check (single-writers.test.ts) sees no stock in it.
const variantColumns = (w: VariantBody, sku: string) => ({
  colour: w.colour,
  size: w.size,
  sku,
  pricePaise: toPaise(w.price),
  compareAtPaise: w.compareAtPrice === null ? null : toPaise(w.compareAtPrice),
  isActive: w.isActive,
});

/**
 * Which existing row each body variant updates (see syncVariants): its own by `_id`, else an
 * unclaimed row of the same colour and size; body variants without one become new rows.
 */
function matchRows(wanted: VariantBody[], existing: VariantRow[]): Map<VariantBody, VariantRow> {
  const byId = new Map(existing.map((v) => [v.id, v]));
  const claimed = new Set<string>();
  const rowFor = new Map<VariantBody, VariantRow>();
  const claim = (w: VariantBody, row: VariantRow | undefined) => {
    if (!row || claimed.has(row.id)) return;
    rowFor.set(w, row);
    claimed.add(row.id);
  };
  for (const w of wanted) claim(w, w._id ? byId.get(w._id) : undefined);
  for (const w of wanted) {
    if (!rowFor.has(w))
      claim(
        w,
        existing.find((r) => !claimed.has(r.id) && r.size === w.size && r.colour === w.colour),
      );
  }
  return rowFor;
}

/**
 * Deletes the unclaimed rows nothing points at and sets the others (a cart line, order line or
 * checkout attempt holds them) inactive; answers those kept.
 */
async function dropUnclaimed(tx: Tx, unclaimed: VariantRow[]): Promise<VariantRow[]> {
  const referenced = await referencedVariantIds(
    tx,
    unclaimed.map((r) => r.id),
  );
  const toDelete = unclaimed.filter((r) => !referenced.has(r.id)).map((r) => r.id);
  const toRetire = unclaimed.filter((r) => referenced.has(r.id));
  if (toDelete.length) await tx.delete(variants).where(inArray(variants.id, toDelete));
  if (toRetire.length) {
    await tx
      .update(variants)
      .set({ isActive: false, updatedAt: new Date() })
      .where(
        inArray(
          variants.id,
          toRetire.map((r) => r.id),
        ),
      );
  }
  return toRetire;
}

/**
 * Each body variant's SKU (see syncVariants): the one sent, which must be free outside this product
 * and not a retired row's (409), else the row's own, else generated (-2, -3... when taken).
 */
async function skusFor(
  tx: Tx,
  productId: string,
  wanted: VariantBody[],
  rowFor: Map<VariantBody, VariantRow>,
  retired: VariantRow[],
): Promise<Map<VariantBody, string>> {
  const finalSku = new Map<VariantBody, string>();
  const explicit = wanted.filter((w) => w.sku).map((w) => w.sku!);
  if (explicit.length) {
    const holders = await tx
      .select({ id: variants.id, sku: variants.sku, productId: variants.productId })
      .from(variants)
      .where(inArray(variants.sku, explicit));
    for (const h of holders) {
      if (h.productId !== productId) throw conflict(`SKU ${h.sku} is already used by another product`);
      if (retired.some((r) => r.id === h.id)) throw conflict(`SKU ${h.sku} is already used by another variant`);
    }
  }
  for (const w of wanted) if (w.sku) finalSku.set(w, w.sku);
  for (const w of wanted) {
    const row = rowFor.get(w);
    if (!w.sku && row) finalSku.set(w, row.sku);
  }
  if (wanted.every((w) => finalSku.has(w))) return finalSku;
  const stem = generatedSku(productId, '');
  const taken = new Set(
    (
      await tx
        .select({ sku: variants.sku })
        .from(variants)
        .where(like(variants.sku, `${stem}%`))
    ).map((r) => r.sku),
  );
  generateSkus(productId, wanted, finalSku, taken);
  return finalSku;
}

/**
 * Gives each body variant still without an SKU in `finalSku` a generated one (generatedSku, then
 * -2, -3... while `taken` or this product's others hold it); `taken` is extended with them.
 */
function generateSkus(productId: string, wanted: VariantBody[], finalSku: Map<VariantBody, string>, taken: Set<string>): void {
  for (const sku of finalSku.values()) taken.add(sku);
  for (const w of wanted) {
    if (finalSku.has(w)) continue;
    const base = generatedSku(productId, w.size, w.colour);
    let sku = base;
    for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
    taken.add(sku);
    finalSku.set(w, sku);
  }
}

/**
 * Applies one existing size's stock from the form (see syncVariants): relative to `stockLoaded` when
 * sent, else absolute. Throws 409 naming the size and its stock now when it moved since loading.
 */
async function applyStock(tx: Tx, w: VariantBody, row: VariantRow, index: number, meta: StockChangeMeta): Promise<void> {
  if (w.stockLoaded === null) {
    await setStock(tx, { variantId: row.id, target: w.stockQty, ...meta });
    return;
  }
  const delta = w.stockQty - w.stockLoaded;
  if (delta === 0) return;
  const after = await changeStock(tx, { variantId: row.id, delta, expected: w.stockLoaded, ...meta });
  if (after !== null) return;
  const [now] = await tx.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, row.id));
  const message = stockChangedMessage(variantLabel(w), now?.stockQty ?? 0);
  throw new AppError(409, message, { [`variants.${index}.stockQty`]: message });
}

const handleTaken = () => badRequest(HANDLE_TAKEN, { handle: HANDLE_TAKEN });

/**
 * The handle a save gives the product (docs/architecture.md#product-addresses): the one the admin
 * typed, refused with 400 when another product holds it now or held it before; else, for a new
 * product, one made from the title (-2, -3, ... on a clash); else the current one.
 */
async function handleToSave(tx: Tx, body: ProductBody, productId: string, current: string | null): Promise<string> {
  if (!body.handle) return current ?? firstFreeHandle(handleFrom(body.title), (c) => takenProductHandles(tx, c));
  if (body.handle === current) return current;
  const [holder] = await tx.select({ id: products.id }).from(products).where(eq(products.handle, body.handle));
  const [earlier] = await tx
    .select({ productId: productHandleRedirects.productId })
    .from(productHandleRedirects)
    .where(eq(productHandleRedirects.handle, body.handle));
  if (holder || (earlier && earlier.productId !== productId)) throw handleTaken();
  return body.handle;
}

/**
 * Moves a product to `next` from `previous`: the previous handle is kept as an earlier address that
 * answers 301, and `next`, when it was one of this product's earlier addresses, is current again.
 */
async function moveHandle(tx: Tx, productId: string, previous: string, next: string): Promise<void> {
  if (previous === next) return;
  await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.handle, next));
  await tx.insert(productHandleRedirects).values({ handle: previous, productId });
}

/**
 * The product's options as a save stores them (docs/architecture.md#colours-and-sizes): its colours
 * (listed, or named by its variants) and, in order, the option names ['Colour', 'Size'] or ['Size'].
 */
function options(body: ProductBody): { colours: ColourOption[]; variantAttributes: string[] } {
  const colours = resolvedColours(body.colours, body.variants);
  return { colours, variantAttributes: colours.length > 0 ? ['Colour', 'Size'] : ['Size'] };
}

/** Maps races the checks cannot see (an SKU, a handle or a category changing meanwhile) to 409 / 400. */
function mapProductWriteError(err: unknown): never {
  const pg = pgErrorOf(err);
  if (pg?.code === UNIQUE_VIOLATION && (pg.constraint?.includes('handle') || pg.constraint === 'product_handle_redirects_pkey')) {
    throw handleTaken();
  }
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint?.includes('sku')) {
    const sku = /\(sku\)=\(([^)]*)\)/.exec(pg.detail ?? '')?.[1];
    throw conflict(sku ? `SKU ${sku} is already used by another product` : 'This SKU is already used by another product');
  }
  if (pg?.code === FOREIGN_KEY_VIOLATION && pg.constraint?.includes('categor')) {
    throw badRequest(CATEGORY_NOT_FOUND, { categoryIds: CATEGORY_NOT_FOUND });
  }
  throw err;
}

/** A new product's row (its derived columns, search words and lowest price, are PostgreSQL's). */
function productRow(id: string, body: ProductBody, handle: string): typeof products.$inferInsert {
  return {
    id,
    title: body.title,
    handle,
    description: body.description,
    isBestseller: body.isBestseller,
    isActive: body.isActive,
    ...options(body),
    sizeChart: body.sizeChart ?? null,
    ...(body.hsn ? { hsn: body.hsn } : {}),
  };
}

/**
 * POST /api/products: creates a product with its images, categories and variants in
 * one transaction. Throws 400 'Category not found' for an unknown category, 409 for an SKU another
 * product uses. Answers the saved product in the admin shape (prices in rupees).
 */
export async function createProduct(db: Database, body: ProductBody, ctx: SaveContext = SYSTEM): Promise<Product> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await assertCategoriesExist(tx, body.categoryIds);
      await tx.insert(products).values(productRow(id, body, await handleToSave(tx, body, id, null)));
      await replaceImages(tx, id, body);
      await replaceCategories(tx, id, body.categoryIds);
      await syncVariants(tx, id, body.variants, [], {
        reason: ctx.stockReason ?? 'adjustment',
        adminId: ctx.actor.id,
        note: body.stockNote,
      });
      await recordProductSave(tx, ctx.actor, id, null, body.stockNote);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapProductWriteError(err);
  }
  return adminProduct(db, id);
}

/** At most this many rows per multi-row insert of the bulk create (well under PostgreSQL's 65,535 parameters). */
const BULK_ROWS = 1000;

/** What a bulk create wrote, for its caller's counts. */
export interface BulkCreated {
  products: number;
  variants: number;
}

/**
 * Creates many new products in one transaction (the Shopify import's new handles,
 * docs/architecture.md#product-import): the same rows `createProduct` writes, product by product
 * (products with options, colours and HSN, images, category links, variants with the same SKU
 * rules, one opening ledger row per size through the ledger with `ctx.stockReason`), written with
 * multi-row inserts; PostgreSQL keeps the derived columns (search words, lowest price) as for one.
 * Each product's `created_at` follows the list's order, as if they were created one after another.
 * A handle is the body's (refused when a product holds it now or held it before, or twice in the
 * list) or made from the title; SKUs sent must be free and not twice in the list, blank ones are
 * generated. The audit log gets one 'product.import' row for the lot (`summary`, the count and the
 * handles), not one snapshot per product. All or nothing: throws 400 'Category not found', 400 for
 * a taken handle, 409 for a taken SKU, and nothing is written.
 */
export async function createProducts(
  db: Database,
  bodies: ProductBody[],
  ctx: SaveContext & { summary?: string } = SYSTEM,
): Promise<BulkCreated> {
  if (bodies.length === 0) return { products: 0, variants: 0 };
  const meta: StockChangeMeta = { reason: ctx.stockReason ?? 'adjustment', adminId: ctx.actor.id };
  try {
    return await db.transaction(async (tx) => {
      await assertCategoriesExist(tx, [...new Set(bodies.flatMap((b) => b.categoryIds))]);
      // Handles: the ones sent, free now and never held before, each once; then the made ones.
      const sent = bodies.flatMap((b) => (b.handle ? [b.handle] : []));
      const inList = new Set(sent);
      if (inList.size !== sent.length) throw handleTaken();
      for (let i = 0; i < sent.length; i += BULK_ROWS) {
        if ((await takenProductHandles(tx, sent.slice(i, i + BULK_ROWS))).size > 0) throw handleTaken();
      }
      const handles: string[] = [];
      for (const body of bodies) {
        if (body.handle) {
          handles.push(body.handle);
          continue;
        }
        const made = await firstFreeHandle(handleFrom(body.title), async (candidates) => {
          const taken = await takenProductHandles(tx, candidates);
          for (const c of candidates) if (inList.has(c)) taken.add(c);
          return taken;
        });
        inList.add(made);
        handles.push(made);
      }
      // SKUs: the ones sent must be free here and once in the list; blanks generated per product.
      const explicit = bodies.flatMap((b) => b.variants.flatMap((w) => (w.sku ? [w.sku] : [])));
      const seen = new Set<string>();
      const dup = explicit.find((sku) => seen.has(sku) || !seen.add(sku));
      if (dup) throw conflict(`SKU ${dup} is already used by another product`);
      for (let i = 0; i < explicit.length; i += BULK_ROWS) {
        const [holder] = await tx
          .select({ sku: variants.sku })
          .from(variants)
          .where(inArray(variants.sku, explicit.slice(i, i + BULK_ROWS)))
          .limit(1);
        if (holder) throw conflict(`SKU ${holder.sku} is already used by another product`);
      }
      const ids: string[] = bodies.map(() => randomUUID());
      const stems = ids.filter((_, i) => bodies[i].variants.some((w) => !w.sku)).map((id) => `${generatedSku(id, '')}%`);
      const taken = new Set(explicit);
      for (let i = 0; i < stems.length; i += BULK_ROWS) {
        const part = stems.slice(i, i + BULK_ROWS);
        const rows = await tx
          .select({ sku: variants.sku })
          .from(variants)
          .where(or(...part.map((stem) => like(variants.sku, stem))));
        for (const r of rows) taken.add(r.sku);
      }

      const start = Date.now() - bodies.length;
      const productRows = bodies.map((body, i) => ({
        ...productRow(ids[i], body, handles[i]),
        createdAt: new Date(start + i),
        updatedAt: new Date(start + i),
      }));
      const images = bodies.flatMap((body, i) => imageRows(ids[i], body));
      const links = bodies.flatMap((body, i) => categoryRows(ids[i], body.categoryIds));
      const variantRows: (typeof variants.$inferInsert)[] = [];
      const opening: { variantId: string; stock: number; note: string }[] = [];
      bodies.forEach((body, i) => {
        const finalSku = new Map<VariantBody, string>();
        for (const w of body.variants) if (w.sku) finalSku.set(w, w.sku);
        generateSkus(ids[i], body.variants, finalSku, taken);
        for (const w of body.variants) {
          const id = randomUUID();
          variantRows.push({ id, productId: ids[i], ...variantColumns(w, finalSku.get(w)!), stockQty: w.stockQty });
          opening.push({ variantId: id, stock: w.stockQty, note: body.stockNote || 'New size' });
        }
      });
      for (let i = 0; i < productRows.length; i += BULK_ROWS) await tx.insert(products).values(productRows.slice(i, i + BULK_ROWS));
      for (let i = 0; i < images.length; i += BULK_ROWS) await tx.insert(productImages).values(images.slice(i, i + BULK_ROWS));
      for (let i = 0; i < links.length; i += BULK_ROWS) await tx.insert(productCategories).values(links.slice(i, i + BULK_ROWS));
      for (let i = 0; i < variantRows.length; i += BULK_ROWS) await tx.insert(variants).values(variantRows.slice(i, i + BULK_ROWS));
      // Each size's opening row carries its product's stock note, else 'New size', as createProduct writes it.
      const byNote = new Map<string, { variantId: string; stock: number }[]>();
      for (const o of opening) {
        const list = byNote.get(o.note) ?? [];
        list.push(o);
        byNote.set(o.note, list);
      }
      for (const [note, rows] of byNote) await recordOpeningStocks(tx, rows, { ...meta, note });
      await recordAudit(tx, ctx.actor, {
        action: 'product.import',
        entity: 'product',
        summary:
          ctx.summary ?? `Created ${plural(bodies.length, 'product', 'products')} (${plural(variantRows.length, 'variant', 'variants')})`,
        changes: {
          products: { before: null, after: bodies.length },
          variants: { before: null, after: variantRows.length },
          handles: { before: null, after: handles },
        },
      });
      return { products: bodies.length, variants: variantRows.length };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapProductWriteError(err);
  }
}

/**
 * PUT /api/products/{id} (also the active toggle): replaces the product's fields
 * (its own size chart too, kept when the body has no `sizeChart`; null means the category's),
 * images (wholesale, in order) and categories, and syncs its variants (see syncVariants), all in
 * one transaction. Throws 404 'Product not found', 400 'Category not found', 409 for a taken SKU
 * or for a size whose stock moved since the form loaded it (nothing of the save is written then).
 */
export async function updateProduct(db: Database, id: string, body: ProductBody, ctx: SaveContext = SYSTEM): Promise<Product> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: products.id, handle: products.handle })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      // Its sizes locked now, in id order (as below), so the stock the audit row reads as before is the save's.
      await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id)).for('update');
      const before = await productSnapshot(tx, id);
      await assertCategoriesExist(tx, body.categoryIds);
      const handle = await handleToSave(tx, body, id, current.handle);
      await moveHandle(tx, id, current.handle, handle);
      await tx
        .update(products)
        .set({
          title: body.title,
          handle,
          description: body.description,
          isBestseller: body.isBestseller,
          isActive: body.isActive,
          ...options(body),
          ...(body.sizeChart === undefined ? {} : { sizeChart: body.sizeChart }),
          ...(body.hsn ? { hsn: body.hsn } : {}),
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
      await replaceImages(tx, id, body);
      await replaceCategories(tx, id, body.categoryIds);
      // Locked in id order, the order a checkout takes stock in (payments/service.ts), so a save and
      // a checkout of the same sizes never wait on each other in a cycle; matched oldest first.
      const existing = await tx.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id)).for('update');
      existing.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      await syncVariants(tx, id, body.variants, existing, {
        reason: ctx.stockReason ?? 'adjustment',
        adminId: ctx.actor.id,
        note: body.stockNote,
      });
      await recordProductSave(tx, ctx.actor, id, before, body.stockNote);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapProductWriteError(err);
  }
  return adminProduct(db, id);
}

export interface DeleteProductDeps {
  db: Database;
  mediaStore: MediaStore;
  log: FastifyBaseLogger;
}

/** Public ids among `ids` that some record still uses (another product or homepage media). */
async function publicIdsInUse(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = [
    ...(await db.select({ id: productImages.publicId }).from(productImages).where(inArray(productImages.publicId, ids))),
    ...(await db.select({ id: heroBanners.publicId }).from(heroBanners).where(inArray(heroBanners.publicId, ids))),
    ...(await db.select({ id: instagramPhotos.publicId }).from(instagramPhotos).where(inArray(instagramPhotos.publicId, ids))),
    ...(
      await db
        .select({ video: verticalVideos.videoPublicId, poster: verticalVideos.posterPublicId })
        .from(verticalVideos)
        .where(or(inArray(verticalVideos.videoPublicId, ids), inArray(verticalVideos.posterPublicId, ids)))
    ).flatMap((r) => [{ id: r.video }, { id: r.poster }]),
  ];
  return new Set(rows.map((r) => r.id).filter((id): id is string => Boolean(id)));
}

/**
 * DELETE /api/products/{id}: deletes the product (its variants, images, category links
 * and cart lines go with it; orders keep their frozen lines). Then, best effort, removes from the
 * media store each of its images that has a publicId no other record uses; failures are logged.
 * Throws 404 'Product not found'.
 */
export async function deleteProduct(
  deps: DeleteProductDeps,
  id: string,
  ctx: SaveContext = SYSTEM,
): Promise<{ _id: string; message: string }> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const images = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    const rows = await tx.select({ publicId: productImages.publicId }).from(productImages).where(eq(productImages.productId, id));
    await recordProductDelete(tx, ctx.actor, id, (await productSnapshot(tx, id))!);
    await tx.delete(products).where(eq(products.id, id));
    return rows;
  });
  const publicIds = [...new Set(images.map((i) => i.publicId).filter((p): p is string => Boolean(p)))];
  try {
    const inUse = await publicIdsInUse(deps.db, publicIds);
    await Promise.all(publicIds.filter((p) => !inUse.has(p)).map((publicId) => deleteMedia(deps.mediaStore, publicId, 'image', deps.log)));
  } catch (err) {
    deps.log.warn({ err, productId: id }, 'product image cleanup failed');
  }
  return { _id: id, message: 'Product deleted successfully' };
}
