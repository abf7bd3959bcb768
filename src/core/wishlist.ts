/**
 * Wishlist, product-card and "Recently viewed" limits and API shapes, free of zod so the
 * storefront bundle can import them. The request schemas are in schemas/wishlist.ts.
 */
import type { ProductImage, Variant } from './api-types';

/** Most products one wishlist keeps; adding beyond it answers 409 (a guest list is cut to it). */
export const WISHLIST_MAX = 100;
/** Most products one GET /api/products/cards call answers for. */
export const CARDS_MAX = 50;
/** Products "Recently viewed" shows, newest first, besides the one on screen. */
export const RECENTLY_VIEWED_MAX = 10;

/**
 * A product as cards show it (rupees; the fields of the storefront's ProductCardData) plus its
 * sizes, for the wishlist's "Move to cart". Only listed products (active, with an active variant)
 * are answered.
 */
export interface ProductCardWithSizes {
  _id: string;
  /** Its address, /products/<handle>. */
  handle: string;
  title: string;
  price: number;
  compareAtPrice: number | null;
  isBestseller: boolean;
  image: ProductImage | null;
  available: boolean;
  /** The active sizes, XS..XXL (rupees), as GET /api/products/{id} shows them. */
  sizes: Variant[];
}

/** One entry of GET /api/wishlist: the product's card and when it was saved (ISO time). */
export interface WishlistItem extends ProductCardWithSizes {
  addedAt: string;
}
