/**
 * The product page's schema.org description (JSON-LD; docs/architecture.md#colours-and-sizes): a `Product` with one
 * `Offer` for a product without colours; for a product in colours a `ProductGroup` varying by colour
 * and size whose `hasVariant` lists each active colour × size as a `Product` with its own SKU,
 * picture and `Offer`. Prices in rupees with two decimals, currency INR. Ratings and reviews, when
 * there are approved ones, go on the Product or the ProductGroup.
 */
import type { Product } from '../../../core/api-types';
import type { ReviewPage } from '../../../core/reviews';
import { colourSlug } from '../../../core/colours';
import { BRAND } from '../../../core/constants';
import { isAvailable } from '../../components/product/product-card';
import { isBuyable } from '../../components/product/size-picker';
import { absoluteUrl } from '../../lib/seo';
import { COLOUR_PARAM, coloursOf, imagesForColour } from './colours';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const NEW_CONDITION = 'https://schema.org/NewCondition';

/** What the JSON-LD is built from. `url` is the page's absolute canonical address. */
export interface ProductJsonLdInput {
  product: Product;
  origin: string;
  url: string;
  /** The first category's name, if any. */
  category?: string;
  /** The first page of approved reviews, or null when there are none. */
  rated: ReviewPage | null;
}

/** The Product (no colours) or ProductGroup (colours) object for the page's JSON-LD. */
export function productJsonLd({ product, origin, url, category, rated }: ProductJsonLdInput): Record<string, unknown> {
  const common = {
    '@context': 'https://schema.org',
    name: product.title,
    description: product.description,
    image: product.images.map((i) => absoluteUrl(origin, i.url)),
    brand: { '@type': 'Brand', name: BRAND.name },
    ...(category ? { category } : {}),
    ...(rated ? ratings(rated) : {}),
  };
  if (coloursOf(product).length === 0) {
    return {
      ...common,
      '@type': 'Product',
      sku: product.variants[0]?.sku,
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'INR',
        availability: isAvailable(product) ? IN_STOCK : OUT_OF_STOCK,
        itemCondition: NEW_CONDITION,
      },
    };
  }
  return {
    ...common,
    '@type': 'ProductGroup',
    url,
    productGroupID: product._id,
    variesBy: ['https://schema.org/color', 'https://schema.org/size'],
    hasVariant: product.variants
      .filter((v) => v.isActive && v.colour)
      .map((v) => {
        // The variant's address opens the page on its colour.
        const variantUrl = `${url}?${COLOUR_PARAM}=${colourSlug(v.colour ?? '')}`;
        const picture = imagesForColour(product.images, v.colour ?? null)[0];
        return {
          '@type': 'Product',
          name: `${product.title} – ${v.colour} / ${v.size}`,
          sku: v.sku,
          color: v.colour,
          size: v.size,
          ...(picture ? { image: absoluteUrl(origin, picture.url) } : {}),
          offers: {
            '@type': 'Offer',
            url: variantUrl,
            price: v.price.toFixed(2),
            priceCurrency: 'INR',
            availability: isBuyable(v) ? IN_STOCK : OUT_OF_STOCK,
            itemCondition: NEW_CONDITION,
          },
        };
      }),
  };
}

/** AggregateRating and the reviews of the first page. */
function ratings(rated: ReviewPage): Record<string, unknown> {
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rated.summary.average,
      reviewCount: rated.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: rated.reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: r.author },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
