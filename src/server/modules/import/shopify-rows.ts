/**
 * Shopify product rows to the products they describe (docs/architecture.md#moving-in-from-shopify),
 * without the database: rows are grouped by handle, the first row of a handle carries the product,
 * later rows a variant or only a picture; up to three options, each mapped to Colour, Size or
 * ignored ("Title" / "Default Title" means no options); prices are read as exact paise from text;
 * the description's HTML becomes the plain text the storefront shows. Every problem names its line
 * and column, and a product with any problem is left out whole, so a fixed file imports it on the
 * next run.
 */
import { convert } from 'html-to-text';
import { COLOUR_NAME_MAX, MAX_COLOURS, colourSlug } from '../../../core/colours';
import { SIZES } from '../../../core/constants';
import { HANDLE_MAX, HANDLE_PATTERN } from '../../../core/handles';
import { paiseFromRupeeText } from '../../../core/money';
import { MAX_PRICE_RUPEES, MAX_PRODUCT_IMAGES, MAX_STOCK_QTY } from '../../../core/schemas/admin-catalog';
import type { ImportMapping, ImportProblem, OptionTarget } from '../../../core/schemas/import';
import type { CsvRow } from './csv';
import { SHOPIFY_FIELDS, type ColumnMap, type ShopifyField } from './shopify-columns';

/** Longest description kept (the product form's limit). */
export const DESCRIPTION_MAX = 5000;

export interface PlannedVariant {
  line: number;
  colour: string | null;
  size: string;
  /** Upper-cased; null: keep the variant's own or generate one. */
  sku: string | null;
  /** Null when the file has no price column (an existing variant keeps its price). */
  pricePaise: number | null;
  compareAtPaise: number | null;
  /** Null when the file has no quantity column (an existing variant keeps its stock). */
  stock: number | null;
}

export interface PlannedPicture {
  line: number;
  url: string;
  alt: string;
  /** The colour it shows; null for every colour. */
  colour: string | null;
}

/** One product as the file describes it; null fields are columns the file does not have. */
export interface ProductPlan {
  handle: string;
  /** The line of its first row. */
  line: number;
  /** The last line of its rows (progress counts rows). */
  lastLine: number;
  rows: number;
  title: string;
  description: string | null;
  isActive: boolean | null;
  /** Category source keys ('type:kurtas', 'tag:summer'), Type first; null when the file has neither column. */
  categoryKeys: string[] | null;
  hsn: string | null;
  colours: string[];
  variants: PlannedVariant[];
  /** Null when the file has no picture column. */
  pictures: PlannedPicture[] | null;
  /** Pictures beyond five per colour (and five for all), left out. */
  picturesDropped: number;
}

/** The option targets a name gets unless the owner maps it otherwise. */
export function suggestedOption(name: string): OptionTarget {
  const n = name.trim().toLowerCase();
  if (['color', 'colour', 'colors', 'colours', 'shade'].includes(n)) return 'colour';
  if (['size', 'sizes'].includes(n)) return 'size';
  return 'ignore';
}

/** The category source key of a Type (blank: products without a Type) or a Tag. */
export const typeKey = (type: string) => `type:${type.trim().toLowerCase()}`;
export const tagKey = (tag: string) => `tag:${tag.trim().toLowerCase()}`;

/** The Tags cell's tags, trimmed, without blanks or repeats. */
export function splitTags(cell: string): string[] {
  const seen = new Set<string>();
  return cell
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

const SIZE_WORDS: Record<string, string> = {
  'extra small': 'XS',
  'x-small': 'XS',
  xsmall: 'XS',
  small: 'S',
  medium: 'M',
  large: 'L',
  'extra large': 'XL',
  'x-large': 'XL',
  xlarge: 'XL',
  'xx-large': 'XXL',
  xxlarge: 'XXL',
  '2xl': 'XXL',
  'extra extra large': 'XXL',
};

/** A Size value as one of XS..XXL ("Small" -> S, "2XL" -> XXL), or null. */
export function normaliseSize(value: string): string | null {
  const v = value.trim();
  const upper = v.toUpperCase();
  if ((SIZES as readonly string[]).includes(upper)) return upper;
  return SIZE_WORDS[v.toLowerCase()] ?? null;
}

/**
 * Shopify's description HTML as the storefront's plain text: paragraphs apart by a blank line,
 * list items as "• " lines, links as their text, no images or scripts; at most DESCRIPTION_MAX
 * characters.
 */
export function descriptionText(html: string): string {
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: '• ' } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > DESCRIPTION_MAX ? text.slice(0, DESCRIPTION_MAX).trimEnd() : text;
}

const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/;
const TRUE_WORDS = new Set(['true', 'yes', '1']);

/** Reads cells by field through the file's own headers. */
function reader(map: ColumnMap) {
  const has = (f: ShopifyField) => map.columns[f] !== undefined;
  const cell = (row: CsvRow, f: ShopifyField) => (has(f) ? (row.cells[map.columns[f]!] ?? '').trim() : '');
  const col = (f: ShopifyField) => map.columns[f] ?? SHOPIFY_FIELDS[f][map.generation === 'current' ? 0 : 1];
  return { has, cell, col };
}

/** A row that names any option value, SKU or price is a variant; one with only a picture is a picture row. */
function isVariantRow(row: CsvRow, cell: (row: CsvRow, f: ShopifyField) => string): boolean {
  return ['option1Value', 'option2Value', 'option3Value', 'sku', 'price'].some((f) => cell(row, f as ShopifyField) !== '');
}

export interface GroupResult {
  plan: ProductPlan | null;
  problems: ImportProblem[];
  /** Option names the group uses with its values (for the dry run's mapping). */
  options: { name: string; values: string[] }[];
}

/**
 * One handle's rows (in file order) as a product plan, or its problems (then `plan` is null).
 * `mapping.options` maps lower-cased option names; unmapped names get `suggestedOption`.
 */
export function planProduct(rows: readonly CsvRow[], map: ColumnMap, mapping: Pick<ImportMapping, 'options'>): GroupResult {
  const { has, cell, col } = reader(map);
  const problems: ImportProblem[] = [];
  /** Records a problem; answers false (the row is not ok). `field` is a field or the file's own header. */
  const problem = (line: number, field: string, message: string): false => {
    problems.push({ line, column: field in SHOPIFY_FIELDS ? col(field as ShopifyField) : field, message });
    return false;
  };
  const first = rows[0];
  const handle = cell(first, 'handle').toLowerCase();
  if (!handle) problem(first.line, 'handle', 'URL handle is missing');
  else if (handle.length > HANDLE_MAX || !HANDLE_PATTERN.test(handle))
    problem(first.line, 'handle', `URL handle "${handle}" may use lower-case letters, digits and single hyphens only`);
  const title = cell(first, 'title');
  if (!title) problem(first.line, 'title', 'Title is missing on the first row of this product');
  else if (title.length > 200) problem(first.line, 'title', 'Title is longer than 200 characters');

  // Options: named on the first row; "Title" / "Default Title" is Shopify's product without options.
  const slots = ([1, 2, 3] as const).flatMap((n) => {
    const name = cell(first, `option${n}Name`);
    if (!name) return [];
    if (n === 1 && name.toLowerCase() === 'title' && cell(first, 'option1Value').toLowerCase() === 'default title') return [];
    const target = mapping.options[name.toLowerCase()] ?? suggestedOption(name);
    return [{ n, name, target, valueField: `option${n}Value` as ShopifyField, nameField: `option${n}Name` as ShopifyField }];
  });
  const variantRows = rows.filter((r, i) => i === 0 || isVariantRow(r, cell));
  const options = slots.map((s) => ({ name: s.name, values: [...new Set(variantRows.map((r) => cell(r, s.valueField)).filter(Boolean))] }));
  for (const target of ['colour', 'size'] as const) {
    const mapped = slots.filter((s) => s.target === target);
    if (mapped.length > 1)
      problem(
        first.line,
        mapped[1].nameField,
        `Options "${mapped[0].name}" and "${mapped[1].name}" both map to ${target === 'colour' ? 'Colour' : 'Size'}`,
      );
  }
  slots.forEach((s, i) => {
    if (s.target === 'ignore' && options[i].values.length > 1) {
      problem(
        first.line,
        s.nameField,
        `Option "${s.name}" has several values (${options[i].values.slice(0, 4).join(', ')}); this shop has Colour and Size only: map it to one of them or remove it`,
      );
    }
  });
  const colourSlot = slots.find((s) => s.target === 'colour');
  const sizeSlot = slots.find((s) => s.target === 'size');
  if (!sizeSlot) problem(first.line, 'option1Name', 'This product has no Size option: every product here comes in sizes XS to XXL');

  const variants: PlannedVariant[] = [];
  const combos = new Map<string, number>();
  const variantImage = new Map<PlannedVariant, string>();
  for (const row of variantRows) {
    const colourValue = colourSlot ? cell(row, colourSlot.valueField) : '';
    const sizeValue = sizeSlot ? cell(row, sizeSlot.valueField) : '';
    let ok = true;
    if (colourSlot && !colourValue)
      ok = problem(row.line, colourSlot.valueField, `Option${colourSlot.n} value (${colourSlot.name}) is missing`);
    else if (colourValue.length > COLOUR_NAME_MAX || (colourSlot && colourSlug(colourValue) === ''))
      ok = problem(
        row.line,
        colourSlot!.valueField,
        `Colour "${colourValue}" needs a letter or digit and at most ${COLOUR_NAME_MAX} characters`,
      );
    const size = sizeSlot ? normaliseSize(sizeValue) : null;
    if (sizeSlot && !sizeValue) ok = problem(row.line, sizeSlot.valueField, `Option${sizeSlot.n} value (${sizeSlot.name}) is missing`);
    else if (sizeSlot && !size) ok = problem(row.line, sizeSlot.valueField, `Size "${sizeValue}" is not one of ${SIZES.join(', ')}`);

    let pricePaise: number | null = null;
    if (has('price')) {
      const text = cell(row, 'price');
      pricePaise = paiseFromRupeeText(text);
      if (!text) ok = problem(row.line, 'price', 'Price is missing');
      else if (pricePaise === null)
        ok = problem(row.line, 'price', `Price "${text}" is not a number of rupees like 1299.90 (no commas or ₹)`);
      else if (pricePaise <= 0 || pricePaise > MAX_PRICE_RUPEES * 100)
        ok = problem(row.line, 'price', `Price must be above ₹0 and at most ₹${MAX_PRICE_RUPEES.toLocaleString('en-IN')}`);
    }
    let compareAtPaise: number | null = null;
    const compareText = cell(row, 'compareAtPrice');
    if (compareText) {
      compareAtPaise = paiseFromRupeeText(compareText);
      if (compareAtPaise === null || compareAtPaise > MAX_PRICE_RUPEES * 100)
        ok = problem(row.line, 'compareAtPrice', `Compare-at price "${compareText}" is not a number of rupees like 1599.00`);
      // Shopify keeps a compare-at price at or below the price and does not show it; neither do we.
      else if (pricePaise !== null && compareAtPaise <= pricePaise) compareAtPaise = null;
    }
    let stock: number | null = null;
    if (has('inventoryQuantity')) {
      const text = cell(row, 'inventoryQuantity');
      if (text && !/^-?\d+$/.test(text)) ok = problem(row.line, 'inventoryQuantity', `Inventory quantity "${text}" is not a whole number`);
      else if (Number(text) > MAX_STOCK_QTY)
        ok = problem(row.line, 'inventoryQuantity', `Inventory quantity cannot exceed ${MAX_STOCK_QTY}`);
      // Shopify lets a size that keeps selling go below 0; here stock stops at 0.
      else stock = Math.max(0, Number(text || '0'));
    }
    const skuText = cell(row, 'sku').toUpperCase();
    if (skuText && (skuText.length > 64 || !SKU_PATTERN.test(skuText)))
      ok = problem(row.line, 'sku', `SKU "${skuText}" may use letters, digits, dot, dash and underscore only (at most 64)`);
    if (!ok || !sizeSlot || !size) continue;
    const colour = colourSlot ? colourValue : null;
    const combo = `${colour ?? ''}\u0000${size}`;
    if (combos.has(combo)) {
      problem(row.line, sizeSlot.valueField, `${colour ? `${colour} / ` : ''}${size} already appears on line ${combos.get(combo)}`);
      continue;
    }
    combos.set(combo, row.line);
    const variant: PlannedVariant = { line: row.line, colour, size, sku: skuText || null, pricePaise, compareAtPaise, stock };
    variants.push(variant);
    const image = cell(row, 'variantImageUrl');
    if (image) variantImage.set(variant, image);
  }
  const skus = new Map<string, number>();
  for (const v of variants) {
    if (!v.sku) continue;
    if (skus.has(v.sku)) problem(v.line, 'sku', `SKU ${v.sku} already appears on line ${skus.get(v.sku)}`);
    skus.set(v.sku, v.line);
  }
  const colours = [...new Set(variants.flatMap((v) => (v.colour ? [v.colour] : [])))];
  if (colours.length > MAX_COLOURS)
    problem(first.line, colourSlot!.valueField, `This product has ${colours.length} colours; at most ${MAX_COLOURS}`);

  // Pictures: every row's image, positioned; a variant's image gives that picture its colour.
  const { pictures, dropped } = planPictures(rows, variants, variantImage, map, problem);

  let hsn: string | null = null;
  if (map.hsnColumn) {
    const text = (first.cells[map.hsnColumn] ?? '').trim();
    if (text && !/^(\d{4}|\d{6}|\d{8})$/.test(text)) problem(first.line, map.hsnColumn, `HSN code "${text}" must be 4, 6 or 8 digits`);
    else hsn = text || null;
  }
  const statusText = cell(first, 'status').toLowerCase();
  const publishedText = cell(first, 'published').toLowerCase();
  const isActive =
    has('status') || has('published')
      ? (!has('status') || statusText === '' || statusText === 'active') &&
        (!has('published') || publishedText === '' || TRUE_WORDS.has(publishedText))
      : null;
  const categoryKeys = has('type') || has('tags') ? [typeKey(cell(first, 'type')), ...splitTags(cell(first, 'tags')).map(tagKey)] : null;
  const descriptionHtml = has('description') ? cell(first, 'description') : null;
  const plan: ProductPlan = {
    handle,
    line: first.line,
    lastLine: rows[rows.length - 1].line,
    rows: rows.length,
    title,
    description: descriptionHtml === null ? null : descriptionText(descriptionHtml) || title,
    isActive,
    categoryKeys,
    hsn,
    colours,
    variants,
    pictures: has('imageUrl') || has('variantImageUrl') ? pictures : null,
    picturesDropped: dropped,
  };
  if (variants.length === 0 && problems.length === 0) problem(first.line, 'option1Value', 'This product has no variant rows');
  return { plan: problems.length ? null : plan, problems, options };
}

const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url);

/**
 * The product's pictures in Image position order (rows without a position after, in file order),
 * each once; a variant's image (by URL) belongs to its colour, the first colour that names it. At
 * most MAX_PRODUCT_IMAGES per colour and for all; the rest are counted in `dropped`.
 */
function planPictures(
  rows: readonly CsvRow[],
  variants: PlannedVariant[],
  variantImage: Map<PlannedVariant, string>,
  map: ColumnMap,
  problem: (line: number, field: ShopifyField, message: string) => false,
): { pictures: PlannedPicture[]; dropped: number } {
  const { cell } = reader(map);
  const listed: { line: number; url: string; alt: string; position: number; order: number }[] = [];
  rows.forEach((row, order) => {
    const url = cell(row, 'imageUrl');
    if (!url) return;
    if (!isWebAddress(url)) {
      problem(row.line, 'imageUrl', 'Picture address must start with http:// or https://');
      return;
    }
    const position = Number(cell(row, 'imagePosition'));
    listed.push({
      line: row.line,
      url,
      alt: cell(row, 'imageAlt'),
      position: Number.isInteger(position) && position > 0 ? position : Infinity,
      order,
    });
  });
  listed.sort((a, b) => a.position - b.position || a.order - b.order);
  const byUrl = new Map<string, PlannedPicture>();
  for (const p of listed) if (!byUrl.has(p.url)) byUrl.set(p.url, { line: p.line, url: p.url, alt: p.alt, colour: null });
  for (const v of variants) {
    const url = variantImage.get(v);
    if (!url) continue;
    if (!isWebAddress(url)) {
      problem(v.line, 'variantImageUrl', 'Picture address must start with http:// or https://');
      continue;
    }
    const picture = byUrl.get(url) ?? { line: v.line, url, alt: '', colour: null };
    if (picture.colour === null && v.colour) picture.colour = v.colour;
    byUrl.set(url, picture);
  }
  const perColour = new Map<string | null, number>();
  const pictures: PlannedPicture[] = [];
  let dropped = 0;
  for (const picture of byUrl.values()) {
    const n = (perColour.get(picture.colour) ?? 0) + 1;
    perColour.set(picture.colour, n);
    if (n > MAX_PRODUCT_IMAGES) dropped++;
    else pictures.push(picture);
  }
  return { pictures, dropped };
}

/**
 * Groups a file's rows by handle as they come: yields each handle's rows once the next handle
 * starts. Rows of a handle seen before (another product's rows in between) are a handle clash:
 * reported on `clash` and left out, the product keeps its first block.
 */
export async function* groupsByHandle(
  rows: AsyncIterable<CsvRow>,
  map: ColumnMap,
  clash: (problem: ImportProblem) => void,
): AsyncGenerator<CsvRow[]> {
  const { cell, col } = reader(map);
  const seen = new Map<string, number>();
  let current: CsvRow[] = [];
  let currentHandle = '';
  for await (const row of rows) {
    const handle = cell(row, 'handle').toLowerCase();
    if (current.length && handle === currentHandle) {
      current.push(row);
      continue;
    }
    if (current.length) yield current;
    current = [];
    if (seen.has(handle)) {
      clash({
        line: row.line,
        column: col('handle'),
        message: `Handle "${handle}" already appeared from line ${seen.get(handle)} with other products in between; keep a product's rows together`,
      });
      currentHandle = '\u0000clash';
      continue;
    }
    seen.set(handle, row.line);
    currentHandle = handle;
    current = [row];
  }
  if (current.length) yield current;
}
