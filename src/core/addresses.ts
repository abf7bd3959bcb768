/**
 * Storefront addresses built from handles (docs/architecture.md#product-addresses). Kept apart from
 * handles.ts (the admin's rules and messages) so every page's shared chunk carries only these.
 */
import { colourSlug } from './colours';

/**
 * The storefront address of a product, `/products/<handle>`; with `colour` (a colour's name), the
 * page opened on that colour, `?colour=<slug>` (docs/architecture.md#colours-and-sizes).
 */
export const productPath = (product: { handle: string }, colour?: string | null) =>
  `/products/${product.handle}${colour ? `?colour=${colourSlug(colour)}` : ''}`;
