/**
 * The audit rows of a product save (docs/architecture.md#audit-log): what an owner reads in the
 * activity log, not the saved blob. A product is compared as a snapshot of its meaningful fields
 * (title, handle, description, categories, active, bestseller, colours, HSN, its own size chart,
 * picture count) and, per variant named 'Maroon / M', its price, MRP (paise), SKU and
 * active; stock is recorded apart as 'stock.adjust' rows (one per size whose stock the save moved,
 * with before, after and the form's note). Written with recordAudit inside the save's transaction.
 */
import { asc, eq } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import { rupeesText } from '../../../core/schemas/audit';
import type { Tx } from '../../db/client';
import { categories, productCategories, productImages, products, variants } from '../../db/schema';
import { changesBetween, recordAudit, type AuditActor, type Changes } from '../audit/record';

type VariantState = { label: string; pricePaise: number; compareAtPaise: number | null; sku: string; isActive: boolean; stockQty: number };

/** A product as the audit log compares it; null when it does not exist. */
export interface ProductSnapshot {
  title: string;
  fields: Record<string, unknown>;
  /** By variant id. */
  variants: Map<string, VariantState>;
}

/** Reads the product's snapshot inside `tx` (rows the save has locked, or is about to write). */
export async function productSnapshot(tx: Tx, productId: string): Promise<ProductSnapshot | null> {
  const [product] = await tx.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const cats = await tx
    .select({ name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position));
  const images = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId));
  const rows = await tx.select().from(variants).where(eq(variants.productId, productId));
  return {
    title: product.title,
    fields: {
      title: product.title,
      handle: product.handle,
      description: product.description,
      categories: cats.map((c) => c.name),
      isActive: product.isActive,
      isBestseller: product.isBestseller,
      colours: product.colours.map((c) => c.name),
      hsn: product.hsn,
      sizeChart: product.sizeChart,
      pictures: images.length,
    },
    variants: new Map(
      rows.map((v) => [
        v.id,
        {
          label: variantLabel(v),
          pricePaise: v.pricePaise,
          compareAtPaise: v.compareAtPaise,
          sku: v.sku,
          isActive: v.isActive,
          stockQty: v.stockQty,
        },
      ]),
    ),
  };
}

/** The variant fields of a snapshot, flattened as 'Maroon / M: pricePaise' (stock left out). */
function variantFields(snapshot: ProductSnapshot | null, ids: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    const v = snapshot?.variants.get(id);
    if (!v) continue;
    out[`${v.label}: pricePaise`] = v.pricePaise;
    out[`${v.label}: compareAtPaise`] = v.compareAtPaise;
    out[`${v.label}: sku`] = v.sku;
    out[`${v.label}: isActive`] = v.isActive;
  }
  return out;
}

/** One sentence for a single change an owner recognises; a list of what changed otherwise. */
function updateSummary(title: string, changes: Changes): string {
  const keys = Object.keys(changes);
  if (keys.length === 1) {
    const [key] = keys;
    const { before, after } = changes[key];
    const price = /^(.*): (pricePaise|compareAtPaise)$/.exec(key);
    if (price && typeof before === 'number' && typeof after === 'number') {
      const what = price[2] === 'pricePaise' ? 'Price' : 'MRP';
      return `${what} of ${title} / ${price[1]} changed from ${rupeesText(before)} to ${rupeesText(after)}`;
    }
    if (key === 'isActive') return after ? `${title} shown in the shop` : `${title} hidden from the shop`;
    if (key === 'title') return `Product renamed from ${String(before)} to ${String(after)}`;
  }
  const names = keys.map((k) => k.replace(/^(.*): (\w+)$/, '$1 $2').replace(/Paise$|^is(?=[A-Z])/, ''));
  const shown = names.slice(0, 6).join(', ');
  return `Updated ${title}: ${shown}${names.length > 6 ? ` and ${names.length - 6} more` : ''}`;
}

/**
 * Records a product save: 'product.create' or 'product.update' with the changed fields (nothing
 * when nothing changed), and one 'stock.adjust' per size whose stock moved (`note` the reason).
 */
export async function recordProductSave(
  tx: Tx,
  actor: AuditActor,
  productId: string,
  before: ProductSnapshot | null,
  note: string,
): Promise<void> {
  const after = await productSnapshot(tx, productId);
  if (!after) return;
  const ids = new Set([...(before?.variants.keys() ?? []), ...after.variants.keys()]);
  const changes = changesBetween(before ? { ...before.fields, ...variantFields(before, ids) } : null, {
    ...after.fields,
    ...variantFields(after, ids),
  });
  if (!before) {
    await recordAudit(tx, actor, {
      action: 'product.create',
      entity: 'product',
      entityId: productId,
      summary: `Created product ${after.title} (${after.variants.size} ${after.variants.size === 1 ? 'variant' : 'variants'})`,
      changes,
    });
    return;
  }
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, actor, {
      action: 'product.update',
      entity: 'product',
      entityId: productId,
      summary: updateSummary(after.title, changes),
      changes,
    });
  }
  for (const [id, v] of after.variants) {
    const was = before.variants.get(id);
    if (!was || was.stockQty === v.stockQty) continue;
    await recordAudit(tx, actor, {
      action: 'stock.adjust',
      entity: 'product',
      entityId: productId,
      summary: `Stock of ${after.title} / ${v.label} changed from ${was.stockQty} to ${v.stockQty}${note ? ` (${note})` : ''}`,
      changes: {
        [`${v.label}: stockQty`]: { before: was.stockQty, after: v.stockQty },
        reason: { before: null, after: note || 'adjustment' },
      },
    });
  }
}

/** Records a deleted product: its title and variants, gone. */
export async function recordProductDelete(tx: Tx, actor: AuditActor, productId: string, before: ProductSnapshot): Promise<void> {
  await recordAudit(tx, actor, {
    action: 'product.delete',
    entity: 'product',
    entityId: productId,
    summary: `Deleted product ${before.title}`,
    changes: changesBetween({ title: before.fields.title, handle: before.fields.handle, variants: before.variants.size }, null),
  });
}
