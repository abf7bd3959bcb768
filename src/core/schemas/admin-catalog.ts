/**
 * Admin catalogue forms and API bodies: the category form
 * (POST /api/categories, PUT /api/categories/{id}) and the product form (POST /api/products,
 * PUT /api/products/{id}). One schema per form, used by the admin screens and by the server, so
 * both show the spec's messages. Prices are rupees here (decimals, step 0.01); the server stores
 * paise. Toggling re-sends the whole record as the admin list answered it, so populated references
 * ({_id, name}) are accepted where an id is expected and unknown fields are ignored.
 */
import { z } from 'zod';
import { COLOUR_NAME_MAX, MAX_COLOURS, colourSlug, type ColourOption } from '../colours';
import { HEX_SWATCH, swatchFor } from '../swatches';
import { SIZES } from '../constants';
import { HANDLE_INVALID, HANDLE_MAX, HANDLE_PATTERN } from '../handles';
import { STOCK_NOTE_MAX } from './inventory';
import { sizeChartField } from './size-chart';
import type { adminCategorySchema, savedCategorySchema } from './answers/admin';

/** Highest accepted price, rupees (keeps paise inside a 32-bit integer with room to spare). */
export const MAX_PRICE_RUPEES = 10_00_000;
/** Highest accepted stock per size. */
export const MAX_STOCK_QTY = 1_000_000;
/** Product images per colour (and for a product without colours, per product). */
export const MAX_PRODUCT_IMAGES = 5;

const idString = z.string().trim().min(1).max(64);
/** An id sent as a string or as the populated object `{_id, …}` the list calls answer. */
const idOrRef = (message: string) => z.union([idString, z.object({ _id: idString }).transform((ref) => ref._id)], { error: message });

/** The admin forms' handle field: blank (or absent) means "make it from the title". */
export const handleField = z
  .string({ error: HANDLE_INVALID })
  .trim()
  .max(HANDLE_MAX, HANDLE_INVALID)
  .refine((v) => v === '' || HANDLE_PATTERN.test(v), HANDLE_INVALID)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** Empty text becomes null (optional text fields of the forms). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/** Category form / body: name, parentId or null, description or null, isActive. */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(80, 'Category name must be at most 80 characters'),
  /** A top-level category's id, or null/empty for a main category. */
  parentId: z
    .union([z.literal(''), idOrRef('Parent category not found')])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  description: optionalText(500, 'Description must be at most 500 characters'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  /** The size chart its products and subcategories use; null for none; absent keeps the saved one. */
  sizeChart: sizeChartField,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryBody = z.output<typeof categoryInputSchema>;

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/** True when `rupees` has at most 2 decimals (the form's step 0.01). */
const isWholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

const priceField = z
  .number({ error: 'Valid price is required' })
  .positive('Valid price is required')
  .max(MAX_PRICE_RUPEES, 'Valid price is required')
  .refine(isWholePaise, 'Valid price is required');

/** One product image: url (/media/... or http(s)), alt (blank becomes the title), publicId from the upload. */
export const productImageInputSchema = z.object({
  url: z
    .string({ error: 'Image URL is required' })
    .trim()
    .min(1, 'Image URL is required')
    .max(2048, 'Image URL is too long')
    // Uploaded media lives on this site (/media/...) or on Cloudinary (https); nothing else runs.
    .regex(/^(https?:\/\/|\/(?!\/))\S+$/, 'Image URL is invalid'),
  alt: z.string().trim().max(200, 'Image alt text must be at most 200 characters').nullable().optional(),
  /** The colour the picture shows (one of the product's colours); null or absent: every colour. */
  colour: optionalText(COLOUR_NAME_MAX, `Colour must be at most ${COLOUR_NAME_MAX} characters`),
  publicId: z
    .string()
    .trim()
    .max(300)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});

/** One size variant; prices in rupees (the server stores paise). */
export const variantInputSchema = z
  .object({
    /** Present when editing an existing variant: it is updated in place (carts and orders keep it). */
    _id: z
      .string()
      .trim()
      .max(64)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /** The variant's colour, one of the product's `colours`; null or absent for a product without colours. */
    colour: optionalText(COLOUR_NAME_MAX, `Colour must be at most ${COLOUR_NAME_MAX} characters`),
    size: z
      .string({ error: 'Size is required' })
      .trim()
      .toUpperCase()
      .min(1, 'Size is required')
      .refine((v) => (SIZES as readonly string[]).includes(v), `Size must be one of ${SIZES.join(', ')}`),
    /** Rupees, up to 2 decimals, above 0. */
    price: priceField,
    /** Rupees; when set it must be above the price. Empty or 0 means none. */
    compareAtPrice: z
      .number({ error: 'Compare-at price must be a number' })
      .nonnegative('Compare-at price must be higher than the price')
      .max(MAX_PRICE_RUPEES, 'Compare-at price must be higher than the price')
      .refine(isWholePaise, 'Compare-at price must be higher than the price')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /**
     * Units in stock. The spec's screen treats 0 as missing, but the server accepts 0: a sold-out
     * size is legitimate (it stays listed and cannot be bought). Negative or missing is refused.
     */
    stockQty: z
      .number({ error: 'Stock quantity is required' })
      .int('Stock quantity must be a whole number')
      .min(0, 'Stock quantity is required')
      .max(MAX_STOCK_QTY, `Stock quantity cannot exceed ${MAX_STOCK_QTY}`),
    /**
     * The stock the form loaded for this size. When sent, the save applies
     * `stockQty - stockLoaded` as an adjustment, and only while the stock still equals it (else 409
     * 'Stock for M changed since you opened this form (now 4)'). When absent (the spec's body), the
     * stock is set to `stockQty` as before, and the difference is still recorded in the ledger.
     */
    stockLoaded: z
      .number({ error: 'Loaded stock must be a number' })
      .int('Loaded stock must be a whole number')
      .min(0, 'Loaded stock cannot be negative')
      .max(MAX_STOCK_QTY, `Loaded stock cannot exceed ${MAX_STOCK_QTY}`)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    /** Optional; blank means generated as RM-<8 hex of the product id>-<SIZE>. Upper-cased. */
    sku: z
      .string()
      .trim()
      .toUpperCase()
      .max(64, 'SKU must be at most 64 characters')
      .regex(/^[A-Z0-9][A-Z0-9._-]*$|^$/, 'SKU may use letters, digits, dot, dash and underscore only')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.compareAtPrice !== null && v.compareAtPrice <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'Compare-at price must be higher than the price' });
    }
  });

/** One colour of a product: its name and swatch (blank: the standard swatch of the name, see core/colours.ts). */
export const colourOptionInputSchema = z.object({
  name: z
    .string({ error: 'Colour name is required' })
    .trim()
    .min(1, 'Colour name is required')
    .max(COLOUR_NAME_MAX, `Colour name must be at most ${COLOUR_NAME_MAX} characters`)
    .refine((v) => colourSlug(v) !== '', 'Colour name needs a letter or digit'),
  swatch: z
    .string({ error: 'Swatch must be text' })
    .trim()
    .max(2048, 'Swatch is too long')
    .refine(
      (v) => v === '' || HEX_SWATCH.test(v) || /^(https:\/\/|\/(?!\/))\S+$/.test(v),
      'Swatch must be a colour like #800020 or a picture',
    )
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});

/** Product form / body. */
export const productInputSchema = z
  .object({
    title: z
      .string({ error: 'Product title is required' })
      .trim()
      .min(1, 'Product title is required')
      .max(200, 'Product title must be at most 200 characters'),
    /** The product's address, `/products/<handle>`; blank makes one from the title (docs/architecture.md#product-addresses). */
    handle: handleField,
    description: z
      .string({ error: 'Product description is required' })
      .trim()
      .min(1, 'Product description is required')
      .max(5000, 'Product description must be at most 5000 characters'),
    categoryIds: z
      .array(idOrRef('Category not found'), { error: 'At least one category must be selected' })
      .min(1, 'At least one category must be selected')
      .max(20, 'At most 20 categories can be selected')
      .transform((ids) => [...new Set(ids)]),
    images: z
      .array(productImageInputSchema, { error: 'At least one product image is required' })
      .min(1, 'At least one product image is required')
      .max(MAX_PRODUCT_IMAGES * (MAX_COLOURS + 1), `Maximum ${MAX_PRODUCT_IMAGES} images allowed`),
    isBestseller: z.boolean({ error: 'isBestseller must be true or false' }).default(false),
    variantAttributes: z
      .array(z.string().trim().min(1).max(40))
      .max(5)
      .optional()
      .transform((v) => (v && v.length > 0 ? v : ['Size'])),
    /**
     * The Colour option's values in display order (docs/architecture.md#colours-and-sizes). Empty
     * or absent: the product comes in one colour, unless its variants name colours, which then
     * become its colours in the order they first appear.
     */
    colours: z
      .array(colourOptionInputSchema, { error: 'Colours must be a list' })
      .max(MAX_COLOURS, `At most ${MAX_COLOURS} colours`)
      .optional()
      .transform((v) => v ?? []),
    variants: z
      .array(variantInputSchema, { error: 'At least one variant is required' })
      .min(1, 'At least one variant is required')
      .max(SIZES.length * MAX_COLOURS, 'Each size can appear only once'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    /** Why the stock changed (recount, damaged, new batch…), kept on the ledger rows this save writes. Optional. */
    stockNote: z
      .string({ error: 'Stock note must be text' })
      .trim()
      .max(STOCK_NOTE_MAX, `Stock note must be at most ${STOCK_NOTE_MAX} characters`)
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
    /** The product's own size chart; null: its category's applies; absent keeps the saved one. */
    sizeChart: sizeChartField,
    /**
     * The goods' HSN code under GST, printed on tax invoices: 4, 6 or 8 digits. Absent
     * keeps the saved code (a new product gets 6211, "other garments", until the owner sets it).
     */
    hsn: z
      .string({ error: 'HSN code must be text' })
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code must be 4, 6 or 8 digits')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const colours = resolvedColours(v.colours, v.variants);
    const slugs = new Map<string, string>();
    v.colours.forEach((colour, i) => {
      const slug = colourSlug(colour.name);
      if (slugs.has(slug)) {
        ctx.addIssue({ code: 'custom', path: ['colours', i, 'name'], message: `${colour.name} is listed twice` });
      }
      slugs.set(slug, colour.name);
    });
    const known = new Set(colours.map((c) => c.name));
    const combos = new Set<string>();
    const skus = new Set<string>();
    v.variants.forEach((variant, i) => {
      if (colours.length > 0 && !variant.colour) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'colour'], message: 'Choose a colour for each variant' });
      } else if (variant.colour && !known.has(variant.colour)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'colour'],
          message: `${variant.colour} is not one of this product's colours`,
        });
      }
      const combo = `${variant.colour ?? ''}\u0000${variant.size}`;
      if (combos.has(combo)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'size'],
          message: variant.colour ? `${variant.colour} / ${variant.size} appears more than once` : 'Each size can appear only once',
        });
      }
      combos.add(combo);
      if (variant.sku) {
        if (skus.has(variant.sku)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'sku'],
            message: `SKU ${variant.sku} is used by more than one size`,
          });
        }
        skus.add(variant.sku);
      }
    });
    const withVariants = new Set(v.variants.map((variant) => variant.colour));
    colours.forEach((colour, i) => {
      if (!withVariants.has(colour.name)) {
        ctx.addIssue({ code: 'custom', path: ['colours', i, 'name'], message: `${colour.name} has no sizes` });
      }
    });
    const perColour = new Map<string | null, number>();
    v.images.forEach((image, i) => {
      if (image.colour && !known.has(image.colour)) {
        ctx.addIssue({ code: 'custom', path: ['images', i, 'colour'], message: `${image.colour} is not one of this product's colours` });
      }
      const count = (perColour.get(image.colour) ?? 0) + 1;
      perColour.set(image.colour, count);
      if (count === MAX_PRODUCT_IMAGES + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['images'],
          message: image.colour
            ? `Maximum ${MAX_PRODUCT_IMAGES} images allowed for ${image.colour}`
            : `Maximum ${MAX_PRODUCT_IMAGES} images allowed`,
        });
      }
    });
  });

/**
 * The colours a product body gives its product, swatches filled in: the listed ones, or when none
 * are listed, the colours its variants name in the order they first appear. Empty: no colours.
 */
export function resolvedColours(
  listed: readonly { name: string; swatch: string | null }[],
  variants: readonly { colour: string | null }[],
): ColourOption[] {
  const names = listed.length > 0 ? listed.map((c) => c.name) : [...new Set(variants.flatMap((v) => (v.colour ? [v.colour] : [])))];
  return names.map((name, i) => ({ name, swatch: listed[i]?.swatch ?? swatchFor(name) }));
}
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductBody = z.output<typeof productInputSchema>;
export type VariantBody = ProductBody['variants'][number];

/** A category as the admin calls answer it after a save: the public shape plus its own size chart. */
export type SavedCategory = z.infer<typeof savedCategorySchema>;

/** One row of GET /api/categories/admin/all: the category plus what hangs off it. */
export type AdminCategory = z.infer<typeof adminCategorySchema>;
