/**
 * Shopify's storefront addresses and where they live in this shop (docs/architecture.md#redirects):
 * a collection is a category (`/collections/<handle>` → `/category/<handle>`), a product in a
 * collection is the product (`/collections/<c>/products/<handle>` → `/products/<handle>`), and all
 * products (`/collections`, `/collections/all`) is the listing. `/products/<handle>` is the same
 * address in both shops.
 */

/** Where a Shopify address goes here, and what must exist for it to go there. */
export interface ShopifyAddress {
  path: string;
  /** The category or product handle the target needs; absent for the listing. */
  needs?: { kind: 'category' | 'product'; handle: string };
}

const SEGMENT = '([^/]+)';
const COLLECTION_PRODUCT = new RegExp(`^/collections/${SEGMENT}/products/${SEGMENT}$`);
const COLLECTION = new RegExp(`^/collections/${SEGMENT}$`);

/**
 * This shop's address for a Shopify address `path` (normalised: lower case, no trailing slash, no
 * query; normaliseFromPath), or null when `path` is not one of Shopify's forms.
 */
export function shopifyAddress(path: string): ShopifyAddress | null {
  if (path === '/collections' || path === '/collections/all') return { path: '/products' };
  const product = COLLECTION_PRODUCT.exec(path);
  if (product) return { path: `/products/${product[2]}`, needs: { kind: 'product', handle: product[2] } };
  const collection = COLLECTION.exec(path);
  if (collection) return { path: `/category/${collection[1]}`, needs: { kind: 'category', handle: collection[1] } };
  return null;
}
