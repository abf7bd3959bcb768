/**
 * Colour swatches (docs/architecture.md#colours-and-sizes): what a swatch may be and the swatches of
 * the colour names Indian apparel is sold in. Kept apart from core/colours.ts so the storefront's
 * shared code does not carry the table.
 */

/** A swatch given as a colour: `#rgb` or `#rrggbb`. Anything else must be a picture's address. */
export const HEX_SWATCH = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** The swatch of a colour name the shop does not know: a neutral grey the shopper reads as "a colour". */
export const UNKNOWN_SWATCH = '#9ca3af';

/**
 * Swatches for the colour names Indian apparel is sold in, lower-cased keys. The admin may change
 * any product's swatch; these only fill a new colour's in (`swatchFor`).
 */
export const STANDARD_SWATCHES: Readonly<Record<string, string>> = {
  black: '#111111',
  white: '#ffffff',
  'off-white': '#f4efe3',
  ivory: '#fffbea',
  cream: '#f3e9d2',
  beige: '#d9c7a7',
  grey: '#8a8d91',
  gray: '#8a8d91',
  charcoal: '#36393d',
  navy: '#1f2a4d',
  'navy blue': '#1f2a4d',
  indigo: '#33407a',
  blue: '#2f5fb3',
  'sky blue': '#7db7e8',
  'powder blue': '#b7cfe6',
  teal: '#1f7a7a',
  turquoise: '#35b3b0',
  green: '#2f7d3a',
  'bottle green': '#0f4d2c',
  'olive green': '#6b7034',
  olive: '#6b7034',
  'mint green': '#a8dcc0',
  mint: '#a8dcc0',
  'sea green': '#2e8b6f',
  mustard: '#d4a017',
  yellow: '#f2c230',
  'haldi yellow': '#e8b21a',
  orange: '#e8772e',
  rust: '#a8471e',
  peach: '#f6b995',
  coral: '#f07f6b',
  red: '#c62828',
  maroon: '#800020',
  wine: '#6d1f3a',
  burgundy: '#7a1f2b',
  pink: '#ef8fb1',
  'rani pink': '#d6246e',
  magenta: '#c2187a',
  'onion pink': '#e7a3a6',
  lavender: '#b7a4d6',
  purple: '#6a3d9a',
  brown: '#6f4a2f',
  tan: '#c19a6b',
  khaki: '#b9a77a',
  gold: '#c9a13b',
  silver: '#bfc3c7',
};

/** The standard swatch of a colour name (case and spacing ignored), else UNKNOWN_SWATCH. */
export function swatchFor(name: string): string {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return STANDARD_SWATCHES[key] ?? STANDARD_SWATCHES[key.replace(/-/g, ' ')] ?? UNKNOWN_SWATCH;
}

/** True when a swatch is a CSS colour rather than a picture's address. */
export function isColourSwatch(swatch: string): boolean {
  return HEX_SWATCH.test(swatch);
}
