/**
 * The product form's colour × size edits as plain functions over the form's values
 * (docs/architecture.md#colours-and-sizes): the sizes chosen, what adding, renaming and removing a
 * colour does to the variants and pictures, and what turning a size on or off does. The form calls
 * them and writes the arrays they return; nothing here touches React.
 */
import { COLOUR_NAME_MAX, colourSlug, MAX_COLOURS } from '../../../../core/colours';
import { SIZES } from '../../../../core/constants';
import { blankVariant, type ProductFormValues, type VariantFormValues } from './product-form-schema';

type Colours = ProductFormValues['colours'];
type Images = ProductFormValues['images'];

/** The distinct sizes the variants use, XS..XXL order; blank sizes left out. */
export function chosenSizes(variants: readonly Pick<VariantFormValues, 'size'>[]): string[] {
  const used = new Set(variants.map((v) => (v.size ?? '').toUpperCase()));
  return SIZES.filter((s) => used.has(s));
}

/**
 * Why `name` cannot name a colour of `colours` (blank, too long, no letter or digit, listed already,
 * too many colours), or null when it can. `except` is the index of the colour being renamed.
 */
export function colourNameProblem(name: string, colours: NonNullable<Colours>, except: number | null = null): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Colour name is required';
  if (trimmed.length > COLOUR_NAME_MAX) return `Colour name must be at most ${COLOUR_NAME_MAX} characters`;
  const slug = colourSlug(trimmed);
  if (!slug) return 'Colour name needs a letter or digit';
  const clash = colours.find((c, i) => i !== except && colourSlug(c.name) === slug);
  if (clash) return `${clash.name} is listed already`;
  if (except === null && colours.length >= MAX_COLOURS) return `At most ${MAX_COLOURS} colours`;
  return null;
}

/**
 * The variants once colour `name` is added. The first colour of a product without colours takes
 * over its sizes as they are; a later one gets a row for each size already chosen, with the price
 * and compare-at price of that size's first row and its stock left blank to be entered (a blank row
 * when no size is chosen yet).
 */
export function variantsWithColour(
  variants: readonly VariantFormValues[],
  colours: NonNullable<Colours>,
  name: string,
): VariantFormValues[] {
  if (colours.length === 0) return variants.map((v) => ({ ...v, colour: name }));
  const sizes = chosenSizes(variants);
  if (sizes.length === 0) return [...variants, blankVariant(name)];
  const added = sizes.map((size) => {
    const like = variants.find((v) => v.size.toUpperCase() === size);
    return { ...blankVariant(name), size, price: like?.price ?? Number.NaN, compareAtPrice: like?.compareAtPrice ?? null };
  });
  return [...variants, ...added];
}

/** Variants and pictures of colour `from` follow it when it is renamed `to`. */
export function renamedColour(
  values: { variants: readonly VariantFormValues[]; images: Images },
  from: string,
  to: string,
): { variants: VariantFormValues[]; images: Images } {
  return {
    variants: values.variants.map((v) => (v.colour === from ? { ...v, colour: to } : v)),
    images: values.images.map((img) => (img.colour === from ? { ...img, colour: to } : img)),
  };
}

/** "2 pictures", "1 size". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The warning before colour `name` goes: "Removing Maroon removes its 4 sizes and 2 pictures". The
 * last colour takes nothing with it: its sizes and pictures stay, for every colour.
 */
export function colourRemovalWarning(
  name: string,
  values: { colours: NonNullable<Colours>; variants: readonly VariantFormValues[]; images: Images },
): string {
  const sizes = values.variants.filter((v) => v.colour === name).length;
  const pictures = values.images.filter((img) => img.colour === name).length;
  if (values.colours.length <= 1) {
    return `Removing ${name} keeps its ${count(sizes, 'size', 'sizes')} and pictures: the product is then sold without a colour.`;
  }
  const parts = [count(sizes, 'size', 'sizes'), ...(pictures > 0 ? [count(pictures, 'picture', 'pictures')] : [])];
  return `Removing ${name} removes its ${parts.join(' and ')}.`;
}

/** The colours, variants and pictures once colour `name` is removed (see colourRemovalWarning). */
export function withoutColour(
  values: { colours: NonNullable<Colours>; variants: readonly VariantFormValues[]; images: Images },
  name: string,
): { colours: NonNullable<Colours>; variants: VariantFormValues[]; images: Images } {
  const colours = values.colours.filter((c) => c.name !== name);
  if (colours.length === 0) {
    return {
      colours,
      variants: values.variants.map((v) => ({ ...v, colour: null })),
      images: values.images.map((img) => ({ ...img, colour: null })),
    };
  }
  return {
    colours,
    variants: values.variants.filter((v) => v.colour !== name),
    images: values.images.filter((img) => img.colour !== name),
  };
}

/**
 * The variants once size `size` is turned on (a row in each colour, or the one row of a product
 * without colours, that lacks it: a blank-size row of that colour takes it, else a row is added with
 * the price of that colour's first row) or off (every row of that size goes, unless none would stay).
 */
export function toggledSize(
  variants: readonly VariantFormValues[],
  colours: NonNullable<Colours>,
  size: string,
  on: boolean,
): VariantFormValues[] {
  if (!on) {
    const kept = variants.filter((v) => v.size.toUpperCase() !== size);
    return kept.length > 0 ? kept : [...variants];
  }
  const next = [...variants];
  const groups: (string | null)[] = colours.length > 0 ? colours.map((c) => c.name) : [null];
  for (const colour of groups) {
    const mine = next.filter((v) => (v.colour ?? null) === colour);
    if (mine.some((v) => v.size.toUpperCase() === size)) continue;
    const blank = next.findIndex((v) => (v.colour ?? null) === colour && !v.size);
    if (blank >= 0) {
      next[blank] = { ...next[blank], size };
      continue;
    }
    const like = mine.find((v) => Number.isFinite(v.price));
    next.push({ ...blankVariant(colour), size, price: like?.price ?? Number.NaN, compareAtPrice: like?.compareAtPrice ?? null });
  }
  return next;
}
