/**
 * The Shopify product import (docs/architecture.md#moving-in-from-shopify). An uploaded file is
 * kept under DATA_DIR/imports while its job lives. `dryRunProducts` reads it once and writes
 * nothing but the job row: counts, every row problem (line and column), the options and
 * categories to map. `startProductImport` records the owner's mapping and `runProductImport`
 * works through the file in batches of products in the background, upserting by handle through
 * the catalogue's own saves (modules/catalog/admin-service.ts: a batch's new products together
 * with `createProducts`, products already here one by one with `updateProduct`; stock through the
 * ledger with reason 'import'), bumping the job's progress and heartbeat after each batch and yielding to
 * shoppers' requests between batches. A job whose heartbeat stops (the process ended) is picked
 * up again and goes on after the rows it finished. Never sees HTTP.
 */
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { ProductBody } from '../../../core/schemas/admin-catalog';
import {
  MAX_KEPT_PROBLEMS,
  type CategoryChoice,
  type DryRun,
  type ImportJob,
  type ImportMapping,
  type ImportProblem,
} from '../../../core/schemas/import';
import type { Database } from '../../db/client';
import { categories, importJobs, productCategories, productHandleRedirects, productImages, products, variants } from '../../db/schema';
import { AppError, badRequest, conflict, isUuid, notFound } from '../../errors';
import type { MediaStore } from '../../integrations/media-store/index';
import { recordAudit, type AuditActor } from '../audit/record';
import { createCategory, createProduct, createProducts, updateProduct } from '../catalog/admin-service';
import { readCsv, type CsvRow } from './csv';
import { mapColumns, type ColumnMap } from './shopify-columns';
import { downloadPicture, PICTURE_CONCURRENCY, PictureError, storedPictures, type StoredPicture } from './shopify-pictures';
import { groupsByHandle, planProduct, suggestedOption, typeKey, type ProductPlan } from './shopify-rows';

/**
 * Products written per batch (one progress update and one pause for shoppers each): the new ones
 * of a batch go in one transaction of multi-row inserts (`createProducts`).
 */
export const BATCH_PRODUCTS = 250;
/** A running job whose heartbeat is older than this is taken over (its process ended). */
export const STALE_AFTER_MS = 2 * 60_000;
/** The category products without a Type go to unless the owner chooses otherwise. */
export const NO_TYPE_CATEGORY = 'Imported from Shopify';
const DEFAULT_HSN = '6211';
/**
 * Products read and planned between two pauses for shoppers: planning (the description's HTML to
 * text above all) runs between database waits, and a whole chunk of the file planned at once held
 * shoppers' requests back.
 */
const PLAN_BETWEEN_PAUSES = 25;

/** Lets the requests waiting meanwhile go first (a turn of the event loop). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ImportDeps {
  db: Database;
  mediaStore: MediaStore;
  log: FastifyBaseLogger;
  /** Picture download time limit, ms (tests shorten it). */
  pictureTimeoutMs?: number;
  /** Hosts on a private network pictures may come from (IMPORT_PRIVATE_HOSTS); others must be public. */
  privatePictureHosts?: readonly string[];
  /**
   * False: new products too go one by one through `createProduct` (the test that compares both
   * ways); by default a batch's new products are written together by `createProducts`.
   */
  bulkCreate?: boolean;
}

type JobRow = typeof importJobs.$inferSelect;

/** What the job row keeps in `mapping`: the dry run's findings, then the confirmed mapping and who started it. */
interface StoredMapping {
  dryRun?: DryRun;
  confirmed?: ImportMapping;
  actor?: AuditActor;
}

/** A job row as the screen reads it. */
export function toImportJob(row: JobRow): ImportJob {
  const mapping = row.mapping as StoredMapping;
  return {
    _id: row.id,
    status: row.status,
    fileName: row.fileName,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    errorCount: row.errorCount,
    errors: row.errors,
    summary: row.summary,
    dryRun: mapping.dryRun ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Opens the job's file and matches its header; 400 naming the missing Shopify columns. */
async function openFile(filePath: string): Promise<{ map: ColumnMap; rows: AsyncIterable<CsvRow>; skipped: ImportProblem[] }> {
  const csv = await readCsv(createReadStream(filePath));
  const map = mapColumns(csv.header);
  if (map.missing.length) {
    throw badRequest(
      `This is not a Shopify product CSV: the ${map.missing.length === 1 ? 'column' : 'columns'} ${map.missing.join(', ')} ${map.missing.length === 1 ? 'is' : 'are'} missing.`,
    );
  }
  return { map, rows: csv.rows, skipped: csv.skipped as unknown as ImportProblem[] };
}

const chunks = <T>(list: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Categories by lower-cased name. */
async function categoriesByName(db: Database): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** Problems the database shows for a set of plans: an SKU another product holds, a handle another product held before. */
async function databaseProblems(db: Database, plans: ProductPlan[]): Promise<Map<ProductPlan, ImportProblem[]>> {
  const out = new Map<ProductPlan, ImportProblem[]>();
  const add = (plan: ProductPlan, p: ImportProblem) => out.set(plan, [...(out.get(plan) ?? []), p]);
  const handles = plans.map((p) => p.handle);
  const earlier = new Map<string, string>();
  for (const part of chunks(handles)) {
    const rows = await db
      .select({ handle: productHandleRedirects.handle, current: products.handle })
      .from(productHandleRedirects)
      .innerJoin(products, eq(products.id, productHandleRedirects.productId))
      .where(inArray(productHandleRedirects.handle, part));
    for (const r of rows) earlier.set(r.handle, r.current);
  }
  const skuOwner = new Map<string, string>();
  const skus = plans.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
  for (const part of chunks(skus)) {
    const rows = await db
      .select({ sku: variants.sku, handle: products.handle })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.sku, part));
    for (const r of rows) skuOwner.set(r.sku, r.handle);
  }
  for (const plan of plans) {
    const now = earlier.get(plan.handle);
    if (now && now !== plan.handle) {
      add(plan, {
        line: plan.line,
        column: 'URL handle',
        message: `Handle "${plan.handle}" was an earlier address of another product here (now /products/${now})`,
      });
    }
    for (const v of plan.variants) {
      const owner = v.sku ? skuOwner.get(v.sku) : undefined;
      if (owner && owner !== plan.handle)
        add(plan, { line: v.line, column: 'SKU', message: `SKU ${v.sku} is already used by the product /products/${owner}` });
    }
  }
  return out;
}

/** Collects problems in line order, keeping the first MAX_KEPT_PROBLEMS and counting all. */
class ProblemList {
  kept: ImportProblem[] = [];
  count = 0;
  add(...problems: ImportProblem[]) {
    for (const p of problems) {
      this.count++;
      if (this.kept.length < MAX_KEPT_PROBLEMS) this.kept.push(p);
    }
  }
  sorted() {
    return [...this.kept].sort((a, b) => a.line - b.line);
  }
}

/** Duplicate SKUs across products of one file: the later product's row is the problem. */
function skuClashes(plan: ProductPlan, seen: Map<string, number>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const v of plan.variants) {
    if (!v.sku) continue;
    const at = seen.get(v.sku);
    if (at !== undefined) problems.push({ line: v.line, column: 'SKU', message: `SKU ${v.sku} already appears on line ${at}` });
  }
  if (problems.length === 0) for (const v of plan.variants) if (v.sku) seen.set(v.sku, v.line);
  return problems;
}

/**
 * POST /api/admin/import/products: the dry run of the file at `filePath` (already saved under the
 * data folder). Writes only the job row (status 'queued'): counts in `summary` (products,
 * productsNew, productsUpdated, variants, pictures, picturesToDownload, categoriesToCreate,
 * problemProducts), every row problem in `errors`, the options, categories and ignored columns in
 * its dry run. Throws 400 for a file that is not a CSV, lacks Shopify's columns or has no product
 * rows (the caller removes the file then).
 */
export async function dryRunProducts(
  db: Database,
  file: { filePath: string; fileName: string; userId: string | null },
): Promise<ImportJob> {
  const { map, rows, skipped } = await openFile(file.filePath);
  const problems = new ProblemList();
  const options = new Map<string, { name: string; values: Set<string> }>();
  const categoryCounts = new Map<string, { kind: 'type' | 'tag'; value: string; products: number }>();
  const plans: ProductPlan[] = [];
  const skuSeen = new Map<string, number>();
  let rowsTotal = 0;
  let groups = 0;
  const clashes: ImportProblem[] = [];
  const counted = (async function* () {
    for await (const row of rows) {
      rowsTotal++;
      yield row;
    }
  })();
  for await (const group of groupsByHandle(counted, map, (p) => clashes.push(p))) {
    if (++groups % PLAN_BETWEEN_PAUSES === 0) await pause();
    const { plan, problems: found, options: used } = planProduct(group, map, { options: {} });
    for (const o of used) {
      const entry = options.get(o.name.toLowerCase()) ?? { name: o.name, values: new Set<string>() };
      for (const v of o.values) if (entry.values.size < 8) entry.values.add(v);
      options.set(o.name.toLowerCase(), entry);
    }
    problems.add(...found);
    if (!plan) continue;
    const clash = skuClashes(plan, skuSeen);
    if (clash.length) {
      problems.add(...clash);
      continue;
    }
    // Descriptions are not needed to count: dropped so a large file's plans stay small.
    plans.push({ ...plan, description: null });
    // A file without Type and Tags puts new products in the category of products without a Type.
    for (const key of plan.categoryKeys ?? [typeKey('')]) {
      const [kind, ...rest] = key.split(':');
      const entry = categoryCounts.get(key) ?? {
        kind: kind as 'type' | 'tag',
        value: kind === 'type' ? (map.columns.type ? (group[0].cells[map.columns.type] ?? '').trim() : '') : rest.join(':'),
        products: 0,
      };
      entry.products++;
      categoryCounts.set(key, entry);
    }
  }
  problems.add(...clashes, ...skipped.map((s) => ({ line: s.line, column: '', message: `Row skipped: ${s.message}` })));
  if (rowsTotal === 0) throw badRequest('This file has a header row but no products.');

  const fromDb = await databaseProblems(db, plans);
  const okPlans = plans.filter((p) => !fromDb.has(p));
  for (const list of fromDb.values()) problems.add(...list);
  const existing = new Set<string>();
  for (const part of chunks(okPlans.map((p) => p.handle))) {
    const rowsFound = await db.select({ handle: products.handle }).from(products).where(inArray(products.handle, part));
    for (const r of rowsFound) existing.add(r.handle);
  }
  const pictureUrls = [...new Set(okPlans.flatMap((p) => (p.pictures ?? []).map((pic) => pic.url)))];
  const stored = await storedPictures(db, pictureUrls);
  const byName = await categoriesByName(db);
  const dryCategories: DryRun['categories'] = [...categoryCounts.entries()].map(([key, c]) => {
    const name = c.kind === 'type' && c.value === '' ? NO_TYPE_CATEGORY : c.value;
    const found = byName.get(name.toLowerCase());
    const suggested: CategoryChoice = found
      ? { action: 'existing', categoryId: found.id, hsn: DEFAULT_HSN }
      : { action: c.kind === 'type' ? 'create' : 'skip', categoryId: null, hsn: DEFAULT_HSN };
    return { key, kind: c.kind, value: c.value, products: c.products, suggested, existingName: found?.name ?? null };
  });
  const dryRun: DryRun = {
    generation: map.generation,
    unknownColumns: map.ignored,
    options: [...options.values()].map((o) => ({ name: o.name, values: [...o.values], suggested: suggestedOption(o.name) })),
    categories: dryCategories.sort((a, b) => (a.kind === b.kind ? b.products - a.products : a.kind === 'type' ? -1 : 1)),
  };
  const summary = {
    products: okPlans.length,
    productsNew: okPlans.length - existing.size,
    productsUpdated: existing.size,
    variants: okPlans.reduce((n, p) => n + p.variants.length, 0),
    pictures: pictureUrls.length,
    picturesToDownload: pictureUrls.filter((u) => !stored.has(u)).length,
    categoriesToCreate: dryCategories.filter((c) => c.suggested.action === 'create').length,
    problemProducts: groups - okPlans.length,
  };
  const [row] = await db
    .insert(importJobs)
    .values({
      kind: 'products',
      status: 'queued',
      fileName: file.fileName,
      filePath: file.filePath,
      mapping: { dryRun } satisfies StoredMapping as Record<string, unknown>,
      rowsTotal,
      errorCount: problems.count,
      errors: problems.sorted(),
      summary,
      createdBy: file.userId,
    })
    .returning();
  return toImportJob(row);
}

const JOB_NOT_FOUND = 'Import not found';

/** GET /api/admin/import/products/{id}: one product import job; 404 when unknown. */
export async function getProductImport(db: Database, id: string): Promise<ImportJob> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.kind, 'products')));
  if (!row) throw notFound(JOB_NOT_FOUND);
  return toImportJob(row);
}

/** GET /api/admin/import/products: the latest product imports, newest first (the screen finds a running one after a reload). */
export async function listProductImports(db: Database): Promise<ImportJob[]> {
  const rows = await db.select().from(importJobs).where(eq(importJobs.kind, 'products')).orderBy(desc(importJobs.createdAt)).limit(10);
  return rows.map(toImportJob);
}

/**
 * POST /api/admin/import/products/{id}/start: records the owner's mapping on a dry-run job and
 * marks it running (audit row 'import.start' in the same transaction). Throws 404 for an unknown
 * job, 409 when it already started. The caller then runs it (`runProductImport`).
 */
export async function startProductImport(db: Database, id: string, mapping: ImportMapping, actor: AuditActor): Promise<ImportJob> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
  const row = await db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.kind, 'products')))
      .for('update');
    if (!job) throw notFound(JOB_NOT_FOUND);
    if (job.status !== 'queued') throw conflict('This import has already started');
    for (const [key, choice] of Object.entries(mapping.categories)) {
      if (choice.action === 'existing' && !(choice.categoryId && isUuid(choice.categoryId)))
        throw badRequest('Choose the category to use', { [`categories.${key}`]: 'Choose the category to use' });
    }
    const now = new Date();
    const [saved] = await tx
      .update(importJobs)
      .set({
        status: 'running',
        mapping: { ...(job.mapping as StoredMapping), confirmed: mapping, actor } satisfies StoredMapping,
        startedAt: now,
        heartbeatAt: now,
        rowsDone: 0,
        errorCount: 0,
        errors: [],
        summary: {},
      })
      .where(eq(importJobs.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'import.start',
      entity: 'import',
      entityId: id,
      summary: `Started importing ${job.fileName} (${job.summary.products ?? 0} products)`,
    });
    return saved;
  });
  return toImportJob(row);
}

/** An existing product as the import compares and merges it. */
interface Existing {
  id: string;
  title: string;
  description: string;
  isActive: boolean;
  isBestseller: boolean;
  hsn: string;
  colours: { name: string; swatch: string }[];
  categoryIds: string[];
  images: { url: string; alt: string; colour: string | null; publicId: string | null }[];
  variants: (typeof variants.$inferSelect)[];
}

async function loadExisting(db: Database, handles: string[]): Promise<Map<string, Existing>> {
  const rows = handles.length ? await db.select().from(products).where(inArray(products.handle, handles)) : [];
  const ids = rows.map((r) => r.id);
  const out = new Map<string, Existing>();
  if (!ids.length) return out;
  const vs = await db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.createdAt), asc(variants.id));
  const imgs = await db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position));
  const cats = await db
    .select()
    .from(productCategories)
    .where(inArray(productCategories.productId, ids))
    .orderBy(asc(productCategories.position));
  for (const r of rows) {
    out.set(r.handle, {
      id: r.id,
      title: r.title,
      description: r.description,
      isActive: r.isActive,
      isBestseller: r.isBestseller,
      hsn: r.hsn,
      colours: r.colours,
      categoryIds: cats.filter((c) => c.productId === r.id).map((c) => c.categoryId),
      images: imgs.filter((i) => i.productId === r.id).map((i) => ({ url: i.url, alt: i.alt, colour: i.colour, publicId: i.publicId })),
      variants: vs.filter((v) => v.productId === r.id),
    });
  }
  return out;
}

/** The product body a plan saves, merged with what the product has where the file is silent. */
function productBody(
  plan: ProductPlan,
  existing: Existing | undefined,
  categoryIds: string[],
  hsnDefault: string,
  pictures: { url: string; publicId: string | null; alt: string; colour: string | null }[] | null,
): ProductBody | string {
  const rowFor = (colour: string | null, size: string) => existing?.variants.find((v) => v.colour === colour && v.size === size);
  const fileVariants = plan.variants.map((v) => {
    const row = rowFor(v.colour, v.size);
    const pricePaise = v.pricePaise ?? row?.pricePaise ?? null;
    const compareAtPaise = v.pricePaise === null ? (row?.compareAtPaise ?? null) : v.compareAtPaise;
    return { v, row, pricePaise, compareAtPaise };
  });
  const noPrice = fileVariants.find((f) => f.pricePaise === null);
  if (noPrice) return `Price is missing for the new size on line ${noPrice.v.line}`;
  const hasColours = plan.colours.length > 0;
  const claimed = new Set(fileVariants.flatMap((f) => (f.row ? [f.row.id] : [])));
  // Sizes the file does not mention are kept as they are (same kind: with or without colours).
  const kept = (existing?.variants ?? []).filter((r) => !claimed.has(r.id) && (r.colour !== null) === hasColours);
  const colours = [...plan.colours, ...new Set(kept.flatMap((r) => (r.colour && !plan.colours.includes(r.colour) ? [r.colour] : [])))];
  const swatchOf = (name: string) => existing?.colours.find((c) => c.name === name)?.swatch ?? null;
  const images = (pictures ?? existing?.images ?? []).filter((p) => !p.colour || colours.includes(p.colour));
  return {
    title: plan.title,
    handle: plan.handle,
    description: plan.description ?? existing?.description ?? plan.title,
    categoryIds: categoryIds.length ? categoryIds : (existing?.categoryIds ?? []),
    images: images.map((p) => ({ url: p.url, alt: p.alt || null, colour: p.colour, publicId: p.publicId })),
    isBestseller: existing?.isBestseller ?? false,
    variantAttributes: hasColours ? ['Colour', 'Size'] : ['Size'],
    colours: colours.map((name) => ({ name, swatch: swatchOf(name) })),
    variants: [
      ...fileVariants.map(({ v, row, pricePaise, compareAtPaise }) => ({
        _id: row?.id ?? null,
        colour: v.colour,
        size: v.size,
        price: pricePaise! / 100,
        compareAtPrice: compareAtPaise === null ? null : compareAtPaise / 100,
        stockQty: v.stock ?? row?.stockQty ?? 0,
        stockLoaded: row ? row.stockQty : null,
        isActive: true,
        sku: v.sku ?? row?.sku ?? null,
      })),
      ...kept.map((r) => ({
        _id: r.id,
        colour: r.colour,
        size: r.size,
        price: r.pricePaise / 100,
        compareAtPrice: r.compareAtPaise === null ? null : r.compareAtPaise / 100,
        stockQty: r.stockQty,
        stockLoaded: r.stockQty,
        isActive: r.isActive,
        sku: r.sku,
      })),
    ],
    isActive: plan.isActive ?? existing?.isActive ?? true,
    stockNote: 'Shopify import',
    sizeChart: undefined,
    hsn: plan.hsn ?? existing?.hsn ?? hsnDefault,
  };
}

/** True when saving `body` would change nothing of `existing` (a second import of the same file). */
function unchanged(body: ProductBody, existing: Existing): boolean {
  const variant = (v: {
    colour: string | null;
    size: string;
    sku: string | null;
    price: number;
    compareAt: number | null;
    stock: number;
    isActive: boolean;
  }) => `${v.colour}|${v.size}|${v.sku}|${v.price}|${v.compareAt}|${v.stock}|${v.isActive}`;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (
    body.title === existing.title &&
    body.description === existing.description &&
    body.isActive === existing.isActive &&
    body.hsn === existing.hsn &&
    same(body.categoryIds, existing.categoryIds) &&
    same(
      body.colours.map((c) => c.name),
      existing.colours.map((c) => c.name),
    ) &&
    same(
      body.images.map((i) => [i.url, i.alt || body.title, i.colour]),
      existing.images.map((i) => [i.url, i.alt, i.colour]),
    ) &&
    same(
      body.variants
        .map((v) =>
          variant({
            ...v,
            price: Math.round(v.price * 100),
            compareAt: v.compareAtPrice === null ? null : Math.round(v.compareAtPrice * 100),
            stock: v.stockQty,
          }),
        )
        .sort(),
      existing.variants
        .map((v) =>
          variant({
            colour: v.colour,
            size: v.size,
            sku: v.sku,
            price: v.pricePaise,
            compareAt: v.compareAtPaise,
            stock: v.stockQty,
            isActive: v.isActive,
          }),
        )
        .sort(),
    )
  );
}

/** Creates the categories the mapping asks for (or finds them by name); answers category key -> id. */
async function mappedCategories(db: Database, dryRun: DryRun, mapping: ImportMapping, actor: AuditActor): Promise<Map<string, string>> {
  const byName = await categoriesByName(db);
  const out = new Map<string, string>();
  for (const c of dryRun.categories) {
    const choice = mapping.categories[c.key] ?? c.suggested;
    if (choice.action === 'existing' && choice.categoryId) out.set(c.key, choice.categoryId);
    if (choice.action !== 'create') continue;
    const name = (c.kind === 'type' && c.value === '' ? NO_TYPE_CATEGORY : c.value).slice(0, 80);
    const found = byName.get(name.toLowerCase());
    if (found) {
      out.set(c.key, found.id);
      continue;
    }
    try {
      const saved = await createCategory(db, { name, parentId: null, description: null, isActive: true, sizeChart: undefined }, { actor });
      byName.set(name.toLowerCase(), { id: saved._id, name });
      out.set(c.key, saved._id);
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
      const again = (await categoriesByName(db)).get(name.toLowerCase());
      if (again) out.set(c.key, again.id);
    }
  }
  return out;
}

/** How long a dry run waits for the owner to start it before its file is deleted. */
export const DRY_RUN_KEPT_MS = 24 * 60 * 60_000;
/** The problem an expired dry run shows. */
export const DRY_RUN_EXPIRED = 'This dry run was not started within a day, so its file was deleted: upload the file again.';

/**
 * Ends dry runs (import jobs still 'queued') older than DRY_RUN_KEPT_MS: each becomes
 * 'failed' with DRY_RUN_EXPIRED and its uploaded file is deleted, so files the owner abandoned do not
 * pile up in the data folder. The conditional update makes it safe against a start at the same
 * moment (the start locks the row and needs 'queued'). Answers how many ended.
 */
export async function expireDryRuns(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .update(importJobs)
    .set({
      status: 'failed',
      finishedAt: now,
      errorCount: sql`${importJobs.errorCount} + 1`,
      errors: sql`${importJobs.errors} || ${JSON.stringify([{ line: 0, column: '', message: DRY_RUN_EXPIRED }])}::jsonb`,
    })
    .where(and(eq(importJobs.status, 'queued'), lt(importJobs.createdAt, new Date(now.getTime() - DRY_RUN_KEPT_MS))))
    .returning({ filePath: importJobs.filePath });
  for (const r of rows) if (r.filePath) await unlink(r.filePath).catch(() => undefined);
  return rows.length;
}

/** Claims running product jobs whose heartbeat stopped (their process ended): answers their ids. */
export async function claimStaleImports(db: Database, now = new Date()): Promise<string[]> {
  const rows = await db
    .update(importJobs)
    .set({ heartbeatAt: now })
    .where(
      and(
        eq(importJobs.kind, 'products'),
        eq(importJobs.status, 'running'),
        lt(importJobs.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
    .returning({ id: importJobs.id });
  return rows.map((r) => r.id);
}

/**
 * Runs a started job to its end (see the module comment): products with problems are left out and
 * reported; pictures are downloaded a few at a time; a job already partly done goes on after the
 * rows it finished. Ends 'done' with `summary` (productsCreated, productsUpdated, productsUnchanged,
 * variants, picturesDownloaded, picturesReused, picturesFailed, categoriesCreated, problemProducts)
 * and the audit row 'import.finish', or 'failed' with the reason as its last problem. The file is
 * removed either way. Never throws.
 */
export async function runProductImport(deps: ImportDeps, id: string): Promise<void> {
  const { db, log } = deps;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job || job.status !== 'running') return;
  const stored = job.mapping as StoredMapping;
  const actor = stored.actor!;
  const problems = new ProblemList();
  for (const p of job.errors) problems.add(p);
  problems.count = job.errorCount;
  const summary: Record<string, number> = {
    productsCreated: 0,
    productsUpdated: 0,
    productsUnchanged: 0,
    variants: 0,
    picturesDownloaded: 0,
    picturesReused: 0,
    picturesFailed: 0,
    categoriesCreated: 0,
    problemProducts: 0,
    ...job.summary,
  };
  let rowsDone = job.rowsDone;
  const finish = async (status: 'done' | 'failed') => {
    await db.transaction(async (tx) => {
      await tx
        .update(importJobs)
        .set({
          status,
          rowsDone,
          errorCount: problems.count,
          errors: problems.sorted(),
          summary,
          finishedAt: new Date(),
          heartbeatAt: new Date(),
        })
        .where(eq(importJobs.id, id));
      await recordAudit(tx, actor, {
        action: 'import.finish',
        entity: 'import',
        entityId: id,
        summary:
          status === 'done'
            ? `Imported ${job.fileName}: ${summary.productsCreated} created, ${summary.productsUpdated} updated, ${summary.productsUnchanged} unchanged, ${summary.problemProducts} with problems`
            : `Import of ${job.fileName} stopped`,
        changes: Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, { before: null, after: v }])),
      });
    });
    await unlink(job.filePath).catch(() => undefined);
  };
  try {
    const mapping = stored.confirmed ?? { options: {}, categories: {} };
    const before = (await categoriesByName(db)).size;
    const categoryIds = await mappedCategories(db, stored.dryRun!, mapping, actor);
    summary.categoriesCreated += (await categoriesByName(db)).size - before;
    const { map, rows } = await openFile(job.filePath);
    const skuSeen = new Map<string, number>();
    const limit = pLimit(PICTURE_CONCURRENCY);
    const downloads = new Map<string, Promise<StoredPicture | PictureError>>();
    let rowsSeen = 0;
    let batch: ProductPlan[] = [];
    const flush = async () => {
      if (batch.length)
        await writeBatch(deps, batch, { actor, fileName: job.fileName, map, mapping, categoryIds, problems, summary, limit, downloads });
      for (const plan of batch) rowsDone = Math.max(rowsDone, plan.lastLine - 1);
      batch = [];
      await db
        .update(importJobs)
        .set({ rowsDone, errorCount: problems.count, errors: problems.sorted(), summary, heartbeatAt: new Date() })
        .where(eq(importJobs.id, id));
      await pause();
    };
    let planned = 0;
    for await (const group of groupsByHandle(rows, map, (p) => (p.line - 1 > job.rowsDone ? problems.add(p) : undefined))) {
      if (++planned % PLAN_BETWEEN_PAUSES === 0) await pause();
      rowsSeen = group[group.length - 1].line - 1;
      const { plan, problems: found } = planProduct(group, map, mapping);
      if (rowsSeen <= job.rowsDone) {
        if (plan) skuClashes(plan, skuSeen);
        continue;
      }
      problems.add(...found);
      if (!plan) {
        summary.problemProducts++;
        rowsDone = rowsSeen;
        continue;
      }
      const clash = skuClashes(plan, skuSeen);
      if (clash.length) {
        problems.add(...clash);
        summary.problemProducts++;
        continue;
      }
      batch.push(plan);
      if (batch.length >= BATCH_PRODUCTS) await flush();
    }
    await flush();
    rowsDone = job.rowsTotal;
    await finish('done');
  } catch (err) {
    log.error({ err, importJob: id }, 'product import stopped');
    problems.add({
      line: 0,
      column: '',
      message: `The import stopped: ${err instanceof AppError ? err.message : 'an unexpected error (see the server log)'}`,
    });
    await finish('failed').catch((e: unknown) => log.error({ err: e }, 'could not record the failed import'));
  }
}

interface BatchContext {
  actor: AuditActor;
  fileName: string;
  map: ColumnMap;
  mapping: ImportMapping;
  categoryIds: Map<string, string>;
  problems: ProblemList;
  summary: Record<string, number>;
  limit: ReturnType<typeof pLimit>;
  downloads: Map<string, Promise<StoredPicture | PictureError>>;
}

/** Writes one batch of plans: database problems first, then pictures, then one save per product. */
async function writeBatch(deps: ImportDeps, plans: ProductPlan[], ctx: BatchContext): Promise<void> {
  const { db, mediaStore } = deps;
  const { problems, summary } = ctx;
  const fromDb = await databaseProblems(db, plans);
  for (const [, list] of fromDb) {
    problems.add(...list);
    summary.problemProducts++;
  }
  const ok = plans.filter((p) => !fromDb.has(p));
  const existing = await loadExisting(
    db,
    ok.map((p) => p.handle),
  );
  const urls = [...new Set(ok.flatMap((p) => (p.pictures ?? []).map((pic) => pic.url)))];
  const known = await storedPictures(db, urls);
  for (const url of urls) {
    if (known.has(url) || ctx.downloads.has(url)) continue;
    ctx.downloads.set(
      url,
      ctx
        .limit(() => downloadPicture(mediaStore, url, { timeoutMs: deps.pictureTimeoutMs, privateHosts: deps.privatePictureHosts }))
        .catch((err: unknown) => (err instanceof PictureError ? err : new PictureError('the download failed'))),
    );
  }
  const fresh: { plan: ProductPlan; body: ProductBody }[] = [];
  for (const plan of ok) {
    let pictures: { url: string; publicId: string | null; alt: string; colour: string | null }[] | null = null;
    if (plan.pictures) {
      pictures = [];
      for (const pic of plan.pictures) {
        const reuse = known.get(pic.url);
        const got = reuse ?? (await ctx.downloads.get(pic.url)!);
        if (got instanceof PictureError) {
          summary.picturesFailed++;
          problems.add({
            line: pic.line,
            column: ctx.map.columns.imageUrl ?? 'Product image URL',
            message: `Picture ${pic.url} was left out: ${got.message}`,
          });
          continue;
        }
        if (reuse) summary.picturesReused++;
        else summary.picturesDownloaded++;
        known.set(pic.url, got);
        pictures.push({ url: got.url, publicId: got.publicId, alt: pic.alt, colour: pic.colour });
      }
    }
    const keys = plan.categoryKeys ?? [];
    const typeChoice = ctx.mapping.categories[keys[0] ?? typeKey('')];
    const current = existing.get(plan.handle);
    let ids = keys.filter((k) => k !== typeKey('')).flatMap((k) => (ctx.categoryIds.has(k) ? [ctx.categoryIds.get(k)!] : []));
    // Nothing mapped: the category of products without a Type (an existing product keeps its own when the file has no Type or Tags).
    if (!ids.length && (plan.categoryKeys || !current)) ids = ctx.categoryIds.has(typeKey('')) ? [ctx.categoryIds.get(typeKey(''))!] : [];
    const body = productBody(plan, current, [...new Set(ids)].slice(0, 20), typeChoice?.hsn ?? DEFAULT_HSN, pictures);
    if (typeof body === 'string') {
      problems.add({ line: plan.line, column: ctx.map.columns.price ?? 'Price', message: body });
      summary.problemProducts++;
      continue;
    }
    if (body.categoryIds.length === 0) {
      problems.add({
        line: plan.line,
        column: ctx.map.columns.type ?? 'Type',
        message: 'This product has no category: give it a Type, or map its Type or a Tag to a category',
      });
      summary.problemProducts++;
      continue;
    }
    if (current && unchanged(body, current)) {
      summary.productsUnchanged++;
      continue;
    }
    if (!current && deps.bulkCreate !== false) fresh.push({ plan, body });
    else await saveOne(deps, plan, body, current, ctx);
  }
  if (fresh.length === 0) return;
  try {
    const created = await createProducts(
      db,
      fresh.map((f) => f.body),
      {
        actor: ctx.actor,
        stockReason: 'import',
        summary: `Imported ${fresh.length} new ${fresh.length === 1 ? 'product' : 'products'} from ${ctx.fileName} (lines ${fresh[0].plan.line}-${fresh.at(-1)!.plan.lastLine})`,
      },
    );
    summary.productsCreated += created.products;
    summary.variants += created.variants;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A handle or SKU taken meanwhile: the batch again product by product, each refusal on its own line.
    for (const f of fresh) await saveOne(deps, f.plan, f.body, undefined, ctx);
  }
}

/** Saves one product through the catalogue's own save (an update, or a create the bulk path refused); a refusal becomes the product's problem. */
async function saveOne(
  deps: ImportDeps,
  plan: ProductPlan,
  body: ProductBody,
  current: Existing | undefined,
  ctx: BatchContext,
): Promise<void> {
  try {
    if (current) await updateProduct(deps.db, current.id, body, { actor: ctx.actor, stockReason: 'import' });
    else await createProduct(deps.db, body, { actor: ctx.actor, stockReason: 'import' });
    ctx.summary[current ? 'productsUpdated' : 'productsCreated']++;
    ctx.summary.variants += body.variants.length;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.problems.add({ line: plan.line, column: ctx.map.columns.handle ?? 'URL handle', message: err.message });
    ctx.summary.problemProducts++;
  }
}
