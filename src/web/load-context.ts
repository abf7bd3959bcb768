/**
 * What server loaders get from the Fastify process through React Router's load context
 * (docs/architecture.md#web-app). Every method answers the same shapes as the JSON API.
 */
import type { Category, Homepage, Product } from '../core/api-types';
import type { ListingColour, ListingQuery } from '../core/listing';
import type { ReviewPage } from '../core/reviews';
import type { PublicShopSettings } from '../core/schemas/settings';

export interface CatalogReader {
  /** GET /api/homepage */
  getHomepage(): Promise<Homepage>;
  /** GET /api/categories (active only, parents before children) */
  listCategories(): Promise<Category[]>;
  /** GET /api/products (active only, newest first) */
  listProducts(): Promise<Product[]>;
  /** GET /api/products/{id}; null when missing or inactive */
  getProduct(productId: string): Promise<Product | null>;
  /**
   * GET /api/products and /api/categories/{id}/products with listing parameters (search, sort,
   * sizes, colours, price range, page), with the colours the listing offers to filter by
   * (its colour filter aside). With `categoryId`, null when that category is missing or inactive.
   */
  searchProducts(
    query: ListingQuery,
    categoryId?: string,
  ): Promise<{ products: Product[]; total: number; page: number; totalPages: number; colours: ListingColour[] } | null>;
  /** Up to `limit` other active products sharing a category ('You May Also Like') */
  listRelatedProducts(productId: string, limit: number): Promise<Product[]>;
  /**
   * GET /api/products/{id}/reviews (newest first, page 1) of the product as just read (its rating
   * tells a kept page when the reviews changed); null when the product is missing or inactive
   */
  listReviews(product: Pick<Product, '_id' | 'rating'>): Promise<ReviewPage | null>;
}

export type StoreLoadContext = {
  catalog: CatalogReader;
  /** Where the browser loads Razorpay Checkout from (RAZORPAY_CHECKOUT_URL or the sandbox). */
  razorpayCheckoutUrl: string;
  /**
   * True while the built-in Razorpay sandbox stands in for Razorpay (no keys, never in production):
   * any checkout is marked paid, so every storefront page says "Demo shop: payments are simulated".
   */
  paymentsSimulated: boolean;
  /** GET /api/settings/public (the WhatsApp support number, for the footer and contact page). */
  settings: { getPublic(): Promise<PublicShopSettings> };
};

declare module 'react-router' {
  interface AppLoadContext extends StoreLoadContext {}
}
