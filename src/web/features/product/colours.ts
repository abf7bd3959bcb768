/**
 * The product page's Colour option (docs/architecture.md#colours-and-sizes): which colour the address
 * names (`?colour=maroon`), which pictures and sizes belong to a colour, and whether it is sold out.
 * A product without colours (`colours` absent or empty) has one, unnamed: every helper then answers
 * as the page did before colours existed (all pictures, all sizes).
 */
import type { Product, ProductImage, Variant } from '../../../core/api-types';
import { colourSlug, type ColourOption } from '../../../core/colours';
import { isBuyable } from '../../components/product/size-picker';

/** The address parameter naming the chosen colour by its slug. */
export const COLOUR_PARAM = 'colour';

/** The product's colours in their display order; [] for a product without the Colour option. */
export function coloursOf(product: Pick<Product, 'colours'>): ColourOption[] {
  return product.colours ?? [];
}

/**
 * The colour shown when the page opens: the one `slug` names (`?colour=`, as colourSlug makes it),
 * else the only colour of a one-colour product, else null (none chosen yet). An unknown slug counts as none.
 */
export function initialColour(product: Pick<Product, 'colours'>, slug: string | null): string | null {
  const colours = coloursOf(product);
  const named = slug ? colours.find((c) => colourSlug(c.name) === slug.toLowerCase()) : undefined;
  if (named) return named.name;
  return colours.length === 1 ? colours[0].name : null;
}

/**
 * The pictures to show for `colour`: its own first, then those of every colour (colour null), each
 * group in the admin's order. With no colour chosen, every picture in the admin's order.
 */
export function imagesForColour(images: ProductImage[], colour: string | null): ProductImage[] {
  if (!colour) return images;
  const own = images.filter((i) => i.colour === colour);
  const shared = images.filter((i) => !i.colour);
  // A colour with no pictures of its own and none shared: better any picture than an empty frame.
  return own.length + shared.length > 0 ? [...own, ...shared] : images;
}

/**
 * The variants (sizes) of `colour`, in the answer's order, as a new array (the loader's data is not
 * to be sorted in place); all of them for a product without colours.
 */
export function variantsOfColour(variants: Variant[], colour: string | null): Variant[] {
  return variants.filter((v) => colour === null || v.colour === colour);
}

/** Whether no size of `colour` can be bought (none active with stock). */
export function colourSoldOut(variants: Variant[], colour: string): boolean {
  return !variants.some((v) => v.colour === colour && isBuyable(v));
}
