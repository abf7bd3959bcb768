/**
 * The product page's colour rules (colours.ts) and its JSON-LD (product-json-ld.ts): the colour an
 * address names, a colour's pictures and sizes, and the ProductGroup of a product in colours beside
 * the plain Product of one without.
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api-types';
import { colourSoldOut, imagesForColour, initialColour, variantsOfColour } from './colours';
import { productJsonLd } from './product-json-ld';

const variant = (colour: string | null, size: string, stockQty = 4) => ({
  _id: `${colour ?? 'x'}-${size}`,
  colour,
  size,
  sku: `RM-1-${colour?.toUpperCase().replace(' ', '-') ?? 'X'}-${size}`,
  price: 1499,
  compareAtPrice: null,
  stockQty,
  isActive: true,
});

const kurta: Product = {
  _id: 'p1',
  title: 'Kurta',
  handle: 'kurta',
  description: 'Cotton',
  price: 1499,
  compareAtPrice: null,
  images: [
    { url: '/m/indigo.webp', alt: 'Indigo', colour: 'Indigo' },
    { url: '/m/label.webp', alt: 'Label', colour: null },
    { url: '/m/bottle-green.webp', alt: 'Green', colour: 'Bottle Green' },
  ],
  isBestseller: false,
  isActive: true,
  categoryIds: [{ _id: 'c1', name: 'Kurtas' }],
  variantAttributes: ['Colour', 'Size'],
  colours: [
    { name: 'Indigo', swatch: '#33407a' },
    { name: 'Bottle Green', swatch: '/m/green-swatch.webp' },
  ],
  variants: [variant('Indigo', 'S'), variant('Indigo', 'M', 0), variant('Bottle Green', 'S', 0), variant('Bottle Green', 'M', 0)],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('colours on the product page', () => {
  it('opens the colour the address names, the only colour of a one-colour product, else none', () => {
    expect(initialColour(kurta, 'bottle-green')).toBe('Bottle Green');
    expect(initialColour(kurta, 'Bottle-Green')).toBe('Bottle Green');
    expect(initialColour(kurta, 'mustard')).toBeNull();
    expect(initialColour(kurta, null)).toBeNull();
    expect(initialColour({ colours: [kurta.colours![0]] }, null)).toBe('Indigo');
    expect(initialColour({ colours: [] }, 'indigo')).toBeNull();
  });

  it("shows a colour's own pictures first, then those of every colour; all of them with none chosen", () => {
    expect(imagesForColour(kurta.images, 'Bottle Green').map((i) => i.alt)).toEqual(['Green', 'Label']);
    expect(imagesForColour(kurta.images, null).map((i) => i.alt)).toEqual(['Indigo', 'Label', 'Green']);
  });

  it("lists a colour's sizes as a new array and knows a sold-out colour", () => {
    expect(variantsOfColour(kurta.variants, 'Indigo').map((v) => v.size)).toEqual(['S', 'M']);
    expect(variantsOfColour(kurta.variants, null)).not.toBe(kurta.variants);
    expect(colourSoldOut(kurta.variants, 'Indigo')).toBe(false);
    expect(colourSoldOut(kurta.variants, 'Bottle Green')).toBe(true);
  });
});

describe('JSON-LD', () => {
  const input = { origin: 'https://shop.example', url: 'https://shop.example/products/kurta', category: 'Kurtas', rated: null };

  it('describes a product in colours as a ProductGroup with a Product and Offer per colour and size', () => {
    const ld = productJsonLd({ ...input, product: kurta });
    expect(ld).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'p1',
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
      category: 'Kurtas',
    });
    const variants = ld.hasVariant as Record<string, unknown>[];
    expect(variants).toHaveLength(4);
    expect(variants[2]).toEqual({
      '@type': 'Product',
      name: 'Kurta – Bottle Green / S',
      sku: 'RM-1-BOTTLE-GREEN-S',
      color: 'Bottle Green',
      size: 'S',
      image: 'https://shop.example/m/bottle-green.webp',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/products/kurta?colour=bottle-green',
        price: '1499.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it('keeps the plain Product with one Offer for a product without colours', () => {
    const plain = { ...kurta, colours: undefined, variants: [variant(null, 'M')] };
    const ld = productJsonLd({ ...input, product: plain });
    expect(ld['@type']).toBe('Product');
    expect(ld).not.toHaveProperty('hasVariant');
    expect(ld.offers).toMatchObject({ price: '1499.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
  });
});
