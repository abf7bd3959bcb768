import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../core/api-types';
import { productBody, priceRange } from './api';
import { checkImageFiles } from './image-upload';
import { variantLabel } from '../../../../core/colours';
import { blankVariant, productFormDefaults, productFormSchema, type VariantFormValues } from './product-form-schema';
import {
  chosenSizes,
  colourNameProblem,
  colourRemovalWarning,
  renamedColour,
  toggledSize,
  variantsWithColour,
  withoutColour,
} from './product-options';

const MB = 1024 * 1024;
const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

/** The first message per field, as the form shows it. */
const messages = (values: unknown) => {
  const result = productFormSchema.safeParse(values);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
};

/** A grid row of `colour` and `size` as the form holds it: the blank row filled in (₹1,499, 5 in stock unless `extra` says otherwise). */
const row = (colour: string | null, size: string, extra: Partial<VariantFormValues> = {}): VariantFormValues => ({
  ...blankVariant(colour),
  size,
  price: 1499,
  stockQty: 5,
  ...extra,
});

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
      variants: [row(null, 'm', { price: 999.5, stockQty: 0 })],
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
    expect(messages({ ...base, variants: [row(null, 'S', { price: 0 })] })).toEqual({
      'variants.0.price': 'Valid price is required',
    });
    expect(messages({ ...base, variants: [row(null, 'S', { price: 10, compareAtPrice: 10 })] })).toEqual({
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

describe('colours and sizes in the form', () => {
  const image = (colour: string | null) => ({ url: '/media/x.webp', alt: '', publicId: null, colour });

  it('gives the first colour the sizes as they are, and a later one a row per size chosen', () => {
    const plain = [row(null, 'S', { compareAtPrice: 1999 }), row(null, 'M')];
    const indigo = variantsWithColour(plain, [], 'Indigo');
    expect(indigo.map((v) => `${v.colour} / ${v.size}`)).toEqual(['Indigo / S', 'Indigo / M']);
    const both = variantsWithColour(indigo, [{ name: 'Indigo' }], 'Maroon');
    expect(both.slice(2).map((v) => [v.colour, v.size, v.price, v.compareAtPrice, v.stockQty])).toEqual([
      ['Maroon', 'S', 1499, 1999, Number.NaN],
      ['Maroon', 'M', 1499, null, Number.NaN],
    ]);
  });

  it('turns a size on in every colour (filling a blank row first) and off everywhere', () => {
    const colours = [{ name: 'Indigo' }, { name: 'Maroon' }];
    const start = [row('Indigo', 'S'), blankVariant('Maroon')];
    const on = toggledSize(start, colours, 'L', true);
    expect(on.map((v) => variantLabel(v))).toEqual(['Indigo / S', 'Maroon / L', 'Indigo / L']);
    expect(toggledSize(on, colours, 'L', false).map((v) => variantLabel(v))).toEqual(['Indigo / S']);
    // The last size stays: a product needs one.
    expect(toggledSize([row(null, 'M')], [], 'M', false)).toHaveLength(1);
    expect(chosenSizes(on)).toEqual(['S', 'L']);
  });

  it('renames a colour with its rows and pictures, and names what removing one takes', () => {
    const values = {
      colours: [{ name: 'Indigo' }, { name: 'Maroon' }],
      variants: ['S', 'M', 'L', 'XL'].flatMap((s) => [row('Indigo', s), row('Maroon', s)]),
      images: [image('Maroon'), image('Maroon'), image(null), image('Indigo')],
    };
    const renamed = renamedColour(values, 'Maroon', 'Wine');
    expect(renamed.variants.filter((v) => v.colour === 'Wine')).toHaveLength(4);
    expect(renamed.images.map((i) => i.colour)).toEqual(['Wine', 'Wine', null, 'Indigo']);
    expect(colourRemovalWarning('Maroon', values)).toBe('Removing Maroon removes its 4 sizes and 2 pictures.');
    const left = withoutColour(values, 'Maroon');
    expect(left.variants.map((v) => v.colour)).toEqual(['Indigo', 'Indigo', 'Indigo', 'Indigo']);
    expect(left.images.map((i) => i.colour)).toEqual([null, 'Indigo']);
    // The last colour leaves its sizes and pictures to the product.
    expect(withoutColour(left, 'Indigo').variants.every((v) => v.colour === null)).toBe(true);
    expect(colourNameProblem(' maroon ', values.colours)).toBe('Maroon is listed already');
    expect(colourNameProblem('Maroon', values.colours, 1)).toBeNull();
  });

  it('re-sends colours with Hide/Show', () => {
    const product = {
      _id: 'p2',
      title: 'Kurta',
      handle: 'kurta',
      description: 'Cotton',
      price: 900,
      compareAtPrice: null,
      images: [{ url: '/a.png', alt: 'A', publicId: null, colour: 'Maroon' }],
      isBestseller: false,
      isActive: true,
      categoryIds: [{ _id: 'c1', name: 'Kurtas' }],
      variantAttributes: ['Colour', 'Size'],
      colours: [{ name: 'Maroon', swatch: '#800020' }],
      variants: [{ _id: 'v1', colour: 'Maroon', size: 'S', sku: 'X', price: 900, compareAtPrice: null, stockQty: 3, isActive: true }],
      createdAt: '2026-01-01T00:00:00.000Z',
    } as Product;
    const body = productBody(product, { isActive: false });
    expect(body.colours).toEqual([{ name: 'Maroon', swatch: '#800020' }]);
    expect(body.variants[0].colour).toBe('Maroon');
    expect(body.images[0].colour).toBe('Maroon');
    // The form loads them too, and its schema keeps them.
    const loaded = productFormSchema.safeParse({ ...productFormDefaults(product), stockNote: '' });
    expect(loaded.success).toBe(true);
    expect(loaded.data?.variants[0].colour).toBe('Maroon');
    expect(loaded.data?.images[0].colour).toBe('Maroon');
  });
});
