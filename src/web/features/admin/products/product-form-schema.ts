/**
 * The product form's schema: the shared productInputSchema (same messages as the server) with the
 * images held as drafts (a picked file waits for the save to be uploaded). Number inputs hold
 * numbers: a blank price or stock reads as NaN (refused with the spec's message), a blank
 * compare-at price as null.
 */
import { z } from 'zod';
import type { Product } from '../../../../core/api-types';
import { MAX_COLOURS } from '../../../../core/colours';
import { MAX_PRODUCT_IMAGES, productInputSchema } from '../../../../core/schemas/admin-catalog';

const imageDraftSchema = z.object({
  /** The stored URL; empty for a picked file not uploaded yet. */
  url: z.string(),
  alt: z.string().trim().max(200, 'Image alt text must be at most 200 characters'),
  publicId: z.string().nullable(),
  /** The colour the picture shows; null: every colour. */
  colour: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** A picked file, uploaded on save. */
  file: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File).optional(),
});

/** Product form: the API body's rules with image drafts. */
export const productFormSchema = productInputSchema.safeExtend({
  images: z
    .array(imageDraftSchema)
    .min(1, 'At least one product image is required')
    .max(MAX_PRODUCT_IMAGES * (MAX_COLOURS + 1), `Maximum ${MAX_PRODUCT_IMAGES} images allowed`),
});

/** What the inputs hold. */
export type ProductFormValues = z.input<typeof productFormSchema>;
/** What a valid form gives. */
export type ProductFormOutput = z.output<typeof productFormSchema>;
/** One variant row as the inputs hold it. */
export type VariantFormValues = ProductFormValues['variants'][number];

/** A blank size row (NaN shows as an empty number input). */
export const blankVariant = (colour: string | null = null): VariantFormValues => ({
  _id: null,
  colour,
  size: '',
  price: Number.NaN,
  compareAtPrice: null,
  stockQty: Number.NaN,
  stockLoaded: null,
  isActive: true,
  sku: '',
});

/** The form's starting values: blank for a new product, else the product's. */
export function productFormDefaults(product: Product | null): ProductFormValues {
  if (!product) {
    return {
      title: '',
      handle: '',
      description: '',
      categoryIds: [],
      images: [],
      isBestseller: false,
      isActive: true,
      variantAttributes: ['Size'],
      colours: [],
      variants: [blankVariant()],
      stockNote: '',
      sizeChart: null,
      hsn: '6211',
    };
  }
  return {
    title: product.title,
    handle: product.handle,
    description: product.description,
    categoryIds: product.categoryIds.map((c) => c._id),
    images: product.images.map((img) => ({ url: img.url, alt: img.alt ?? '', publicId: img.publicId ?? null, colour: img.colour ?? null })),
    isBestseller: product.isBestseller,
    isActive: product.isActive,
    variantAttributes: product.variantAttributes,
    colours: product.colours ?? [],
    variants:
      product.variants.length > 0
        ? product.variants.map((v) => ({
            _id: v._id,
            colour: v.colour ?? null,
            size: v.size,
            price: v.price,
            compareAtPrice: v.compareAtPrice,
            stockQty: v.stockQty,
            // What the form loaded: the save applies the difference, refused if stock moved.
            stockLoaded: v.stockQty,
            isActive: v.isActive,
            sku: v.sku,
          }))
        : [blankVariant()],
    stockNote: '',
    sizeChart: product.sizeChart ?? null,
    hsn: product.hsn ?? '6211',
  };
}
