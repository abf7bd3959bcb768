/**
 * Shopify's product CSV columns, the one list the import reads and the export writes
 * (docs/architecture.md#moving-in-from-shopify). Shopify has exported two header generations: the
 * current one ("URL handle", "Description", "SKU", "Option1 name", "Price", "Product image URL",
 * ...) and the older one ("Handle", "Body (HTML)", "Variant SKU", "Option1 Name", "Variant Price",
 * "Image Src", ...), per Shopify's help page "Using CSV files to import and export products"
 * (help.shopify.com/en/manual/products/import-export/using-csv). Headers are matched by name,
 * ignoring letter case and surrounding blanks; their order does not matter.
 */

/** The fields the import reads, each with its current and its older header. */
export const SHOPIFY_FIELDS = {
  handle: ['URL handle', 'Handle'],
  title: ['Title', 'Title'],
  description: ['Description', 'Body (HTML)'],
  type: ['Type', 'Type'],
  tags: ['Tags', 'Tags'],
  published: ['Published on online store', 'Published'],
  status: ['Status', 'Status'],
  sku: ['SKU', 'Variant SKU'],
  option1Name: ['Option1 name', 'Option1 Name'],
  option1Value: ['Option1 value', 'Option1 Value'],
  option2Name: ['Option2 name', 'Option2 Name'],
  option2Value: ['Option2 value', 'Option2 Value'],
  option3Name: ['Option3 name', 'Option3 Name'],
  option3Value: ['Option3 value', 'Option3 Value'],
  price: ['Price', 'Variant Price'],
  compareAtPrice: ['Compare-at price', 'Variant Compare At Price'],
  inventoryQuantity: ['Inventory quantity', 'Variant Inventory Qty'],
  imageUrl: ['Product image URL', 'Image Src'],
  imagePosition: ['Image position', 'Image Position'],
  imageAlt: ['Image alt text', 'Image Alt Text'],
  variantImageUrl: ['Variant image URL', 'Variant Image'],
} as const;
export type ShopifyField = keyof typeof SHOPIFY_FIELDS;

/** The header of the HSN code when the shop kept it in a product metafield (e.g. "HSN code (product.metafields.custom.hsn)"). */
export const HSN_COLUMN = 'HSN code (product.metafields.custom.hsn)';
const isHsnColumn = (name: string) => /^hsn\b/i.test(name) || /metafields\.[\w.-]*hsn/i.test(name);

/** The columns an export writes, in Shopify's current order (the import reads them back). */
export const SHOPIFY_EXPORT_COLUMNS: readonly string[] = [
  ...(['title', 'handle', 'description', 'type', 'tags', 'published', 'status', 'sku'] as const).map((f) => SHOPIFY_FIELDS[f][0]),
  ...(['option1Name', 'option1Value', 'option2Name', 'option2Value', 'option3Name', 'option3Value'] as const).map(
    (f) => SHOPIFY_FIELDS[f][0],
  ),
  ...(['price', 'compareAtPrice', 'inventoryQuantity', 'imageUrl', 'imagePosition', 'imageAlt', 'variantImageUrl'] as const).map(
    (f) => SHOPIFY_FIELDS[f][0],
  ),
  HSN_COLUMN,
];

/** The columns without which a file is not a Shopify product CSV. */
const REQUIRED: readonly ShopifyField[] = ['handle', 'title'];

/** How a file's header maps to the fields. */
export interface ColumnMap {
  generation: 'current' | 'older';
  /** The file's own header for each field it has. */
  columns: Partial<Record<ShopifyField, string>>;
  /** The file's HSN metafield header, when it has one. */
  hsnColumn: string | null;
  /** Headers the import does not read (other Shopify columns too), in file order. */
  ignored: string[];
  /** Required fields the header lacks, named as Shopify's current export does (older name in brackets). */
  missing: string[];
}

const norm = (name: string) => name.trim().toLowerCase();

/**
 * Matches `header` (a CSV's first row) to the fields. The generation is 'current' when the file says
 * "URL handle", else 'older'. A header of either generation is read wherever it appears.
 */
export function mapColumns(header: readonly string[]): ColumnMap {
  const byName = new Map<string, string>();
  for (const name of header) if (name.trim() && !byName.has(norm(name))) byName.set(norm(name), name);
  const columns: Partial<Record<ShopifyField, string>> = {};
  const used = new Set<string>();
  for (const [field, names] of Object.entries(SHOPIFY_FIELDS) as [ShopifyField, readonly [string, string]][]) {
    const found = names.map((n) => byName.get(norm(n))).find((n) => n !== undefined);
    if (found) {
      columns[field] = found;
      used.add(found);
    }
  }
  const hsnColumn = header.find((name) => isHsnColumn(name.trim())) ?? null;
  if (hsnColumn) used.add(hsnColumn);
  const missing = REQUIRED.filter((f) => !columns[f]).map((f) => {
    const [current, older] = SHOPIFY_FIELDS[f];
    return current === older ? current : `${current} (or ${older})`;
  });
  return {
    generation: byName.has(norm('URL handle')) ? 'current' : 'older',
    columns,
    hsnColumn,
    ignored: header.filter((name) => name.trim() !== '' && !used.has(name)),
    missing,
  };
}
