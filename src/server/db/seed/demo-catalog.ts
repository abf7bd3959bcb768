/**
 * Demo catalogue for the Rangmanch storefront: categories, products (with size variants and
 * artwork descriptors), hero banners and testimonials. Pure, deterministic data — the seeder turns
 * it into rows and `garment-art.ts` turns each `GarmentArt` into an image offline.
 */
import type { CouponInput } from '../../../core/schemas/coupons';
import { DEFAULT_SHOP_SETTINGS, type ShopSettingsInput } from '../../../core/schemas/settings';
import { swatchFor } from '../../../core/swatches';
import { WHATSAPP_KINDS } from '../../../core/whatsapp';

export type GarmentKind =
  | 'kurta'
  | 'saree'
  | 'shirt'
  | 'tee'
  | 'jeans'
  | 'dress'
  | 'kurti'
  | 'lehenga'
  | 'sherwani'
  | 'jacket'
  | 'trousers'
  | 'dupatta'
  | 'hoodie'
  | 'skirt'
  | 'nehru-jacket'
  | 'palazzo';

export interface GarmentArt {
  kind: GarmentKind;
  /** Main fabric colour (hex). */
  base: string;
  /** Pattern / trim colour (hex). */
  accent: string;
  pattern: 'plain' | 'stripes' | 'checks' | 'block-print' | 'paisley' | 'dots' | 'zari-border' | 'ikat';
  /** Soft studio backdrop (hex). */
  background: string;
  view: 'front' | 'back' | 'detail' | 'folded';
}

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
  parentKey?: string;
}

export interface DemoVariant {
  /** One of the product's `colours`; null when it has none. */
  colour: string | null;
  size: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL';
  priceRupees: number;
  compareAtRupees: number | null;
  stock: number;
}

export interface DemoProduct {
  /** kebab-case slug, unique, also used in SKUs */
  key: string;
  title: string;
  description: string;
  /** child category keys first */
  categoryKeys: string[];
  isBestseller: boolean;
  createdDaysAgo: number;
  /**
   * The Colour option's values in order, names from the standard swatch list (core/swatches.ts);
   * empty when the product comes in one colour (docs/architecture.md#colours-and-sizes).
   */
  colours: string[];
  /** Every colour × size (colour order, then XS..XXL); one per size when it has no colours. */
  variants: DemoVariant[];
  /**
   * 2-4 pictures of the first colour (or of the product), then one of each further colour;
   * `colour` names the colour a picture shows, null on a product without colours.
   */
  images: { alt: string; art: GarmentArt; colour: string | null }[];
}

export interface DemoBanner {
  alt: string;
  /** '/products' or '/category/key' with the category KEY; the seeder swaps in ids */
  link: string | null;
  headline: string;
  subline: string;
  art: { palette: [string, string, string]; kinds: GarmentKind[] };
}

export interface DemoTestimonial {
  authorName: string;
  authorHandle: string | null;
  /** 10..500 chars */
  content: string;
  /** 1..5 */
  rating: number;
}

// ---------------------------------------------------------------------------------------------
// Categories (parents first, then children)
// ---------------------------------------------------------------------------------------------

export const demoCategories: DemoCategory[] = [
  { key: 'women', name: 'Women', description: 'Kurtas, sarees, dresses and everyday ethnic wear for women.' },
  { key: 'men', name: 'Men', description: 'Shirts, tees, denim and kurtas for men.' },
  { key: 'festive', name: 'Festive & Wedding', description: 'Silk, zari and brocade for weddings, pujas and sangeet nights.' },

  {
    key: 'women-kurtas',
    name: 'Kurtas & Kurtis',
    parentKey: 'women',
    description: 'Hand block prints, chikankari and easy cotton kurtis.',
  },
  { key: 'women-sarees', name: 'Sarees', parentKey: 'women', description: 'Handloom cottons, georgettes and pure silk sarees.' },
  { key: 'women-dresses', name: 'Dresses', parentKey: 'women', description: 'Midi, maxi and wrap dresses in breathable fabrics.' },
  { key: 'women-bottoms', name: 'Skirts & Palazzos', parentKey: 'women', description: 'Flowing palazzos, wrap skirts and ghagras.' },
  { key: 'women-dupattas', name: 'Dupattas & Stoles', parentKey: 'women', description: 'Phulkari, bandhani and Banarasi dupattas.' },

  { key: 'men-shirts', name: 'Shirts', parentKey: 'men', description: 'Linen, Oxford and madras shirts for work and weekends.' },
  { key: 'men-tees', name: 'T-Shirts & Hoodies', parentKey: 'men', description: 'Soft cotton tees and cosy hoodies.' },
  {
    key: 'men-ethnic',
    name: "Men's Kurtas & Nehru Jackets",
    parentKey: 'men',
    description: 'Everyday and festive kurtas, plus sharp Nehru jackets.',
  },
  { key: 'men-bottoms', name: 'Jeans & Trousers', parentKey: 'men', description: 'Stretch denim, chinos and linen trousers.' },
  { key: 'men-jackets', name: 'Jackets', parentKey: 'men', description: 'Denim and bomber jackets for cooler evenings.' },

  {
    key: 'festive-lehengas',
    name: 'Lehengas',
    parentKey: 'festive',
    description: 'Flared lehenga sets with zari, mirror and bandhani work.',
  },
  {
    key: 'festive-sherwanis',
    name: 'Sherwanis',
    parentKey: 'festive',
    description: 'Brocade, velvet and raw-silk sherwanis for the groom and his squad.',
  },
  { key: 'festive-sarees', name: 'Wedding Sarees', parentKey: 'festive', description: 'Kanjeevaram, Banarasi and Paithani silks.' },
];

// ---------------------------------------------------------------------------------------------
// Helpers (deterministic)
// ---------------------------------------------------------------------------------------------

type Size = DemoVariant['size'];
type View = GarmentArt['view'];
type Pattern = GarmentArt['pattern'];
const SIZES: Size[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** The sizes a product is cut in and their one price (every size and colour costs the same). */
interface SizeRun {
  priceRupees: number;
  compareAtRupees: number | null;
  sizes: Size[];
}

/** Size run `from`..`to` at one price. */
function sizes(priceRupees: number, compareAtRupees: number | null, from: Size, to: Size): SizeRun {
  return { priceRupees, compareAtRupees, sizes: SIZES.slice(SIZES.indexOf(from), SIZES.indexOf(to) + 1) };
}

/** Single free-size variant (sarees, dupattas) — stored as size 'M'. */
function freeSize(priceRupees: number, compareAtRupees: number | null): SizeRun {
  return { priceRupees, compareAtRupees, sizes: ['M'] };
}

/**
 * The few variants the demo keeps short, so the dashboard's stock alerts and the low-stock mail sent
 * at first start have something to show without the shop looking in trouble: `key/size` or
 * `key/Colour/size` → units. Every other variant is well stocked (`openingStock`). Browser tests rely
 * on the first two (the Indigo Dabu kurta's sold-out M and its "Only 2 left" XXL) and on the one
 * unit of the brocade sherwani's XXL.
 */
export const SHORT_STOCK: Readonly<Record<string, number>> = {
  'indigo-dabu-print-cotton-kurta/M': 0,
  'indigo-dabu-print-cotton-kurta/XXL': 2,
  'ivory-brocade-sherwani/XXL': 1,
  'kanjeevaram-silk-saree-temple-border/M': 3,
  'paithani-silk-saree-peacock-border/M': 2,
  'chikankari-georgette-kurti/Mint green/XS': 4,
  'jaipuri-block-print-palazzo/Mustard/XXL': 5,
  'linen-mandarin-collar-shirt/Olive green/XL': 0,
  'zari-silk-lehenga-ruby-red/XL': 0,
};

/** 32-bit FNV-1a hash of a string: the seed of a variant's stock. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A variant's opening stock: its SHORT_STOCK entry, else a well-stocked count drawn from a
 * generator seeded by the variant's name (the same every seed): 12-60 pieces, 8-20 of garments
 * at ₹5,000 or more (silks and wedding wear are made in smaller batches).
 */
function openingStock(key: string, colour: string | null, size: Size, priceRupees: number): number {
  const name = colour ? `${key}/${colour}/${size}` : `${key}/${size}`;
  if (name in SHORT_STOCK) return SHORT_STOCK[name];
  // One step of mulberry32 over the name's hash: evenly spread in [0, 1).
  let t = (hash(name) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  const [low, high] = priceRupees >= 5000 ? [8, 20] : [12, 60];
  return low + Math.floor(r * (high - low + 1));
}

const VIEW_LABEL: Record<View, string> = {
  front: 'front view',
  back: 'back view',
  detail: 'close-up of the fabric and finishing',
  folded: 'folded',
};

const BG = {
  cream: '#f6efe6',
  blush: '#f7e8e6',
  mist: '#eaf0f5',
  mint: '#e8f1ea',
  sand: '#f3ecdc',
  lilac: '#f0e9f3',
  peach: '#f9ece2',
  stone: '#eeebe6',
} as const;

/** Relative luminance of a #rrggbb colour, 0 (black) .. 1 (white), for picking a visible trim. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The product's trim on another colour of fabric, or a cream / deep trim when it would not show. */
function trimOn(base: string, accent: string): string {
  if (Math.abs(luminance(base) - luminance(accent)) >= 0.12) return accent;
  return luminance(base) > 0.4 ? '#3a2f2a' : '#f3e9d2';
}

interface Def {
  key: string;
  title: string;
  description: string;
  categoryKeys: string[];
  isBestseller?: boolean;
  createdDaysAgo: number;
  variants: SizeRun;
  /** The artwork of the product (of its first colour): kind, fabric, trim, pattern, backdrop. */
  art: [GarmentKind, string, string, Pattern, string];
  /** The pictures of the product (of its first colour). */
  views: View[];
  /**
   * Standard colour names (core/swatches.ts), the first being the colour `art` shows; each further
   * colour gets one front picture of the garment dyed in its standard swatch.
   */
  colours?: string[];
}

function product(d: Def): DemoProduct {
  const [kind, base, accent, pattern, background] = d.art;
  const colours = d.colours ?? [];
  const { priceRupees, compareAtRupees } = d.variants;
  const images: DemoProduct['images'] = d.views.map((view) => ({
    alt: `${d.title} – ${VIEW_LABEL[view]}`,
    art: { kind, base, accent, pattern, background, view },
    colour: colours[0] ?? null,
  }));
  for (const colour of colours.slice(1)) {
    const dyed = swatchFor(colour);
    images.push({
      alt: `${d.title} in ${colour.toLowerCase()} – front view`,
      art: { kind, base: dyed, accent: trimOn(dyed, accent), pattern, background, view: 'front' },
      colour,
    });
  }
  const variants = (colours.length > 0 ? colours : [null]).flatMap((colour) =>
    d.variants.sizes.map((size) => ({
      colour,
      size,
      priceRupees,
      compareAtRupees,
      stock: openingStock(d.key, colour, size, priceRupees),
    })),
  );
  return {
    key: d.key,
    title: d.title,
    description: d.description,
    categoryKeys: d.categoryKeys,
    isBestseller: d.isBestseller ?? false,
    createdDaysAgo: d.createdDaysAgo,
    colours,
    variants,
    images,
  };
}

const GOLD = '#d4a537';

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export const demoProducts: DemoProduct[] = [
  // ----- Women: Kurtas & Kurtis -----
  product({
    key: 'indigo-dabu-print-cotton-kurta',
    title: 'Indigo Dabu Print Cotton Kurta',
    description:
      'Hand block printed in Rajasthan using the mud-resist dabu technique on soft 60s cotton. Straight fit with a mandarin collar, button placket and side slits for easy movement. Gentle machine wash cold, dry in shade.',
    categoryKeys: ['women-kurtas', 'women'],
    isBestseller: true,
    createdDaysAgo: 12,
    variants: sizes(1299, 1799, 'XS', 'XXL'),
    art: ['kurta', '#2f4a7a', '#ece6d6', 'block-print', BG.cream],
    views: ['front', 'back', 'detail', 'folded'],
  }),
  product({
    key: 'chikankari-georgette-kurti',
    title: 'Chikankari Georgette Kurti',
    description:
      'Lucknowi chikankari hand embroidery on a flowing powder-blue georgette, lined in cotton for comfort. A-line silhouette with three-quarter sleeves that flatters every frame. Dry clean or gentle hand wash.',
    categoryKeys: ['women-kurtas', 'women'],
    isBestseller: true,
    createdDaysAgo: 5,
    variants: sizes(1899, 2499, 'XS', 'XXL'),
    art: ['kurti', '#9fbfdc', '#ffffff', 'dots', BG.blush],
    views: ['front', 'back', 'detail'],
    colours: ['Powder blue', 'Mint green', 'Onion pink'],
  }),
  product({
    key: 'ajrakh-hand-block-print-kurta',
    title: 'Ajrakh Hand Block Print Kurta',
    description:
      'Traditional Kutch ajrakh printed with natural madder and indigo dyes on breathable cotton cambric. Relaxed straight fit that falls just below the knee. Hand wash separately in cold water; colours may bleed slightly at first.',
    categoryKeys: ['women-kurtas', 'women'],
    createdDaysAgo: 41,
    variants: sizes(1699, 2199, 'XS', 'XXL'),
    art: ['kurta', '#8a2433', '#1d2740', 'block-print', BG.sand],
    views: ['front', 'detail', 'folded'],
    colours: ['Maroon', 'Indigo'],
  }),
  product({
    key: 'mustard-bandhani-anarkali-kurti',
    title: 'Mustard Bandhani Anarkali Kurti',
    description:
      'Tie-dyed bandhani dots on lightweight modal silk, cut as a softly flared anarkali with a contrast hem. Fitted through the bodice and flowing below the waist. Dry clean recommended.',
    categoryKeys: ['women-kurtas', 'women'],
    createdDaysAgo: 27,
    variants: sizes(2199, 2899, 'S', 'XXL'),
    art: ['kurti', '#d9a21b', '#8b1e3f', 'dots', BG.peach],
    views: ['front', 'back'],
  }),
  product({
    key: 'rose-pink-mirror-work-straight-kurta',
    title: 'Rose Pink Mirror Work Straight Kurta',
    description:
      'Cotton-silk kurta with hand-stitched mirror work scattered across the body. Straight fit with a neat mandarin collar and side slits; pair it with palazzos or churidar. Hand wash cold, iron on reverse.',
    categoryKeys: ['women-kurtas', 'women'],
    createdDaysAgo: 3,
    variants: sizes(1599, 1999, 'XS', 'XXL'),
    art: ['kurta', '#d8607a', '#eef0f6', 'dots', BG.mist],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'kalamkari-a-line-cotton-kurti',
    title: 'Kalamkari A-Line Cotton Kurti',
    description:
      'Pen-drawn kalamkari paisleys on a rust cotton base from Machilipatnam. Easy A-line cut with three-quarter sleeves and a flattering round neck. Machine wash gentle with like colours.',
    categoryKeys: ['women-kurtas', 'women'],
    createdDaysAgo: 58,
    variants: sizes(1399, 1899, 'XS', 'XXL'),
    art: ['kurti', '#b5532d', '#f1d9a6', 'paisley', BG.cream],
    views: ['front', 'detail', 'folded'],
    colours: ['Rust', 'Mustard', 'Teal'],
  }),
  product({
    key: 'sage-linen-pintuck-kurti',
    title: 'Sage Green Linen Kurti with Pintucks',
    description:
      'Pure linen kurti with fine pintucks at the yoke and a subtle self stripe. Relaxed fit that gets softer with every wash. Machine wash cold, line dry.',
    categoryKeys: ['women-kurtas', 'women'],
    createdDaysAgo: 73,
    variants: sizes(1199, null, 'S', 'XXL'),
    art: ['kurti', '#93b092', '#7a9878', 'stripes', BG.stone],
    views: ['front', 'back'],
  }),

  // ----- Women: Sarees -----
  product({
    key: 'kanjeevaram-silk-saree-temple-border',
    title: 'Kanjeevaram Silk Saree – Temple Border',
    description:
      'Pure mulberry silk handwoven in Kanchipuram with a gold zari temple border and a rich pallu. Six yards including an unstitched blouse piece. Dry clean only; store wrapped in muslin.',
    categoryKeys: ['women-sarees', 'festive-sarees', 'women'],
    isBestseller: true,
    createdDaysAgo: 18,
    variants: freeSize(8999, 11999),
    art: ['saree', '#8e1b3a', GOLD, 'zari-border', BG.cream],
    views: ['front', 'detail', 'folded', 'back'],
  }),
  product({
    key: 'banarasi-katan-silk-saree',
    title: 'Banarasi Katan Silk Saree',
    description:
      'Katan silk from Varanasi woven with kalka paisley butis and a gleaming zari border. Drapes beautifully with a soft sheen; blouse piece included. Dry clean only.',
    categoryKeys: ['women-sarees', 'festive-sarees', 'women'],
    createdDaysAgo: 35,
    variants: freeSize(10999, 13999),
    art: ['saree', '#1f5c4a', GOLD, 'paisley', BG.sand],
    views: ['front', 'detail', 'folded'],
  }),
  product({
    key: 'chanderi-cotton-saree-gold-buti',
    title: 'Chanderi Cotton Saree – Gold Buti',
    description:
      'Feather-light Chanderi silk-cotton scattered with tiny gold butis. Sheer, airy and perfect for summer functions; comes with a contrast blouse piece. Gentle hand wash or dry clean.',
    categoryKeys: ['women-sarees', 'women'],
    createdDaysAgo: 9,
    variants: freeSize(2499, 3199),
    art: ['saree', '#e6a8ae', GOLD, 'dots', BG.mint],
    views: ['front', 'detail'],
    colours: ['Onion pink', 'Mint green', 'Off-white'],
  }),
  product({
    key: 'pochampally-ikat-silk-saree',
    title: 'Pochampally Ikat Silk Saree',
    description:
      'Double ikat handwoven in Telangana, each thread resist-dyed before weaving to create crisp geometric zigzags. Medium-weight silk that holds pleats well. Dry clean only.',
    categoryKeys: ['women-sarees', 'women'],
    createdDaysAgo: 48,
    variants: freeSize(6499, 8299),
    art: ['saree', '#283a6b', '#e0703a', 'ikat', BG.peach],
    views: ['front', 'detail', 'folded'],
  }),
  product({
    key: 'bandhani-georgette-saree',
    title: 'Bandhani Georgette Saree',
    description:
      'Jamnagar bandhani tie-dye on fluid georgette in a festive magenta. Lightweight and easy to drape, with a gota-finished border. Dry clean recommended.',
    categoryKeys: ['women-sarees', 'women'],
    createdDaysAgo: 22,
    variants: freeSize(2999, 3899),
    art: ['saree', '#c2185b', '#fbe3a0', 'dots', BG.cream],
    views: ['front', 'detail'],
    colours: ['Magenta', 'Mustard', 'Bottle green'],
  }),
  product({
    key: 'mangalagiri-checked-cotton-saree',
    title: 'Mangalagiri Checked Cotton Saree',
    description:
      'Handloom Mangalagiri cotton in teal checks with a nizam zari border. Crisp, breathable and office-friendly. Hand wash separately; starch for a structured drape.',
    categoryKeys: ['women-sarees', 'women'],
    createdDaysAgo: 64,
    variants: freeSize(1899, 2399),
    art: ['saree', '#2e7d6b', '#f3c64f', 'checks', BG.stone],
    views: ['front', 'folded'],
  }),

  // ----- Women: Dresses -----
  product({
    key: 'floral-block-print-midi-dress',
    title: 'Floral Block Print Midi Dress',
    description:
      'Sanganeri floral block print on soft cotton voile, with a fitted bodice and a swishy flared skirt. Fully lined with side pockets and a concealed back zip. Machine wash gentle, dry in shade.',
    categoryKeys: ['women-dresses', 'women'],
    isBestseller: true,
    createdDaysAgo: 7,
    variants: sizes(1999, 2699, 'XS', 'XXL'),
    art: ['dress', '#f0bfae', '#b23a48', 'block-print', BG.mint],
    views: ['front', 'back', 'detail'],
    colours: ['Peach', 'Sky blue', 'Mint green'],
  }),
  product({
    key: 'indigo-ikat-tiered-maxi-dress',
    title: 'Indigo Ikat Tiered Maxi Dress',
    description:
      'Handwoven ikat cotton in deep indigo, cut into a breezy tiered maxi. Fitted at the bodice with a relaxed skirt; pairs with juttis or sneakers. Hand wash cold, colours may bleed.',
    categoryKeys: ['women-dresses', 'women'],
    createdDaysAgo: 31,
    variants: sizes(2299, 2999, 'S', 'XXL'),
    art: ['dress', '#34497a', '#f1ede4', 'ikat', BG.sand],
    views: ['front', 'detail'],
  }),
  product({
    key: 'polka-dot-rayon-wrap-dress',
    title: 'Polka Dot Rayon Wrap Dress',
    description:
      'Classic navy polka dots on fluid rayon crepe. True wrap fit with a tie waist that adjusts to you. Machine wash cold, low iron.',
    categoryKeys: ['women-dresses', 'women'],
    createdDaysAgo: 44,
    variants: sizes(1599, 2099, 'XS', 'XXL'),
    art: ['dress', '#1f2340', '#ffffff', 'dots', BG.blush],
    views: ['front', 'back'],
    colours: ['Navy', 'Black', 'Maroon'],
  }),
  product({
    key: 'mulmul-cotton-sundress-mango',
    title: 'Mulmul Cotton Sundress – Mango Yellow',
    description:
      'Double-layered mulmul cotton that stays cool on the hottest days. Relaxed fit-and-flare with a smocked back. Machine wash gentle, line dry.',
    categoryKeys: ['women-dresses', 'women'],
    createdDaysAgo: 2,
    variants: sizes(1499, null, 'S', 'XXL'),
    art: ['dress', '#f2b33d', '#c9562a', 'plain', BG.mist],
    views: ['front', 'back', 'folded'],
  }),
  product({
    key: 'striped-linen-shirt-dress',
    title: 'Striped Linen Shirt Dress',
    description:
      'Linen-cotton blend with crisp blue pinstripes and a self-tie belt. Regular fit that sits comfortably at the waist. Machine wash cold; iron while damp.',
    categoryKeys: ['women-dresses', 'women'],
    createdDaysAgo: 66,
    variants: sizes(1799, 2399, 'XS', 'XXL'),
    art: ['dress', '#dde7f1', '#3d6aa2', 'stripes', BG.cream],
    views: ['front', 'detail'],
  }),

  // ----- Women: Skirts & Palazzos -----
  product({
    key: 'jaipuri-block-print-palazzo',
    title: 'Jaipuri Block Print Palazzo',
    description:
      'Wide-leg palazzo in cotton cambric with a traditional Jaipuri butta print. Comfortable elasticated waist with a drawstring and side pockets. Machine wash cold.',
    categoryKeys: ['women-bottoms', 'women'],
    isBestseller: true,
    createdDaysAgo: 14,
    variants: sizes(999, 1399, 'XS', 'XXL'),
    art: ['palazzo', '#2b6e74', '#f6e7c8', 'block-print', BG.peach],
    views: ['front', 'detail', 'folded'],
    colours: ['Teal', 'Indigo', 'Maroon', 'Mustard'],
  }),
  product({
    key: 'rayon-flared-palazzo-wine',
    title: 'Rayon Flared Palazzo – Wine',
    description:
      'Fluid rayon palazzo in a rich wine shade that pairs with almost any kurta. Elasticated waist and a generous flare. Machine wash cold, do not tumble dry.',
    categoryKeys: ['women-bottoms', 'women'],
    createdDaysAgo: 52,
    variants: sizes(899, 1199, 'XS', 'XXL'),
    art: ['palazzo', '#6d1f3a', '#a8405e', 'plain', BG.stone],
    views: ['front', 'folded'],
  }),
  product({
    key: 'ikat-cotton-wrap-skirt',
    title: 'Ikat Cotton Wrap Skirt',
    description:
      'Handwoven ikat cotton wrap skirt with a long tie closure, falling to mid-calf. Adjustable fit that works from S to XL. Hand wash separately in cold water.',
    categoryKeys: ['women-bottoms', 'women'],
    createdDaysAgo: 38,
    variants: sizes(1299, 1699, 'S', 'XL'),
    art: ['skirt', '#b44a2e', '#f3dcc0', 'ikat', BG.cream],
    views: ['front', 'back', 'detail'],
    colours: ['Rust', 'Indigo'],
  }),
  product({
    key: 'mirror-work-ghagra-skirt',
    title: 'Mirror Work Ghagra Skirt',
    description:
      'Navy cotton ghagra with hand-applied mirror work and a flared twelve-panel cut. Drawstring waist with tasselled tie. Dry clean or gentle hand wash.',
    categoryKeys: ['women-bottoms', 'festive-lehengas', 'women'],
    createdDaysAgo: 83,
    variants: sizes(1899, 2499, 'S', 'XXL'),
    art: ['skirt', '#1e3f66', '#e7c65a', 'dots', BG.sand],
    views: ['front', 'detail'],
    colours: ['Navy', 'Maroon', 'Bottle green'],
  }),

  // ----- Women: Dupattas -----
  product({
    key: 'phulkari-embroidered-dupatta',
    title: 'Phulkari Embroidered Dupatta',
    description:
      'Punjabi phulkari hand embroidery in bright silk floss on a cotton base. 2.25 m long, finished with tassels. Dry clean to keep the embroidery vivid.',
    categoryKeys: ['women-dupattas', 'women'],
    createdDaysAgo: 20,
    variants: freeSize(1499, 1999),
    art: ['dupatta', '#e0475b', '#f7c948', 'block-print', BG.mint],
    views: ['front', 'detail'],
    colours: ['Red', 'Rani pink'],
  }),
  product({
    key: 'banarasi-silk-dupatta-zari-border',
    title: 'Banarasi Silk Dupatta – Zari Border',
    description:
      'Royal purple Banarasi silk with a woven gold zari border on all four sides. Instantly lifts a plain kurta set for festive evenings. Dry clean only.',
    categoryKeys: ['women-dupattas', 'festive-sarees', 'women'],
    createdDaysAgo: 29,
    variants: freeSize(2299, 2999),
    art: ['dupatta', '#5b2a86', GOLD, 'zari-border', BG.cream],
    views: ['front', 'detail', 'folded'],
  }),
  product({
    key: 'bandhani-chiffon-dupatta',
    title: 'Bandhani Chiffon Dupatta',
    description: 'Sunset orange chiffon with fine bandhani dots and a lace edge. Sheer, light and easy to drape. Hand wash cold, dry flat.',
    categoryKeys: ['women-dupattas', 'women'],
    createdDaysAgo: 61,
    variants: freeSize(899, 1199),
    art: ['dupatta', '#f08a24', '#fff3d6', 'dots', BG.lilac],
    views: ['front', 'folded'],
  }),

  // ----- Men: Shirts -----
  product({
    key: 'linen-mandarin-collar-shirt',
    title: 'Linen Mandarin Collar Shirt',
    description:
      'Pure European linen in a soft sky blue, garment washed for a lived-in feel. Regular fit with a full-length placket and a curved hem. Machine wash cold, line dry, iron while damp.',
    categoryKeys: ['men-shirts', 'men'],
    isBestseller: true,
    createdDaysAgo: 6,
    variants: sizes(1799, 2299, 'XS', 'XXL'),
    art: ['shirt', '#7d9bb5', '#d9e3ee', 'plain', BG.sand],
    views: ['front', 'back', 'detail', 'folded'],
    colours: ['Sky blue', 'Off-white', 'Olive green', 'Navy'],
  }),
  product({
    key: 'madras-check-cotton-shirt',
    title: 'Madras Check Cotton Shirt',
    description:
      'Vibrant madras checks yarn-dyed and woven in Tamil Nadu. Slim fit with a button-down collar and a chest pocket. Machine wash cold with like colours.',
    categoryKeys: ['men-shirts', 'men'],
    createdDaysAgo: 24,
    variants: sizes(1299, 1699, 'XS', 'XXL'),
    art: ['shirt', '#c43d3d', '#f2c14e', 'checks', BG.cream],
    views: ['front', 'back', 'folded'],
    colours: ['Red', 'Indigo', 'Bottle green'],
  }),
  product({
    key: 'striped-oxford-cotton-shirt',
    title: 'Striped Oxford Cotton Shirt',
    description:
      'Breathable Oxford cotton with classic university stripes. Regular fit that works tucked in for the office or loose on weekends. Machine wash, warm iron.',
    categoryKeys: ['men-shirts', 'men'],
    createdDaysAgo: 49,
    variants: sizes(1399, 1799, 'XS', 'XXL'),
    art: ['shirt', '#f1f4f9', '#4a6fa5', 'stripes', BG.blush],
    views: ['front', 'detail'],
    colours: ['White', 'Sky blue', 'Pink'],
  }),
  product({
    key: 'kalamkari-print-casual-shirt',
    title: 'Kalamkari Print Casual Shirt',
    description:
      'Hand-painted kalamkari-inspired paisleys printed on soft cotton poplin. Relaxed fit with a spread collar and half-moon hem. Machine wash cold, dry in shade.',
    categoryKeys: ['men-shirts', 'men'],
    createdDaysAgo: 16,
    variants: sizes(1599, 1999, 'S', 'XXL'),
    art: ['shirt', '#233d5c', '#e3b04b', 'paisley', BG.mist],
    views: ['front', 'back', 'detail'],
    colours: ['Navy', 'Maroon', 'Bottle green'],
  }),
  product({
    key: 'chambray-denim-shirt',
    title: 'Chambray Denim Shirt',
    description:
      'Lightweight cotton chambray that feels like denim but breathes like a shirt. Slim fit with twin chest pockets and snap-look buttons. Machine wash cold inside out.',
    categoryKeys: ['men-shirts', 'men'],
    createdDaysAgo: 77,
    variants: sizes(1699, 2199, 'XS', 'XXL'),
    art: ['shirt', '#5b7fa6', '#d9e3ee', 'plain', BG.stone],
    views: ['front', 'folded'],
    colours: ['Blue', 'Indigo', 'Grey'],
  }),

  // ----- Men: T-Shirts & Hoodies -----
  product({
    key: 'supima-cotton-crew-neck-tee-mustard',
    title: 'Supima Cotton Crew Neck Tee – Mustard',
    description:
      'Long-staple Supima cotton jersey, 180 GSM, bio-washed for a buttery hand-feel. Regular fit with a ribbed crew neck that keeps its shape. Machine wash cold, tumble dry low.',
    categoryKeys: ['men-tees', 'men'],
    isBestseller: true,
    createdDaysAgo: 4,
    variants: sizes(699, 999, 'XS', 'XXL'),
    art: ['tee', '#d8a31a', '#b0820f', 'plain', BG.mist],
    views: ['front', 'back', 'folded'],
  }),
  product({
    key: 'breton-stripe-cotton-tee',
    title: 'Breton Stripe Cotton Tee',
    description:
      'Navy Breton stripes on an off-white combed cotton jersey. Relaxed fit with dropped shoulders. Machine wash cold, do not bleach.',
    categoryKeys: ['men-tees', 'men'],
    createdDaysAgo: 33,
    variants: sizes(799, 1099, 'XS', 'XXL'),
    art: ['tee', '#f4f1ea', '#1f3a5f', 'stripes', BG.blush],
    views: ['front', 'back'],
    colours: ['Off-white', 'Navy', 'Maroon'],
  }),
  product({
    key: 'block-print-pocket-tee',
    title: 'Block Print Pocket Tee',
    description:
      'Forest green organic cotton tee hand block printed with tiny buttis. Regular fit with a patch pocket. Machine wash cold inside out.',
    categoryKeys: ['men-tees', 'men'],
    createdDaysAgo: 56,
    variants: sizes(899, 1199, 'S', 'XXL'),
    art: ['tee', '#3d5a40', '#efe2c4', 'block-print', BG.sand],
    views: ['front', 'detail'],
    colours: ['Bottle green', 'Indigo', 'Rust', 'Mustard'],
  }),
  product({
    key: 'fleece-pullover-hoodie-maroon',
    title: 'Fleece Pullover Hoodie – Maroon',
    description:
      'Brushed-back cotton fleece, 320 GSM, for cool Bengaluru evenings and Delhi winters. Relaxed fit with a lined hood, kangaroo pocket and rib cuffs. Machine wash cold inside out.',
    categoryKeys: ['men-tees', 'men'],
    createdDaysAgo: 69,
    variants: sizes(1999, 2699, 'XS', 'XXL'),
    art: ['hoodie', '#7b2233', '#e9dcd0', 'plain', BG.cream],
    views: ['front', 'back', 'folded'],
  }),
  product({
    key: 'ikat-panel-cotton-hoodie',
    title: 'Ikat Panel Cotton Hoodie',
    description:
      'Charcoal French terry hoodie with an all-over ikat zigzag print. Regular fit with a zip-free pullover design. Machine wash cold, dry flat.',
    categoryKeys: ['men-tees', 'men'],
    createdDaysAgo: 87,
    variants: sizes(2299, 2999, 'S', 'XXL'),
    art: ['hoodie', '#2f3e4e', '#d98c5f', 'ikat', BG.peach],
    views: ['front', 'detail'],
    colours: ['Charcoal', 'Navy', 'Maroon'],
  }),

  // ----- Men: Kurtas & Nehru jackets -----
  product({
    key: 'off-white-chikankari-cotton-kurta',
    title: 'Off-White Chikankari Cotton Kurta',
    description:
      'Fine cotton kurta with delicate chikankari on the placket and yoke. Regular fit, knee length, with side pockets. Gentle hand wash, dry in shade.',
    categoryKeys: ['men-ethnic', 'men'],
    createdDaysAgo: 11,
    variants: sizes(1999, 2599, 'XS', 'XXL'),
    art: ['kurta', '#f3ede0', '#cdbb96', 'dots', BG.blush],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'mustard-silk-blend-kurta',
    title: 'Mustard Silk Blend Kurta',
    description:
      'Festive kurta in a lustrous silk-cotton blend with self-textured weave. Straight fit with a mandarin collar and covered buttons. Dry clean recommended.',
    categoryKeys: ['men-ethnic', 'festive-sherwanis', 'men'],
    createdDaysAgo: 25,
    variants: sizes(2499, 3199, 'XS', 'XXL'),
    art: ['kurta', '#c99a2e', '#8a5a12', 'plain', BG.mint],
    views: ['front', 'detail', 'folded'],
  }),
  product({
    key: 'indigo-ikat-handloom-kurta',
    title: 'Indigo Ikat Handloom Kurta',
    description:
      'Handloom ikat from Odisha in deep indigo and ecru. Comfort fit with a short mandarin collar and side slits. Hand wash separately in cold water.',
    categoryKeys: ['men-ethnic', 'men'],
    createdDaysAgo: 47,
    variants: sizes(1799, 2399, 'S', 'XXL'),
    art: ['kurta', '#2c3e6b', '#e8e1d1', 'ikat', BG.cream],
    views: ['front', 'back'],
  }),
  product({
    key: 'jacquard-nehru-jacket-bottle-green',
    title: 'Jacquard Nehru Jacket – Bottle Green',
    description:
      'Silk-blend jacquard woven with subtle paisleys, fully lined in satin. Tailored fit with a band collar and welt pockets; layer it over any kurta. Dry clean only.',
    categoryKeys: ['men-ethnic', 'festive-sherwanis', 'men'],
    isBestseller: true,
    createdDaysAgo: 19,
    variants: sizes(2799, 3599, 'XS', 'XXL'),
    art: ['nehru-jacket', '#1f4d3a', '#c9a34a', 'paisley', BG.sand],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'khadi-nehru-jacket-charcoal',
    title: 'Khadi Nehru Jacket – Charcoal',
    description:
      'Hand-spun, handwoven khadi cotton with a soft slub texture. Slim fit with horn-look buttons and a curved hem. Dry clean or gentle hand wash.',
    categoryKeys: ['men-ethnic', 'men'],
    createdDaysAgo: 80,
    variants: sizes(2299, null, 'S', 'XXL'),
    art: ['nehru-jacket', '#3b3f46', '#6a707a', 'plain', BG.mist],
    views: ['front', 'folded'],
  }),

  // ----- Men: Jeans & Trousers -----
  product({
    key: 'slim-fit-stretch-jeans-indigo',
    title: 'Slim Fit Stretch Jeans – Indigo',
    description:
      'Deep indigo denim with 2% stretch for all-day comfort. Slim through the thigh with a tapered leg and classic five-pocket styling. Machine wash cold inside out to keep the colour.',
    categoryKeys: ['men-bottoms', 'men'],
    isBestseller: true,
    createdDaysAgo: 13,
    variants: sizes(1999, 2799, 'XS', 'XXL'),
    art: ['jeans', '#2b4a7e', '#e2a84a', 'plain', BG.cream],
    views: ['front', 'back', 'detail', 'folded'],
  }),
  product({
    key: 'relaxed-fit-light-wash-jeans',
    title: 'Relaxed Fit Light Wash Jeans',
    description:
      'Rigid cotton denim stone-washed to a sunny light blue. Relaxed fit through the seat and thigh with a straight leg. Machine wash cold inside out.',
    categoryKeys: ['men-bottoms', 'men'],
    createdDaysAgo: 42,
    variants: sizes(2199, 2899, 'XS', 'XXL'),
    art: ['jeans', '#7fa1c7', '#e2a84a', 'plain', BG.stone],
    views: ['front', 'back'],
  }),
  product({
    key: 'cotton-chino-trousers-khaki',
    title: 'Cotton Chino Trousers – Khaki',
    description:
      'Peached cotton twill with a hint of stretch. Slim-straight fit with slant pockets and a clean flat front. Machine wash cold, warm iron.',
    categoryKeys: ['men-bottoms', 'men'],
    createdDaysAgo: 30,
    variants: sizes(1499, 1999, 'XS', 'XXL'),
    art: ['trousers', '#c2a878', '#8a7550', 'plain', BG.mist],
    views: ['front', 'back', 'folded'],
  }),
  product({
    key: 'linen-pleated-trousers-ecru',
    title: 'Linen Pleated Trousers – Ecru',
    description:
      'Breezy linen-viscose blend with a single front pleat and a fine chalk stripe. Relaxed fit with a tapered ankle. Machine wash cold, line dry.',
    categoryKeys: ['men-bottoms', 'men'],
    createdDaysAgo: 88,
    variants: sizes(1799, 2299, 'S', 'XXL'),
    art: ['trousers', '#e2d8c3', '#b9ab8e', 'stripes', BG.blush],
    views: ['front', 'detail'],
  }),

  // ----- Men: Jackets -----
  product({
    key: 'classic-denim-trucker-jacket',
    title: 'Classic Denim Trucker Jacket',
    description:
      'Mid-blue 12 oz denim with contrast copper stitching and metal shank buttons. Regular fit with flap chest pockets and adjustable waist tabs. Machine wash cold inside out.',
    categoryKeys: ['men-jackets', 'men'],
    createdDaysAgo: 36,
    variants: sizes(2999, 3999, 'XS', 'XXL'),
    art: ['jacket', '#3f5f8a', '#e2a84a', 'plain', BG.sand],
    views: ['front', 'back', 'detail'],
    colours: ['Blue', 'Indigo', 'Black'],
  }),
  product({
    key: 'quilted-bomber-jacket-olive',
    title: 'Quilted Bomber Jacket – Olive',
    description:
      'Light quilted bomber with a water-resistant nylon shell and recycled fill. Regular fit with rib cuffs, hem and collar. Gentle machine wash, do not iron.',
    categoryKeys: ['men-jackets', 'men'],
    createdDaysAgo: 71,
    variants: sizes(3499, 4499, 'XS', 'XXL'),
    art: ['jacket', '#5c6b3a', '#4a5630', 'checks', BG.cream],
    views: ['front', 'folded'],
  }),

  // ----- Festive: Lehengas -----
  product({
    key: 'zari-silk-lehenga-ruby-red',
    title: 'Zari Embroidered Silk Lehenga – Ruby Red',
    description:
      'Bridal-inspired raw silk lehenga with a heavy zari border, matching choli and net dupatta. Flared twenty-four-kali skirt with can-can lining; semi-stitched choli can be tailored to fit. Dry clean only.',
    categoryKeys: ['festive-lehengas', 'festive'],
    isBestseller: true,
    createdDaysAgo: 10,
    variants: sizes(14999, 19999, 'S', 'XXL'),
    art: ['lehenga', '#b0173a', GOLD, 'zari-border', BG.cream],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'pastel-mirror-work-lehenga-set',
    title: 'Pastel Mirror Work Lehenga Set',
    description:
      'Blush pink georgette lehenga with scattered mirror and sequin work, perfect for mehendi and sangeet. Flared fit with an adjustable drawstring waist. Dry clean only.',
    categoryKeys: ['festive-lehengas', 'festive'],
    createdDaysAgo: 23,
    variants: sizes(9999, 12999, 'S', 'XXL'),
    art: ['lehenga', '#f0b3c1', '#c9a34a', 'dots', BG.mint],
    views: ['front', 'detail', 'folded'],
    colours: ['Pink', 'Mint green', 'Lavender'],
  }),
  product({
    key: 'bandhani-lehenga-choli-marigold',
    title: 'Bandhani Lehenga Choli – Marigold',
    description:
      'Marigold cotton-silk lehenga with traditional bandhani and a gota patti hem. Comfortable flared fit for long haldi mornings. Dry clean recommended.',
    categoryKeys: ['festive-lehengas', 'festive'],
    createdDaysAgo: 53,
    variants: sizes(7499, 9499, 'XS', 'XXL'),
    art: ['lehenga', '#f2a11f', '#c2185b', 'dots', BG.lilac],
    views: ['front', 'detail'],
  }),

  // ----- Festive: Sherwanis -----
  product({
    key: 'ivory-brocade-sherwani',
    title: 'Ivory Brocade Sherwani',
    description:
      'Ivory silk brocade woven with antique gold paisleys, paired with a matching churidar. Tailored fit with a high band collar and concealed pockets. Dry clean only.',
    categoryKeys: ['festive-sherwanis', 'festive'],
    createdDaysAgo: 15,
    variants: sizes(15999, 19999, 'XS', 'XXL'),
    art: ['sherwani', '#efe3c8', '#c9a34a', 'paisley', BG.blush],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'velvet-sherwani-midnight-blue',
    title: 'Velvet Sherwani – Midnight Blue',
    description:
      'Plush midnight-blue velvet with zari-embroidered borders at the collar, cuffs and hem. Slim tailored fit for winter weddings. Dry clean only.',
    categoryKeys: ['festive-sherwanis', 'festive'],
    createdDaysAgo: 45,
    variants: sizes(17999, 22999, 'S', 'XXL'),
    art: ['sherwani', '#1c2747', GOLD, 'zari-border', BG.sand],
    views: ['front', 'detail', 'folded'],
  }),
  product({
    key: 'wine-raw-silk-sherwani',
    title: 'Wine Raw Silk Sherwani',
    description:
      'Textured raw silk in a deep wine shade with gold-tone buttons. Regular tailored fit, knee length, with a matching stole. Dry clean only.',
    categoryKeys: ['festive-sherwanis', 'festive'],
    createdDaysAgo: 62,
    variants: sizes(12999, null, 'XS', 'XXL'),
    art: ['sherwani', '#6a1e32', GOLD, 'plain', BG.cream],
    views: ['front', 'back'],
  }),

  // ----- Festive: Wedding sarees -----
  product({
    key: 'tissue-organza-saree-champagne-gold',
    title: 'Tissue Organza Saree – Champagne Gold',
    description:
      'Shimmering tissue organza in champagne gold with a scalloped zari border. Sheer and structured, it holds a crisp pleat. Dry clean only.',
    categoryKeys: ['festive-sarees', 'women-sarees', 'festive'],
    createdDaysAgo: 8,
    variants: freeSize(5999, 7499),
    art: ['saree', '#e3c48e', '#9c6b1f', 'zari-border', BG.mist],
    views: ['front', 'detail'],
  }),
  product({
    key: 'paithani-silk-saree-peacock-border',
    title: 'Paithani Silk Saree – Peacock Border',
    description:
      'Handwoven Paithani silk from Yeola in peacock teal, with a gold zari border and a traditional motif pallu. Six yards with a blouse piece. Dry clean only; refold every few months.',
    categoryKeys: ['festive-sarees', 'women-sarees', 'festive'],
    createdDaysAgo: 57,
    variants: freeSize(12499, 15999),
    art: ['saree', '#0f6b6b', GOLD, 'zari-border', BG.blush],
    views: ['front', 'folded', 'detail'],
  }),
  product({
    key: 'festive-silk-kurta-set-rani-pink',
    title: 'Festive Silk Kurta Set – Rani Pink',
    description:
      'Rani pink art-silk kurta with a gold zari hem, paired with matching pants. Straight fit with side slits and a mandarin collar. Dry clean recommended.',
    categoryKeys: ['women-kurtas', 'festive-lehengas', 'women'],
    createdDaysAgo: 1,
    variants: sizes(2799, 3599, 'XS', 'XXL'),
    art: ['kurta', '#c72a6e', GOLD, 'zari-border', BG.sand],
    views: ['front', 'back', 'detail'],
  }),
  product({
    key: 'cotton-hoodie-dusty-rose',
    title: 'Cotton Hoodie – Dusty Rose',
    description:
      'Soft loopback cotton hoodie in a muted dusty rose. Relaxed unisex fit with a kangaroo pocket and flat drawcords. Machine wash cold, tumble dry low.',
    categoryKeys: ['men-tees', 'men'],
    createdDaysAgo: 39,
    variants: sizes(1799, 2299, 'XS', 'XXL'),
    art: ['hoodie', '#d49a9f', '#f4e3e3', 'plain', BG.mist],
    views: ['front', 'back'],
  }),
];

// ---------------------------------------------------------------------------------------------
// Banners & testimonials
// ---------------------------------------------------------------------------------------------

export const demoBanners: DemoBanner[] = [
  {
    alt: 'Festive edit: silk sarees and lehengas in ruby, emerald and gold',
    link: '/category/festive',
    headline: 'The Festive Edit',
    subline: 'Kanjeevaram silks, zari lehengas and sherwanis for every celebration.',
    art: { palette: ['#fbeee6', '#f3c9cf', '#b0173a'], kinds: ['saree', 'lehenga', 'sherwani'] },
  },
  {
    alt: 'Summer cottons: block print kurtas and breezy dresses',
    link: '/category/women-kurtas',
    headline: 'Hand Block Prints',
    subline: 'Breathable kurtas and kurtis printed by artisans in Jaipur and Kutch.',
    art: { palette: ['#eef4ef', '#cfe2d4', '#2f4a7a'], kinds: ['kurti', 'kurta', 'dress'] },
  },
  {
    alt: 'Menswear essentials: linen shirts, tees and denim',
    link: '/category/men',
    headline: 'Everyday Menswear',
    subline: 'Linen shirts, Supima tees and stretch denim, built for Indian summers.',
    art: { palette: ['#eef1f6', '#cbd8e8', '#233d5c'], kinds: ['shirt', 'tee', 'jeans'] },
  },
  {
    alt: 'New arrivals at Rangmanch',
    link: '/products',
    headline: 'New Arrivals',
    subline: 'Fresh drops every week. Free shipping across India.',
    art: { palette: ['#fdf0ea', '#f6cdb8', '#c2185b'], kinds: ['dress', 'nehru-jacket'] },
  },
];

export const demoTestimonials: DemoTestimonial[] = [
  {
    authorName: 'Priya Raghavan',
    authorHandle: '@priya.drapes',
    content:
      'The Kanjeevaram saree was even richer in person than in the photos. The zari border is stunning and it arrived beautifully packed two days before my cousin’s wedding.',
    rating: 5,
  },
  {
    authorName: 'Arjun Mehta',
    authorHandle: '@arjun.mehta',
    content:
      'Ordered the linen mandarin shirt in M — fits perfectly and the fabric gets softer with every wash. Already bought a second colour.',
    rating: 5,
  },
  {
    authorName: 'Sneha Kulkarni',
    authorHandle: null,
    content:
      'Loved the chikankari kurti! The embroidery is delicate and the lining makes it comfortable for long office days. Delivery to Pune took four days.',
    rating: 5,
  },
  {
    authorName: 'Rahul Verma',
    authorHandle: '@rahulstyles',
    content: 'Jeans are great quality for the price. The stretch is just right. Would have liked one more length option, so four stars.',
    rating: 4,
  },
  {
    authorName: 'Ananya Bose',
    authorHandle: '@ananya.b',
    content:
      'My Pochampally ikat saree got so many compliments at Durga Puja. The colours are exactly as shown and the weave feels authentic.',
    rating: 5,
  },
  {
    authorName: 'Karthik Subramanian',
    authorHandle: null,
    content: 'Bought the bottle green Nehru jacket for my brother’s engagement. Tailoring is sharp and the lining feels premium.',
    rating: 5,
  },
  {
    authorName: 'Fatima Sheikh',
    authorHandle: '@fatima.threads',
    content:
      'The block print palazzos are my new favourite — comfy, pockets, and the print did not fade after several washes. Ordering more colours soon.',
    rating: 4,
  },
  {
    authorName: 'Gurpreet Kaur',
    authorHandle: '@gurpreet_k',
    content: 'The phulkari dupatta took me straight back to my nani’s house in Ludhiana. Bright, neat embroidery and lovely tassels.',
    rating: 5,
  },
  {
    authorName: 'Vikram Iyer',
    authorHandle: null,
    content:
      'Supima tee is genuinely soft and the neck has not stretched out. Sizing runs slightly large, so consider going one size down.',
    rating: 4,
  },
  {
    authorName: 'Meera Nair',
    authorHandle: '@meera.wears',
    content:
      'Smooth checkout with UPI and the first-order discount applied automatically. The floral midi dress is so pretty — perfect for brunch in Kochi!',
    rating: 5,
  },
];

// ---------------------------------------------------------------------------------------------
// Homepage media: the hero video banner, 'Watch & Shop' videos, 'Follow us on Instagram' photos
// ---------------------------------------------------------------------------------------------

/** The first image's artwork of a demo product (videos and photos reuse the catalogue's art). */
function artOf(productKey: string, view: GarmentArt['view'] = 'front'): GarmentArt {
  const found = demoProducts.find((p) => p.key === productKey);
  if (!found) throw new Error(`Unknown demo product ${productKey}`);
  return { ...found.images[0].art, view };
}

/**
 * The hero video banner: a slow zoom over this banner artwork. Its MP4 is made once with ffmpeg
 * (scripts/make-demo-videos.mjs) and committed under seed-media/; the poster is drawn at seed time.
 */
export const demoVideoBanner: DemoBanner & { file: string } = {
  file: 'hero-wedding-season.mp4',
  alt: 'The wedding season edit: lehengas, sherwanis and silk sarees',
  link: '/category/festive',
  headline: 'Wedding Season',
  subline: 'Zari lehengas, brocade sherwanis and handwoven silks, ready to ship.',
  art: { palette: ['#f7ece4', '#ecc7b4', '#8f1d3a'], kinds: ['lehenga', 'sherwani', 'saree'] },
};

/** One 'Watch & Shop' clip: its file key, caption and the artwork its frames are drawn from. */
export interface DemoVideo {
  /** The committed MP4 under seed-media/videos/ and the poster's file name. */
  key: string;
  title: string;
  art: GarmentArt;
}

/** 'Watch & Shop': short vertical clips (360×640, 5 s, muted), each with a poster of its first frame. */
export const demoVideos: DemoVideo[] = [
  { key: 'festive-kurta-set', title: 'Festive silk kurta set in rani pink', art: artOf('festive-silk-kurta-set-rani-pink') },
  { key: 'kanjeevaram-drape', title: 'The Kanjeevaram drape, temple border up close', art: artOf('kanjeevaram-silk-saree-temple-border') },
  { key: 'linen-shirt', title: 'Linen mandarin shirt for Indian summers', art: artOf('linen-mandarin-collar-shirt') },
  { key: 'mirror-lehenga', title: 'Pastel mirror work lehenga, twirl ready', art: artOf('pastel-mirror-work-lehenga-set') },
];

/** One square Instagram-style photo drawn from the catalogue's art. */
export interface DemoInstagramPhoto {
  key: string;
  alt: string;
  art: GarmentArt;
}

/** The shop's Instagram profile: the photos link there (the demo has no real posts to link to). */
export const DEMO_INSTAGRAM_URL = 'https://www.instagram.com/rangmanch.store/';

/** 'Follow us on Instagram': square photos drawn from the catalogue's art. */
export const demoInstagramPhotos: DemoInstagramPhoto[] = [
  { key: 'ikat-saree', alt: 'Pochampally ikat silk saree styled for Durga Puja', art: artOf('pochampally-ikat-silk-saree') },
  { key: 'block-print-dress', alt: 'Floral block print midi dress on a sunny brunch', art: artOf('floral-block-print-midi-dress') },
  {
    key: 'nehru-jacket',
    alt: 'Bottle green jacquard Nehru jacket, detail of the weave',
    art: artOf('jacquard-nehru-jacket-bottle-green', 'detail'),
  },
  { key: 'phulkari-dupatta', alt: 'Phulkari embroidered dupatta in bright thread', art: artOf('phulkari-embroidered-dupatta') },
  { key: 'chikankari-kurti', alt: 'Chikankari georgette kurti for long office days', art: artOf('chikankari-georgette-kurti') },
];

/**
 * The HSN heading (GST tariff, chapters 50-62) of a demo product, printed on its tax invoices
 * (the Customs Tariff's First Schedule, which GST follows): woven garments are chapter 62 (6203 men's suits, jackets and trousers; 6201 men's
 * anoraks and bombers; 6204 women's dresses, skirts, trousers and ensembles such as lehengas; 6205
 * men's shirts; 6211 other garments, which is where kurtas and kurtis go; 6214 shawls, scarves and
 * dupattas), knitted ones chapter 61 (6109 T-shirts, 6110 sweatshirts and hoodies). A saree is a
 * length of fabric, so it takes its fabric's heading: 5007 silk, 5208 cotton, 5407 synthetic
 * filament (georgette, organza).
 */
export function demoHsn(p: Pick<DemoProduct, 'title' | 'categoryKeys'>): string {
  const t = p.title.toLowerCase();
  switch (p.categoryKeys[0]) {
    case 'women-sarees':
    case 'festive-sarees':
      return t.includes('silk') ? '5007' : t.includes('cotton') ? '5208' : '5407';
    case 'women-kurtas':
      return '6211';
    case 'women-dresses':
    case 'women-bottoms':
    case 'festive-lehengas':
      return '6204';
    case 'women-dupattas':
      return '6214';
    case 'men-shirts':
      return '6205';
    case 'men-tees':
      return t.includes('hoodie') ? '6110' : '6109';
    case 'men-ethnic':
      return t.includes('kurta') ? '6211' : '6203';
    case 'men-jackets':
      return t.includes('bomber') ? '6201' : '6203';
    default:
      return '6203';
  }
}

/**
 * The demo shop's settings: a made-up Karnataka company whose GSTIN passes the check
 * (state code 29, PAN-shaped AABCR1234M, check character 9); the rest are the defaults.
 */
export const demoShopSettings: ShopSettingsInput = {
  legalName: 'Rangmanch Retail Private Limited',
  address: '14, 2nd Cross, 100 Feet Road, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
  gstin: '29AABCR1234M1Z9',
  invoicePrefix: 'RM',
  supportEmail: 'help@rangmanch.in',
  supportPhone: '9845012345',
  whatsappNumber: '9845012345',
  cod: { ...DEFAULT_SHOP_SETTINGS.cod },
  delivery: { ...DEFAULT_SHOP_SETTINGS.delivery },
  tax: { slabs: DEFAULT_SHOP_SETTINGS.tax.slabs.map((s) => ({ ...s })) },
  // The demo shop takes returns for 7 days after delivery and offers size exchanges.
  returns: { windowDays: 7, sizeExchanges: true },
};

/**
 * The demo shop's WhatsApp templates (docs/architecture.md#whatsapp): one per message kind, named
 * `rangmanch_<kind>` in English, so the demo sends WhatsApp through the built-in stand-in
 * (/whatsapp-sandbox). Kept apart from demoShopSettings, which tests use without WhatsApp.
 */
export const demoWhatsAppTemplates = Object.fromEntries(
  WHATSAPP_KINDS.map((kind) => [kind, { name: `rangmanch_${kind}`, language: 'en' }]),
);

/**
 * The demo coupons (docs/decisions/0007-coupon-codes.md): no end date, so the demo keeps working; marked "Show in offers", so
 * the cart's "Offers" hint lists them (the README walkthrough). Migration 0026 marks the same three,
 * matched by code and terms, in a database seeded before the flag existed.
 */
export const demoCoupons: CouponInput[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    percentOff: 10,
    maxDiscount: 300,
    minSubtotal: 0,
    maxUsesPerShopper: 1,
    firstOrderOnly: true,
    isActive: true,
    showInOffers: true,
  },
  { code: 'FLAT200', kind: 'flat', amountOff: 200, minSubtotal: 1999, maxUsesPerShopper: 3, isActive: true, showInOffers: true },
  {
    code: 'FESTIVE15',
    kind: 'percent',
    percentOff: 15,
    maxDiscount: 750,
    minSubtotal: 2999,
    maxUsesPerShopper: 2,
    isActive: true,
    showInOffers: true,
  },
];
