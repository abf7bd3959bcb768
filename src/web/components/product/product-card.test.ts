import { describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api-types';
import { toListingCards, toProductCard } from './product-card';

const variant = (colour: string, size: string, stockQty: number) => ({
  _id: `${colour}-${size}`,
  colour,
  size,
  sku: `RM-${colour}-${size}`,
  price: 1499,
  compareAtPrice: null,
  stockQty,
  isActive: true,
});

/** A kurta in Indigo, Maroon and Bottle green; Maroon is sold out, Bottle green has no picture of its own. */
const kurta: Product = {
  _id: 'p1',
  title: 'Ajrakh Kurta',
  handle: 'ajrakh-kurta',
  description: 'Cotton',
  price: 1499,
  compareAtPrice: null,
  images: [
    { url: '/media/indigo.webp', alt: 'Indigo', publicId: null, colour: 'Indigo' },
    { url: '/media/maroon.webp', alt: 'Maroon', publicId: null, colour: 'Maroon' },
    { url: '/media/label.webp', alt: 'Label', publicId: null },
  ],
  isBestseller: false,
  isActive: true,
  categoryIds: [],
  variantAttributes: ['Colour', 'Size'],
  colours: [
    { name: 'Indigo', swatch: '#33407a' },
    { name: 'Maroon', swatch: '#7a1030' },
    { name: 'Bottle green', swatch: '#1f4d3a' },
  ],
  variants: [variant('Indigo', 'M', 3), variant('Maroon', 'M', 0), variant('Bottle green', 'M', 2)],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('cards of a listing filtered by colour', () => {
  const card = (colours: string[]) => toListingCards([kurta], colours)[0];

  it("shows the filtered colour's picture and links to the page opened on it", () => {
    expect(card(['maroon'])).toMatchObject({ image: { url: '/media/maroon.webp' }, colour: 'Maroon' });
    // Two colours named: the first of the product's in stock (Maroon is sold out), as the filter found it.
    expect(card(['maroon', 'indigo'])).toMatchObject({ image: { url: '/media/indigo.webp' }, colour: 'Indigo' });
  });

  it("keeps the product's first picture for a colour without one of its own, and without a colour filter", () => {
    expect(card(['bottle-green'])).toMatchObject({ image: { url: '/media/indigo.webp' }, colour: 'Bottle green' });
    expect(card([])).toEqual(toProductCard(kurta));
    expect(card([])).not.toHaveProperty('colour');
    expect(card(['mustard'])).toEqual(toProductCard(kurta));
  });
});
