/**
 * Colours and sizes (docs/architecture.md#colours-and-sizes): a product has a Size option and may
 * have a Colour option before it; a variant is one colour × size. This module names a variant the
 * way every screen, mail and document shows it ("Maroon / M"), turns a colour name into its address
 * form (`?colour=bottle-green`) and sorts variants as a product shows them. Swatches: core/swatches.ts.
 */

import { bySizeOrder } from './constants';

/** One value of a product's Colour option: its name as shoppers read it and its swatch. */
export interface ColourOption {
  /** As shown: "Maroon", "Bottle green". */
  name: string;
  /** A CSS colour (`#800000`) or the address of a small picture (`/uploads/…`, `https://…`). */
  swatch: string;
}

/** Most colours one product may come in. */
export const MAX_COLOURS = 12;
/** Longest colour name. */
export const COLOUR_NAME_MAX = 40;
/**
 * A colour's address form, as `?colour=` and the listing's colour filter carry it: lower-case
 * letters and digits with single hyphens ("Bottle Green" → "bottle-green"). Two colours of one
 * product never share it (the admin schema refuses that).
 */
export function colourSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A variant's name as every screen, mail and document shows it: "Maroon / M" for a product with
 * colours, "M" for one without. Order lines keep it as sold (`order_items.variant_name`).
 */
export function variantLabel(variant: { colour?: string | null; size: string }): string {
  return variant.colour ? `${variant.colour} / ${variant.size}` : variant.size;
}

/**
 * Sorts variants (anything with `colour` and `size`) as a product shows them: by its colours' order
 * (`colours`, unknown colours last), then XS..XXL.
 */
export function byOptionOrder(colours: readonly { name: string }[]) {
  const rank = new Map(colours.map((c, i) => [c.name, i]));
  return <T extends { colour?: string | null; size: string }>(a: T, b: T): number =>
    (rank.get(a.colour ?? '') ?? 99) - (rank.get(b.colour ?? '') ?? 99) || bySizeOrder(a, b);
}

/**
 * How a line shows its variant: "Maroon / M" as it is, a size alone as "Size: M". `name` is a
 * variant's name as `variantLabel` makes it (sizes never hold " / ").
 */
export function variantCaption(name: string): string {
  return name.includes(' / ') ? name : `Size: ${name}`;
}

/** A variant's name split back into colour and size ("Maroon / M" → Maroon, M; "M" → null, M). */
export function parseVariantName(name: string): { colour: string | null; size: string } {
  const at = name.lastIndexOf(' / ');
  return at === -1 ? { colour: null, size: name } : { colour: name.slice(0, at), size: name.slice(at + 3) };
}
