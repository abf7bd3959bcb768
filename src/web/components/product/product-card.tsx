/**
 * A product tile for grids and rails: 4:5 image, title, price, bestseller badge, and the wishlist
 * heart over the picture (beside the link, not inside it).
 */
import { Link } from 'react-router';
import { productPath } from '../../../core/addresses';
import type { Product, ProductImage, ProductRating } from '../../../core/api-types';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';
import { productImageProps } from '../../lib/images';
import { usePageLoaded } from '../../lib/page-loaded';
import { Badge } from '../ui/badge';
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
  /** The product's first image, or null. */
  image: ProductImage | null;
  /** False when every active variant is out of stock (see isAvailable). */
  available: boolean;
  /** Approved reviews' average and count; absent or null without reviews. */
  rating?: ProductRating | null;
}

/** The card's view of `product`. */
export function toProductCard(product: Product): ProductCardData {
  return {
    _id: product._id,
    handle: product.handle,
    title: product.title,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    isBestseller: product.isBestseller,
    image: product.images[0] ?? null,
    available: isAvailable(product),
    rating: product.rating ?? null,
  };
}

/** Image `sizes` of a card in a 2/3/4-column grid. */
export const GRID_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

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
  return (
    <div className="relative">
      <Link
        to={productPath(product)}
        className="group relative block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
        prefetch="intent"
      >
        <div className="relative aspect-[4/5] overflow-hidden rounded-lg bg-stone-100">
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
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
              />
            )
          ) : (
            <div className="flex h-full w-full items-center justify-center font-display text-stone-400">{product.title}</div>
          )}
          <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
            {showBestseller && product.isBestseller ? <Badge tone="dark">Bestseller</Badge> : null}
            {soldOut ? <Badge tone="neutral">Sold out</Badge> : null}
          </div>
        </div>
        <div className="mt-3 space-y-1">
          <h3 className="line-clamp-2 text-sm font-medium leading-snug text-stone-900 group-hover:text-brand sm:text-[15px]">
            {product.title}
          </h3>
          <PriceTag price={product.price} compareAtPrice={product.compareAtPrice} size="sm" showSaving />
          {product.rating ? <RatingBadge average={product.rating.average} count={product.rating.count} /> : null}
        </div>
      </Link>
      <div className="absolute right-2 top-2">
        <WishlistHeart productId={product._id} title={product.title} />
      </div>
    </div>
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
  const sizes = columns === 5 ? '(min-width: 1280px) 240px, (min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw' : GRID_SIZES;
  return (
    <ul className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:gap-y-10 ${desktop}`}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}
