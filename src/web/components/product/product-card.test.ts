import { describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api-types';
import { firstPictureUrl, packCards, toListingCards, toProductCard, unpackCards, type ProductCardData } from './product-card';

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

describe("packed cards (a listing's loader data)", () => {
  const cards: ProductCardData[] = [
    toProductCard(kurta),
    ...toListingCards([kurta], ['maroon']),
    {
      _id: 'p2',
      handle: 'plain-tee',
      title: 'Plain Tee',
      price: 499,
      compareAtPrice: 799,
      isBestseller: true,
      image: { url: '/media/tee.webp', alt: 'Plain Tee – front view' },
      available: false,
      rating: { average: 4.5, count: 12 },
      colours: [{ name: 'Maroon', swatch: '#7a1030' }],
    },
    { ...toProductCard(kurta), _id: 'p3', image: null, colours: undefined },
    { ...toProductCard(kurta), _id: 'p4', image: { url: '/x.webp', alt: '' } },
  ];
  // `colours: undefined` is an absent field to the page (it is never sent).
  const sent = (c: ProductCardData[]) => JSON.parse(JSON.stringify(c)) as ProductCardData[];

  it('unpacks to the very cards that were packed', () => {
    expect(unpackCards(packCards(cards))).toEqual(sent(cards));
  });

  it("gives the first card's picture for the page's share picture without unpacking the rest", () => {
    expect(firstPictureUrl(packCards(cards))).toBe(cards[0].image?.url);
    expect(firstPictureUrl(packCards(cards.slice(3, 4)))).toBeUndefined();
  });

  it('writes a picture named after its product as what follows the handle', () => {
    const named: ProductCardData[] = [
      { ...cards[2], image: { url: '/media/demo/plain-tee-1.webp', alt: 'Plain Tee' } },
      { ...cards[2], _id: 'p5', handle: 'silk-saree', image: { url: '/media/demo/silk-saree-1.webp', alt: 'Silk Saree' } },
      { ...cards[2], _id: 'p6', handle: 'linen-shirt', image: { url: '/media/demo/other-photo.webp', alt: '' } },
    ];
    const packed = packCards(named);
    expect(packed.base).toBe('/media/demo/');
    expect(packed.rows.map((row) => row[6])).toEqual(['-1.webp', '-1.webp', 'other-photo.webp']);
    expect(unpackCards(packed)).toEqual(sent(named));
    expect(firstPictureUrl(packed)).toBe('/media/demo/plain-tee-1.webp');
  });

  it("writes each colour once and a picture's text after the title", () => {
    const packed = packCards(cards);
    expect(packed.palette).toEqual([
      ['Indigo', '#33407a'],
      ['Maroon', '#7a1030'],
      ['Bottle green', '#1f4d3a'],
    ]);
    expect(packed.rows[2][7]).toBe(' – front view');
    expect(packed.rows[0][8]).toBe('Indigo');
  });
});
