/**
 * Storefront addresses built from handles (docs/architecture.md#product-addresses). Kept apart from
 * handles.ts (the admin's rules and messages) so every page's shared chunk carries only these.
 */

/** The storefront address of a product. */
export const productPath = (product: { handle: string }) => `/products/${product.handle}`;
