import { describe, expect, it } from 'vitest';
import { colourSlug } from '../../../core/colours';
import { shopSettingsSchema } from '../../../core/schemas/settings';
import { STANDARD_SWATCHES, swatchFor } from '../../../core/swatches';
import {
  demoBanners,
  demoCategories,
  demoHsn,
  demoProducts,
  demoShopSettings,
  demoTestimonials,
  SHORT_STOCK,
  type GarmentArt,
  type GarmentKind,
} from './demo-catalog';
import { renderAvatarSvg, renderBannerSvg, renderGarmentSvg } from './garment-art';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const KINDS: GarmentKind[] = [
  'kurta',
  'saree',
  'shirt',
  'tee',
  'jeans',
  'dress',
  'kurti',
  'lehenga',
  'sherwani',
  'jacket',
  'trousers',
  'dupatta',
  'hoodie',
  'skirt',
  'nehru-jacket',
  'palazzo',
];
const HEX = /^#[0-9a-f]{6}$/i;

describe('demo categories', () => {
  const keys = new Set(demoCategories.map((c) => c.key));

  it('has unique keys and unique (case-insensitive) names', () => {
    expect(keys.size).toBe(demoCategories.length);
    expect(new Set(demoCategories.map((c) => c.name.toLowerCase())).size).toBe(demoCategories.length);
  });

  it('has at least 3 top-level categories, each with at least 2 children', () => {
    const tops = demoCategories.filter((c) => !c.parentKey);
    expect(tops.length).toBeGreaterThanOrEqual(3);
    for (const top of tops) {
      expect(demoCategories.filter((c) => c.parentKey === top.key).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('is only two levels deep and lists parents before children', () => {
    demoCategories.forEach((c, i) => {
      if (!c.parentKey) return;
      const parentIndex = demoCategories.findIndex((p) => p.key === c.parentKey);
      expect(parentIndex).toBeGreaterThanOrEqual(0);
      expect(parentIndex).toBeLessThan(i);
      expect(demoCategories[parentIndex].parentKey).toBeUndefined();
    });
  });
});

describe('demo products', () => {
  const categoryKeys = new Set(demoCategories.map((c) => c.key));

  it('has at least 36 products with unique kebab-case keys', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(36);
    const keys = demoProducts.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('references only existing categories, child category first', () => {
    for (const p of demoProducts) {
      expect(p.categoryKeys.length).toBeGreaterThan(0);
      for (const k of p.categoryKeys) expect(categoryKeys.has(k)).toBe(true);
      const first = demoCategories.find((c) => c.key === p.categoryKeys[0]);
      expect(first?.parentKey).toBeDefined();
      expect(new Set(p.categoryKeys).size).toBe(p.categoryKeys.length);
    }
  });

  it('has a title, a multi-sentence description and a sensible age', () => {
    for (const p of demoProducts) {
      expect(p.title.length).toBeGreaterThan(3);
      expect(p.description.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(1);
      expect(p.createdDaysAgo).toBeLessThanOrEqual(90);
    }
  });

  it('has 2-4 pictures of the product (of its first colour), at most 5 per colour, with valid artwork descriptors', () => {
    for (const p of demoProducts) {
      const first = p.images.filter((img) => img.colour === (p.colours[0] ?? null));
      expect(first.length).toBeGreaterThanOrEqual(2);
      expect(first.length).toBeLessThanOrEqual(4);
      for (const colour of p.colours) expect(p.images.filter((img) => img.colour === colour).length).toBeLessThanOrEqual(5);
      for (const img of p.images) {
        expect(img.alt.length).toBeGreaterThan(0);
        expect(KINDS).toContain(img.art.kind);
        for (const c of [img.art.base, img.art.accent, img.art.background]) expect(c).toMatch(HEX);
      }
    }
  });

  it('has at least 8 bestsellers', () => {
    expect(demoProducts.filter((p) => p.isBestseller).length).toBeGreaterThanOrEqual(8);
  });

  it('uses sizes XS..XXL only, without duplicates, in size order (per colour)', () => {
    for (const p of demoProducts) {
      expect(p.variants.length).toBeGreaterThan(0);
      const sizes = p.variants.filter((v) => v.colour === (p.colours[0] ?? null)).map((v) => v.size);
      expect(new Set(sizes).size).toBe(sizes.length);
      for (const s of sizes) expect(SIZES).toContain(s);
      const idx = sizes.map((s) => SIZES.indexOf(s));
      expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    }
  });

  it('has positive whole-rupee prices, compare-at above price whenever set, and non-negative stock', () => {
    for (const p of demoProducts) {
      for (const v of p.variants) {
        expect(v.priceRupees).toBeGreaterThan(0);
        expect(Number.isInteger(v.priceRupees)).toBe(true);
        if (v.compareAtRupees !== null) {
          expect(Number.isInteger(v.compareAtRupees)).toBe(true);
          expect(v.compareAtRupees).toBeGreaterThan(v.priceRupees);
        }
        expect(Number.isInteger(v.stock)).toBe(true);
        expect(v.stock).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('is a healthy shop: fewer than 10% of variants at 5 or below, yet some low and at least one sold out', () => {
    const all = demoProducts.flatMap((p) => p.variants);
    const short = all.filter((v) => v.stock <= 5);
    expect(short.length).toBeLessThan(all.length * 0.1);
    expect(all.some((v) => v.stock === 0)).toBe(true);
    expect(all.some((v) => v.stock >= 1 && v.stock <= 5)).toBe(true);
    expect(demoProducts.every((p) => p.variants.some((v) => v.stock > 0))).toBe(true);
    // Every short variant is one SHORT_STOCK names on purpose; a typo there would leave it well stocked.
    const named = new Set(
      demoProducts.flatMap((p) => p.variants.map((v) => (v.colour ? `${p.key}/${v.colour}/${v.size}` : `${p.key}/${v.size}`))),
    );
    for (const name of Object.keys(SHORT_STOCK)) expect(named, name).toContain(name);
    expect(short).toHaveLength(Object.keys(SHORT_STOCK).length);
  });

  it('keeps the stock facts the browser tests rely on (Indigo Dabu kurta: M sold out, 2 left of XXL)', () => {
    const kurta = demoProducts.find((p) => p.title === 'Indigo Dabu Print Cotton Kurta')!;
    expect(kurta.colours).toEqual([]);
    expect(Object.fromEntries(kurta.variants.map((v) => [v.size, v.stock]))).toMatchObject({ M: 0, XXL: 2 });
    expect(kurta.variants.filter((v) => v.size !== 'M' && v.size !== 'XXL').every((v) => v.stock > 5)).toBe(true);
    expect(kurta.images).toHaveLength(4);
  });
});

describe('demo colours', () => {
  const coloured = demoProducts.filter((p) => p.colours.length > 0);

  it('at least a third of the products come in 2-4 standard colours', () => {
    expect(coloured.length * 3).toBeGreaterThanOrEqual(demoProducts.length);
    for (const p of coloured) {
      expect(p.colours.length).toBeGreaterThanOrEqual(2);
      expect(p.colours.length).toBeLessThanOrEqual(4);
      expect(new Set(p.colours.map(colourSlug)).size).toBe(p.colours.length);
      for (const c of p.colours) expect(STANDARD_SWATCHES, `${p.key}: ${c}`).toHaveProperty([c.toLowerCase()]);
    }
  });

  it('gives each colour a picture of its own, drawn in that colour, and a variant per size', () => {
    for (const p of coloured) {
      const sizes = [...new Set(p.variants.map((v) => v.size))];
      for (const [i, colour] of p.colours.entries()) {
        const pictures = p.images.filter((img) => img.colour === colour);
        expect(pictures.length, `${p.key}: ${colour}`).toBeGreaterThanOrEqual(1);
        if (i > 0) expect(pictures[0].art.base).toBe(swatchFor(colour));
        expect(p.variants.filter((v) => v.colour === colour).map((v) => v.size)).toEqual(sizes);
      }
      expect(p.variants).toHaveLength(p.colours.length * sizes.length);
      expect(p.images.every((img) => img.colour !== null && p.colours.includes(img.colour))).toBe(true);
      // One picture of each colour has its own artwork, so no two colours look alike.
      expect(new Set(p.colours.map((c) => p.images.find((img) => img.colour === c)!.art.base)).size).toBe(p.colours.length);
    }
  });

  it('leaves products without colours with colourless variants and pictures', () => {
    for (const p of demoProducts.filter((x) => x.colours.length === 0)) {
      expect(p.variants.every((v) => v.colour === null)).toBe(true);
      expect(p.images.every((img) => img.colour === null)).toBe(true);
    }
  });
});

describe('demo banners and testimonials', () => {
  it('has 3 or 4 banners linking to /products or an existing category key', () => {
    expect(demoBanners.length).toBeGreaterThanOrEqual(3);
    expect(demoBanners.length).toBeLessThanOrEqual(4);
    const keys = new Set(demoCategories.map((c) => c.key));
    for (const b of demoBanners) {
      expect(b.headline.length).toBeGreaterThan(0);
      expect(b.art.kinds.length).toBeGreaterThan(0);
      if (b.link === null || b.link === '/products') continue;
      const m = /^\/category\/([a-z0-9-]+)$/.exec(b.link);
      expect(m).not.toBeNull();
      expect(keys.has(m![1])).toBe(true);
    }
  });

  it('has 10 testimonials with content of 10..500 chars and rating 1..5', () => {
    expect(demoTestimonials).toHaveLength(10);
    for (const t of demoTestimonials) {
      expect(t.authorName.length).toBeGreaterThan(1);
      expect(t.content.length).toBeGreaterThanOrEqual(10);
      expect(t.content.length).toBeLessThanOrEqual(500);
      expect(Number.isInteger(t.rating)).toBe(true);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
  });
});

describe('garment artwork', () => {
  const views: GarmentArt['view'][] = ['front', 'back', 'detail', 'folded'];

  it('renders an SVG document for every kind and view', () => {
    for (const kind of KINDS) {
      for (const view of views) {
        const svg = renderGarmentSvg({ kind, base: '#2f4a7a', accent: '#d4a537', pattern: 'zari-border', background: '#f6efe6', view });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain('width="800"');
        expect(svg.trim().endsWith('</svg>')).toBe(true);
        expect(svg.length).toBeLessThan(15_000);
        expect(svg).not.toMatch(/NaN|undefined/);
      }
    }
  });

  it('honours a custom size and is deterministic', () => {
    const art: GarmentArt = {
      kind: 'kurta',
      base: '#8a2433',
      accent: '#1d2740',
      pattern: 'block-print',
      background: '#f3ecdc',
      view: 'front',
    };
    const svg = renderGarmentSvg(art, 400, 500);
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="500"');
    expect(renderGarmentSvg(art)).toBe(renderGarmentSvg(art));
  });

  it('renders every product image, banner and an avatar', () => {
    for (const p of demoProducts) for (const img of p.images) expect(renderGarmentSvg(img.art)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    for (const b of demoBanners) {
      const svg = renderBannerSvg(b);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('width="1600"');
      expect(svg).not.toMatch(/NaN|undefined/);
    }
    const avatar = renderAvatarSvg('Priya Raghavan');
    expect(avatar.startsWith('<svg')).toBe(true);
    expect(avatar).toContain('>PR<');
  });
});

describe('demo shop settings', () => {
  it('pass the settings schema: a Karnataka shop with a GSTIN whose check character is right', () => {
    const parsed = shopSettingsSchema.safeParse(demoShopSettings);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({ state: 'Karnataka', gstin: '29AABCR1234M1Z9', cod: { enabled: true, maxOrderTotal: 5000 } });
  });
});

describe('demo HSN codes', () => {
  it('gives every demo product the GST heading of what it is', () => {
    const byTitle = Object.fromEntries(demoProducts.map((p) => [p.title, demoHsn(p)]));
    expect(byTitle['Kanjeevaram Silk Saree – Temple Border']).toBe('5007');
    expect(byTitle['Chanderi Cotton Saree – Gold Buti']).toBe('5208');
    expect(byTitle['Bandhani Georgette Saree']).toBe('5407');
    expect(byTitle['Indigo Dabu Print Cotton Kurta']).toBe('6211');
    expect(byTitle['Linen Mandarin Collar Shirt']).toBe('6205');
    expect(byTitle['Breton Stripe Cotton Tee']).toBe('6109');
    expect(byTitle['Fleece Pullover Hoodie – Maroon']).toBe('6110');
    expect(byTitle['Phulkari Embroidered Dupatta']).toBe('6214');
    expect(byTitle['Quilted Bomber Jacket – Olive']).toBe('6201');
    expect(byTitle['Ivory Brocade Sherwani']).toBe('6203');
    for (const hsn of Object.values(byTitle)) expect(hsn).toMatch(/^(50|52|54|61|62)\d{2}$/);
  });
});
