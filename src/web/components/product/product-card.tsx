/**
 * A product tile for grids and rails: 4:5 image, title, price, its colours' swatches, bestseller
 * badge, and the wishlist heart over the picture (beside the link, not inside it).
 */
import { Link } from 'react-router';
import { productPath } from '../../../core/addresses';
import { colourSlug } from '../../../core/colours';
import type { Product, ProductImage, ProductRating } from '../../../core/api-types';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';
import { productImageProps } from '../../lib/images';
import { usePageLoaded } from '../../lib/page-loaded';
import { isBuyable } from './size-picker';
import { PriceTag } from '../ui/price-tag';
import { RatingBadge } from '../ui/star-rating';

/** Whether any active variant has stock (products without variants count as available). */
export function isAvailable(product: Product): boolean {
  if (product.variants.length === 0) return true;
  return product.variants.some((v) => v.isActive && v.stockQty > 0);
}

/**
 * What a card shows of a product. Page loaders send this rather than whole products (description,
 * variants, SKUs): on the home page it cut the data every phone decodes before it can hydrate by
 * more than half.
 */
export interface ProductCardData {
  _id: string;
  /** Its address, /products/<handle>. */
  handle: string;
  title: string;
  /** Rupees, as Product.price. */
  price: number;
  /** Rupees or null, as Product.compareAtPrice. */
  compareAtPrice: number | null;
  isBestseller: boolean;
  /** The product's first image (in a colour-filtered listing, its colour's first), or null: its address and text only. */
  image: Pick<ProductImage, 'url' | 'alt'> | null;
  /** False when every active variant is out of stock (see isAvailable). */
  available: boolean;
  /** Approved reviews' average and count; absent or null without reviews. */
  rating?: ProductRating | null;
  /** The product's colours in its order (name, swatch); absent when it has none. */
  colours?: { name: string; swatch: string }[];
  /** In a colour-filtered listing, the colour it was found by: the card's link opens the page on it. */
  colour?: string;
}

/** The card's view of `product`. */
export function toProductCard(product: Product): ProductCardData {
  return cardOf(product, null);
}

/**
 * The cards of a listing filtered by `colours` (slugs, as `?colours=maroon,indigo` names them;
 * docs/architecture.md#colours-and-sizes): each card shows the colour it was found by, its picture
 * (the colour's first, else the product's first, as a cart line's) and its link opening the product
 * page on it (`?colour=maroon`). Without a colour filter, as toProductCard.
 */
export function toListingCards(products: readonly Product[], colours: readonly string[]): ProductCardData[] {
  return products.map((p) => cardOf(p, colours.length > 0 ? foundColour(p, colours) : null));
}

/**
 * The colour a listing filtered by `slugs` found `product` by: the first of its colours, in its
 * order, that the filter names and that has an active size in stock (the listing's own test), else
 * the first the filter names (its stock moved since); null when it names none of them.
 */
function foundColour(product: Product, slugs: readonly string[]): string | null {
  const named = (product.colours ?? []).map((c) => c.name).filter((name) => slugs.includes(colourSlug(name)));
  return named.find((name) => product.variants.some((v) => v.colour === name && isBuyable(v))) ?? named[0] ?? null;
}

/** What a card needs of a picture (a listing sends 24 of them to every phone): its address and text. */
const cardImage = (image: ProductImage | undefined) => (image ? { url: image.url, alt: image.alt } : null);

/** The card of `product` shown in `colour` (a colour's name), or as it comes (null). */
function cardOf(product: Product, colour: string | null): ProductCardData {
  return {
    _id: product._id,
    handle: product.handle,
    title: product.title,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    isBestseller: product.isBestseller,
    image: cardImage((colour ? product.images.find((i) => i.colour === colour) : undefined) ?? product.images[0]),
    available: isAvailable(product),
    rating: product.rating ?? null,
    ...(product.colours?.length ? { colours: product.colours.map(({ name, swatch }) => ({ name, swatch })) } : {}),
    ...(colour ? { colour } : {}),
  };
}

/**
 * A listing's cards as its loader sends them to the browser (docs/performance.md "Listing HTML").
 * React Router writes loader data into the page as a turbo-stream inside a script: every value is
 * written once, but every object key costs about ten bytes per card, and a card of eleven fields,
 * a picture and colours is mostly keys. So a card travels as a tuple (PackedCard), its colours as
 * indices into `palette` (each colour written once for the page), and its picture's text, which
 * usually starts with the title, as what follows the title. unpackCards gives back the very
 * ProductCardData that packCards was given.
 */
export interface PackedCards {
  /** The folder every picture's address starts with ('/media/demo/products/'), or ''. */
  base: string;
  /** Every colour the cards name, once: name and swatch. */
  palette: [name: string, swatch: string][];
  rows: PackedCard[];
}

/** One card (ProductCardData) as a tuple; see PackedCards. */
export type PackedCard = [
  id: string,
  handle: string,
  title: string,
  /** Rupees. */
  price: number,
  /** Rupees or null. */
  compareAtPrice: number | null,
  /** 1: bestseller; 2: sold out (not available); 4: `imageUrl` follows the handle. */
  flags: number,
  /**
   * The picture's address after `base` (and after the handle, with flag 4: a picture is usually named
   * after its product, `<handle>-1.webp`, and what follows then is the same for most cards), or null
   * without a picture.
   */
  imageUrl: string | null,
  /** The picture's text after the title when it starts with the title (often the same for every card), else null. */
  altAfterTitle: string | null,
  /** The picture's whole text when it does not start with the title, else null. */
  alt: string | null,
  /** Reviews' average and count, or null. */
  rating: [average: number, count: number] | null,
  /** Indices into `palette`, in the product's order; null without colours. */
  colours: number[] | null,
  /** The colour a colour-filtered listing found it by, or null. */
  colour: string | null,
];

/** Packs `cards` for a page's loader data (PackedCards). */
export function packCards(cards: readonly ProductCardData[]): PackedCards {
  const palette: PackedCards['palette'] = [];
  const index = new Map<string, number>();
  const colourIndex = ({ name, swatch }: { name: string; swatch: string }) => {
    const key = `${name}\n${swatch}`;
    let i = index.get(key);
    if (i === undefined) {
      i = palette.push([name, swatch]) - 1;
      index.set(key, i);
    }
    return i;
  };
  const urls = cards.flatMap((c) => (c.image ? [c.image.url] : []));
  const base = urls.length > 0 ? commonFolder(urls) : '';
  const rows = cards.map((c): PackedCard => {
    const alt = c.image?.alt ?? null;
    const afterTitle = alt !== null && alt.startsWith(c.title) ? alt.slice(c.title.length) : null;
    const path = c.image ? c.image.url.slice(base.length) : null;
    const afterHandle = path !== null && c.handle !== '' && path.startsWith(c.handle);
    return [
      c._id,
      c.handle,
      c.title,
      c.price,
      c.compareAtPrice,
      (c.isBestseller ? 1 : 0) | (c.available ? 0 : 2) | (afterHandle ? 4 : 0),
      afterHandle ? path.slice(c.handle.length) : path,
      afterTitle,
      afterTitle === null ? alt : null,
      c.rating ? [c.rating.average, c.rating.count] : null,
      c.colours ? c.colours.map(colourIndex) : null,
      c.colour ?? null,
    ];
  });
  return { base, palette, rows };
}

/** The longest folder ('/a/b/') that every one of `urls` starts with; '' when none. */
function commonFolder(urls: readonly string[]): string {
  let prefix = urls[0];
  for (const url of urls) while (!url.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}

/** The address of the first packed card's picture, or undefined (a page's share picture). */
export function firstPictureUrl({ base, rows }: PackedCards): string | undefined {
  const first = rows[0];
  return first?.[6] == null ? undefined : pictureUrl(base, first[1], first[5], first[6]);
}

/** A packed card's picture address: `base`, the handle when `flags` has 4, then `url`. */
const pictureUrl = (base: string, handle: string, flags: number, url: string) => base + (flags & 4 ? handle : '') + url;

/** The cards packCards packed, as they were. */
export function unpackCards({ base, palette, rows }: PackedCards): ProductCardData[] {
  return rows.map(([_id, handle, title, price, compareAtPrice, flags, url, afterTitle, alt, rating, colours, colour]) => ({
    _id,
    handle,
    title,
    price,
    compareAtPrice,
    isBestseller: (flags & 1) !== 0,
    image: url === null ? null : { url: pictureUrl(base, handle, flags, url), alt: afterTitle !== null ? title + afterTitle : (alt ?? '') },
    available: (flags & 2) === 0,
    rating: rating ? { average: rating[0], count: rating[1] } : null,
    ...(colours ? { colours: colours.map((i) => ({ name: palette[i][0], swatch: palette[i][1] })) } : {}),
    ...(colour !== null ? { colour } : {}),
  }));
}

/**
 * A swatch as a CSS background value: its colour when it starts with '#', else its picture's
 * address as `url("…")` (core/colours.ts ColourOption; core/swatches.ts stays out of the
 * storefront's code); undefined for ''.
 */
export const swatchBackground = (swatch: string): string | undefined =>
  swatch.startsWith('#') ? swatch : swatch ? `url(${JSON.stringify(swatch)})` : undefined;

/** The style that draws a swatch (swatchBackground) on an element sized and rounded by its class; none for ''. */
export const swatchStyle = (swatch: string) => {
  const background = swatchBackground(swatch);
  // `background`, not `backgroundColor`: the same for a plain colour, in fewer bytes per swatch of a
  // listing; a picture as `backgroundImage`, so the element's class keeps sizing it.
  return !background ? undefined : swatch.startsWith('#') ? { background } : { backgroundImage: background };
};

/** Most swatches a card shows; the others are counted ("+3"). */
const CARD_SWATCHES = 5;

/**
 * A card's colours: up to CARD_SWATCHES swatches (swatchStyle), then "+N", named as a whole for
 * screen readers ("4 colours: Indigo, Maroon, …").
 */
function Swatches({ colours }: { colours: { name: string; swatch: string }[] }) {
  const more = colours.length - CARD_SWATCHES;
  const n = colours.length;
  return (
    <span
      role="img"
      aria-label={`${n} ${n === 1 ? 'colour' : 'colours'}: ${colours.map((c) => c.name).join(', ')}`}
      className="card-swatches"
    >
      {colours.slice(0, CARD_SWATCHES).map(({ name, swatch }) => (
        <span key={name} title={name} style={swatchStyle(swatch)} />
      ))}
      {more > 0 ? <span>{`+${more}`}</span> : null}
    </span>
  );
}

/**
 * Image `sizes` of a card in a 2/3/4-column grid: half the screen on a phone, about 300px from 640px
 * up (a third or a quarter of the page). With pictures 400 and 800 pixels wide it picks the file the
 * exact width per breakpoint would but in two narrow bands at 1.5x (docs/performance.md "Listing
 * HTML at 44.4 KB"), in a third of the text, which a listing repeats in every eager card and its preload.
 */
export const GRID_SIZES = '(min-width: 640px) 300px, 50vw';

/**
 * One product linking to /products/{handle}; `eager` for the cards on a phone's first screen, whose
 * picture comes with the page, `priority` for the page's largest image (fetched first). The others
 * get their picture once the page has loaded (lib/page-loaded.ts), lazily.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
  showBestseller = true,
  sizes = GRID_SIZES,
}: {
  product: ProductCardData;
  eager?: boolean;
  priority?: boolean;
  showBestseller?: boolean;
  sizes?: string;
}) {
  const pageLoaded = usePageLoaded();
  const { image } = product;
  const soldOut = !product.available;
  const withPage = eager || priority;
  const badges = [
    showBestseller && product.isBestseller ? (
      <span key="b" className="best">
        Bestseller
      </span>
    ) : null,
    soldOut ? (
      <span key="s" className="out">
        Sold out
      </span>
    ) : null,
  ].filter(Boolean);
  // The card's styling is in app.css: `.card-link` and the picture's frame and text it holds, the
  // `.card-*` classes (its badges too, as ui/badge.tsx draws them): written once, not 24 times per listing.
  return (
    <>
      <Link to={productPath(product, product.colour)} className="card-link" prefetch="intent">
        <div>
          {image ? (
            (withPage || pageLoaded) && (
              <img
                {...productImageProps(image.url, sizes)}
                alt={image.alt || product.title}
                width={800}
                height={1000}
                loading={withPage ? 'eager' : 'lazy'}
                decoding="async"
                fetchPriority={priority ? 'high' : undefined}
              />
            )
          ) : (
            <div className="flex h-full w-full items-center justify-center font-display text-stone-400">{product.title}</div>
          )}
          {badges.length > 0 ? <div className="card-badges">{badges}</div> : null}
        </div>
        <div>
          <h3>{product.title}</h3>
          <PriceTag price={product.price} compareAtPrice={product.compareAtPrice} size="sm" showSaving />
          {product.colours ? <Swatches colours={product.colours} /> : null}
          {product.rating ? <RatingBadge average={product.rating.average} count={product.rating.count} /> : null}
        </div>
      </Link>
      <WishlistHeart productId={product._id} title={product.title} />
    </>
  );
}

/** Responsive grid of product cards: 2 columns on phones, 3 on tablets, 4 (or 5) on desktops. */
export function ProductGrid({
  products,
  eagerCount = 4,
  columns = 4,
}: {
  products: ProductCardData[];
  eagerCount?: number;
  columns?: 4 | 5;
}) {
  const desktop = columns === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4';
  const sizes = columns === 5 ? '(min-width: 640px) 240px, 50vw' : GRID_SIZES;
  return (
    <ul className={`card-grid grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:gap-y-10 ${desktop}`}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}
