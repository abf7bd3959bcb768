import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../core/api-types';
import { productBody, priceRange } from './api';
import { checkImageFiles } from './image-upload';
import { blankVariant, productFormDefaults, productFormSchema } from './product-form-schema';

const MB = 1024 * 1024;
const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

/** The first message per field, as the form shows it. */
const messages = (values: unknown) => {
  const result = productFormSchema.safeParse(values);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
};

describe('product form rules', () => {
  it("gives the spec's messages for a blank form", () => {
    expect(messages(productFormDefaults(null))).toEqual({
      title: 'Product title is required',
      description: 'Product description is required',
      categoryIds: 'At least one category must be selected',
      images: 'At least one product image is required',
      'variants.0.size': 'Size is required',
      'variants.0.price': 'Valid price is required',
      'variants.0.stockQty': 'Stock quantity is required',
    });
  });

  it('accepts a product with a picked file, a zero stock and a blank compare-at price', () => {
    const result = productFormSchema.safeParse({
      ...productFormDefaults(null),
      title: ' Kurta ',
      description: 'Cotton',
      categoryIds: ['c1'],
      images: [{ url: '', alt: ' front ', publicId: null, file: file('a.png', 'image/png') }],
      variants: [{ ...blankVariant(), size: 'm', price: 999.5, stockQty: 0, sku: '' }],
    });
    expect(result.success).toBe(true);
    expect(result.data?.variants[0]).toMatchObject({ size: 'M', price: 999.5, compareAtPrice: null, stockQty: 0, sku: null });
    expect(result.data?.images[0].alt).toBe('front');
  });

  it('refuses a zero price and a compare-at price not above the price', () => {
    const base = {
      ...productFormDefaults(null),
      title: 'T',
      description: 'D',
      categoryIds: ['c'],
      images: [{ url: '/x', alt: '', publicId: null }],
    };
    expect(messages({ ...base, variants: [{ ...blankVariant(), size: 'S', price: 0, stockQty: 1 }] })).toEqual({
      'variants.0.price': 'Valid price is required',
    });
    expect(messages({ ...base, variants: [{ ...blankVariant(), size: 'S', price: 10, compareAtPrice: 10, stockQty: 1 }] })).toEqual({
      'variants.0.compareAtPrice': 'Compare-at price must be higher than the price',
    });
  });
});

describe('picked image files', () => {
  it('keeps images up to 5MB and 5 in all, with the spec messages for the rest', () => {
    const { accepted, errors } = checkImageFiles(
      [
        file('a.png', 'image/png'),
        file('notes.pdf', 'application/pdf'),
        file('big.jpg', 'image/jpeg', 5 * MB + 1),
        file('b.webp', 'image/webp'),
        file('c.png', 'image/png'),
      ],
      3,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.webp']);
    expect(errors).toEqual(['notes.pdf is not a valid image file', 'big.jpg is too large (max 5MB)', 'Maximum 5 images allowed']);
  });
});

describe('product records', () => {
  const product: Product = {
    _id: 'p1',
    title: 'Kurta',
    handle: 'kurta',
    description: 'Cotton',
    price: 900,
    compareAtPrice: null,
    images: [{ url: '/media/product_images/a.png', alt: 'A', publicId: 'product_images/a' }],
    isBestseller: false,
    isActive: true,
    categoryIds: [{ _id: 'c1', name: 'Kurtas' }],
    variantAttributes: ['Size'],
    variants: [
      { _id: 'v1', size: 'S', sku: 'RM-1-S', price: 900, compareAtPrice: 1200, stockQty: 3, isActive: true },
      { _id: 'v2', size: 'M', sku: 'RM-1-M', price: 1100, compareAtPrice: null, stockQty: 0, isActive: true },
      { _id: 'v3', size: 'L', sku: 'RM-1-L', price: 50, compareAtPrice: null, stockQty: 9, isActive: false },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('spans the prices of the active sizes', () => {
    expect(priceRange(product)).toEqual({ min: 900, max: 1100 });
    expect(priceRange({ ...product, variants: [] })).toBeNull();
  });

  it('re-sends the whole record for Hide/Show, ids instead of populated categories', () => {
    const body = productBody(product, { isActive: false });
    expect(body).toMatchObject({
      isActive: false,
      categoryIds: ['c1'],
      images: [{ url: '/media/product_images/a.png', alt: 'A', publicId: 'product_images/a' }],
    });
    expect(body.variants.map((v) => [v._id, v.sku, v.isActive])).toEqual([
      ['v1', 'RM-1-S', true],
      ['v2', 'RM-1-M', true],
      ['v3', 'RM-1-L', false],
    ]);
  });
});
