/**
 * The product form's colours, sizes, prices and stock (docs/architecture.md#colours-and-sizes), on
 * one screen:
 * - Colours: add one by name (its swatch starts as the standard one, `swatchFor`, and can be changed
 *   with a colour picker), rename it (its sizes and pictures follow on leaving the field), move it
 *   up or down, remove it after a warning naming what goes ("Removing Maroon removes its 4 sizes
 *   and 2 pictures").
 * - Sizes: XS..XXL switched on and off for every colour at once; adding a colour gives it a row for
 *   each size already chosen.
 * - The grid: one row per colour × size (grouped by colour; one group without colours) with size,
 *   price, compare-at price (MRP), stock, SKU and active, and "Set for all" to fill price, MRP or
 *   stock into every row (or one colour's). It scrolls sideways inside its own box on a phone.
 * Each saved row keeps the stock it loaded (the save refuses a stale figure) and has a History
 * button. Rows without colours keep their old names ("Variant 2") so the form reads as before.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { MAX_COLOURS, variantLabel } from '../../../../core/colours';
import { SIZES } from '../../../../core/constants';
import { isColourSwatch, swatchFor } from '../../../../core/swatches';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { blankVariant, type ProductFormOutput, type ProductFormValues, type VariantFormValues } from './product-form-schema';
import {
  chosenSizes,
  colourNameProblem,
  colourRemovalWarning,
  renamedColour,
  toggledSize,
  variantsWithColour,
  withoutColour,
} from './product-options';
import type { StockHistoryTarget } from './stock-history-dialog';
import { useWaitingAlerts } from './use-waiting-alerts';

type Form = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

/** A blank optional number input reads as null, anything else as a number. */
const blankAsNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** "Was 5, +3" under a saved row's stock once it differs from what the form loaded. */
function stockHint(v: { stockQty?: number; stockLoaded?: number | null } | undefined): string | undefined {
  if (!v || v.stockLoaded === null || v.stockLoaded === undefined) return undefined;
  const wanted = Number(v.stockQty);
  if (!Number.isFinite(wanted) || wanted === v.stockLoaded) return undefined;
  const delta = wanted - v.stockLoaded;
  return `Was ${v.stockLoaded}, ${delta > 0 ? '+' : ''}${delta}`;
}

/** A 6-digit hex for `<input type="color">` (which takes nothing else). */
function pickerValue(swatch: string | null | undefined, name: string): string {
  const hex = swatch && isColourSwatch(swatch) ? swatch : swatchFor(name);
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase() : hex.toLowerCase();
}

const cell =
  'block h-9 w-full min-w-0 rounded-md border bg-white px-2 text-base text-stone-900 tabular-nums placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm';
const border = (error?: string) => (error ? 'border-red-400' : 'border-stone-300');
const smallButton =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-700 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-40';
/** The grid's columns: size, price, stock (the two a phone shows without scrolling), compare-at, SKU, active, actions. */
const COLUMNS = 'grid grid-cols-[4.5rem_6rem_5rem_6rem_minmax(9rem,1fr)_3.5rem_8.5rem] gap-x-2';

/** Props of ProductVariantsField. */
export interface ProductVariantsFieldProps {
  form: Form;
  /** The product being edited (its saved rows get a History button), or null. */
  productTitle: string | null;
  onHistory: (target: StockHistoryTarget) => void;
  /** The saved product's id: its sold-out sizes say how many shoppers wait for them (docs/architecture.md#back-in-stock). */
  productId?: string | null;
}

/** Colours, sizes and the variant grid of the product form. */
export function ProductVariantsField({ form, productTitle, onHistory, productId = null }: ProductVariantsFieldProps) {
  const waiting = useWaitingAlerts(productId);
  const {
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const variants = useFieldArray({ control, name: 'variants' });
  const watched = useWatch({ control, name: 'variants' });
  const colours = useWatch({ control, name: 'colours' }) ?? [];
  const sizes = chosenSizes(watched);
  const write = { shouldDirty: true, shouldValidate: isSubmitted } as const;

  /**
   * Writes whole arrays. The variants go through their field array (its rows remount with the new
   * values; setValue would write a blank price into the number inputs as "NaN").
   */
  const apply = (next: Partial<Pick<ProductFormValues, 'colours' | 'variants' | 'images'>>) => {
    if (next.colours) setValue('colours', next.colours, write);
    if (next.variants) variants.replace(next.variants);
    if (next.images) setValue('images', next.images, write);
  };

  const variantsError = errors.variants?.message ?? errors.variants?.root?.message;
  const groups: { colour: string | null; swatch: string | null; indices: number[] }[] =
    colours.length === 0
      ? [{ colour: null, swatch: null, indices: watched.map((_, i) => i) }]
      : [
          ...colours.map((c) => ({
            colour: c.name,
            swatch: c.swatch ?? null,
            indices: watched.flatMap((v, i) => (v.colour === c.name ? [i] : [])),
          })),
          ...(() => {
            const names = new Set(colours.map((c) => c.name));
            const orphans = watched.flatMap((v, i) => (v.colour && names.has(v.colour) ? [] : [i]));
            return orphans.length > 0 ? [{ colour: '', swatch: null, indices: orphans }] : [];
          })(),
        ];

  return (
    <fieldset className="mt-8 min-w-0">
      <legend className="text-base font-semibold text-stone-900">Colours, sizes, prices and stock</legend>
      <p className="text-sm text-stone-500">Prices in rupees, inclusive of GST. Leave SKU blank to generate one.</p>

      <ColoursEditor form={form} colours={colours} apply={apply} />

      <fieldset className="mt-5 min-w-0">
        <legend className="text-sm font-medium text-stone-800">Sizes</legend>
        <p className="text-xs text-stone-500">
          {colours.length > 1
            ? 'Switching a size on adds it to every colour; off removes it from every colour.'
            : 'Switch the sizes you sell.'}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {SIZES.map((size) => {
            const on = sizes.includes(size);
            return (
              <label
                key={size}
                className={`inline-flex h-9 min-w-12 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                  on ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-stone-900'
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  disabled={on && sizes.length === 1 && watched.every((v) => v.size.toUpperCase() === size)}
                  onChange={(e) =>
                    apply({ variants: toggledSize(getValues('variants'), getValues('colours') ?? [], size, e.target.checked) })
                  }
                />
                {size}
              </label>
            );
          })}
        </div>
      </fieldset>

      <SetForAll form={form} colours={colours.map((c) => c.name)} />

      {variantsError ? <p className="mt-2 text-sm text-red-600">{variantsError}</p> : null}
      {/* The grid scrolls inside this box and never widens the page: contain:inline-size keeps its width out of the page's, relative keeps the visually hidden labels inside the box. */}
      <div
        className="relative mt-3 overflow-x-auto rounded-lg border border-stone-200 [contain:inline-size]"
        role="group"
        aria-label="Variants"
      >
        <div className="min-w-[46rem]">
          <div
            aria-hidden="true"
            className={`${COLUMNS} border-b border-stone-200 bg-stone-50 px-3 py-2 text-xs font-medium text-stone-600`}
          >
            <span>Size</span>
            <span>Price (₹)</span>
            <span>Stock</span>
            <span>Compare-at (₹)</span>
            <span>SKU</span>
            <span>Active</span>
            <span className="sr-only">Actions</span>
          </div>
          {groups.map((group) => (
            <div key={group.colour ?? 'all'} className="border-b border-stone-100 last:border-b-0">
              {group.colour !== null ? (
                <div className="flex items-center justify-between gap-3 bg-stone-50/70 px-3 py-1.5">
                  <h4 className="flex items-center gap-2 text-sm font-semibold text-stone-900">
                    {group.colour ? <Swatch swatch={group.swatch} name={group.colour} /> : null}
                    {group.colour || 'Without a colour'}
                    <span className="font-normal text-stone-500">
                      · {group.indices.length} {group.indices.length === 1 ? 'size' : 'sizes'}
                    </span>
                  </h4>
                  {group.colour && group.indices.length < SIZES.length ? (
                    <button
                      type="button"
                      className="text-sm font-medium text-stone-700 underline-offset-2 hover:underline"
                      onClick={() => variants.append(blankVariant(group.colour))}
                    >
                      + Add size to {group.colour}
                    </button>
                  ) : null}
                </div>
              ) : null}
              <ol className="divide-y divide-stone-100" aria-label={group.colour ? `Sizes of ${group.colour}` : 'Sizes'}>
                {group.indices.map((i) => (
                  <VariantRow
                    key={variants.fields[i]?.id ?? i}
                    form={form}
                    index={i}
                    value={watched[i]}
                    savedId={variants.fields[i]?._id ?? null}
                    withColours={colours.length > 0}
                    takenSizes={watched.flatMap((v, j) => (j !== i && (v.colour ?? null) === (watched[i]?.colour ?? null) ? [v.size] : []))}
                    canRemove={variants.fields.length > 1}
                    onRemove={() => variants.remove(i)}
                    onHistory={productTitle ? onHistory : null}
                    productTitle={productTitle ?? ''}
                    waiting={waiting.get(variants.fields[i]?._id ?? '') ?? 0}
                  />
                ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
      {colours.length === 0 && variants.fields.length < SIZES.length ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => variants.append(blankVariant())}>
          + Add variant
        </Button>
      ) : null}
    </fieldset>
  );
}

function Swatch({ swatch, name }: { swatch: string | null | undefined; name: string }) {
  const s = swatch || swatchFor(name);
  return isColourSwatch(s) ? (
    <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 rounded-full ring-1 ring-stone-300" style={{ background: s }} />
  ) : (
    <img src={s} alt="" className="h-4 w-4 shrink-0 rounded-full object-cover ring-1 ring-stone-300" />
  );
}

/** The fields of a row that can have a problem, each shown under the row. */
type Problem = 'colour' | 'size' | 'price' | 'compareAtPrice' | 'stockQty' | 'sku';

/** One cell of the variant grid: its control with a label only screen readers read (the grid's header names the column). */
function GridCell({ htmlFor, label, className, children }: { htmlFor: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="sr-only">
        {label}
      </label>
      {children}
    </div>
  );
}

/** One colour × size row. */
function VariantRow({
  form,
  index: i,
  value,
  savedId,
  withColours,
  takenSizes,
  canRemove,
  onRemove,
  onHistory,
  productTitle,
  waiting,
}: {
  form: Form;
  index: number;
  value: VariantFormValues | undefined;
  savedId: string | null;
  withColours: boolean;
  takenSizes: string[];
  canRemove: boolean;
  onRemove: () => void;
  onHistory: ((target: StockHistoryTarget) => void) | null;
  productTitle: string;
  waiting: number;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const id = useId();
  const e = errors.variants?.[i];
  const colour = value?.colour ?? null;
  const size = value?.size ?? '';
  const name = withColours ? `${colour || 'No colour'} / ${size || 'new size'}` : `Variant ${i + 1}`;
  const spoken = colour ? variantLabel({ colour, size }) : `size ${size}`;
  const hint = stockHint(value);
  const problems = (
    [
      ['colour', e?.colour?.message],
      ['size', e?.size?.message],
      ['price', e?.price?.message],
      ['compareAtPrice', e?.compareAtPrice?.message],
      ['stockQty', e?.stockQty?.message],
      ['sku', e?.sku?.message],
    ] as const
  ).filter((p): p is readonly [(typeof p)[0], string] => Boolean(p[1]));
  const errorOf = (field: Problem) => (problems.some(([f]) => f === field) ? `${id}-${field}-error` : undefined);
  const invalid = (field: Problem) => (errorOf(field) ? true : undefined);

  /** What a text, number or select cell's control carries: its id, error state and classes. */
  const control = (field: Problem, key: string, extraClass = '') => ({
    id: `${id}-${key}`,
    'aria-invalid': invalid(field),
    'aria-describedby': errorOf(field),
    className: `${cell} ${extraClass}${border(e?.[field]?.message)}`,
  });

  return (
    <li aria-label={name} className="px-3 py-2">
      <div className={`${COLUMNS} items-center`}>
        <GridCell htmlFor={`${id}-size`} label="Size">
          <select {...control('size', 'size')} {...register(`variants.${i}.size`)}>
            <option value="">Size</option>
            {SIZES.map((s) => (
              <option key={s} value={s} disabled={s !== size && takenSizes.includes(s)}>
                {s}
              </option>
            ))}
          </select>
        </GridCell>
        <GridCell htmlFor={`${id}-price`} label="Price (₹)">
          <input
            {...control('price', 'price')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            {...register(`variants.${i}.price`, { valueAsNumber: true })}
          />
        </GridCell>
        <GridCell htmlFor={`${id}-stock`} label="Stock">
          <input
            {...control('stockQty', 'stock')}
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            aria-describedby={[errorOf('stockQty'), hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
            {...register(`variants.${i}.stockQty`, { valueAsNumber: true })}
          />
        </GridCell>
        <GridCell htmlFor={`${id}-mrp`} label="Compare-at (₹)">
          <input
            {...control('compareAtPrice', 'mrp')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            placeholder="MRP"
            {...register(`variants.${i}.compareAtPrice`, { setValueAs: blankAsNull })}
          />
        </GridCell>
        <GridCell htmlFor={`${id}-sku`} label="SKU">
          <input
            {...control('sku', 'sku', 'font-mono text-xs sm:text-xs ')}
            placeholder="Auto"
            autoComplete="off"
            spellCheck={false}
            {...register(`variants.${i}.sku`)}
          />
        </GridCell>
        <GridCell htmlFor={`${id}-active`} label="Active" className="flex justify-center">
          <input id={`${id}-active`} type="checkbox" className="h-4 w-4 accent-brand" {...register(`variants.${i}.isActive`)} />
        </GridCell>
        <div className="flex items-center justify-end gap-3">
          {savedId && onHistory ? (
            <button
              type="button"
              onClick={() => onHistory({ variantId: savedId, colour, size, productTitle })}
              className="text-sm font-medium text-stone-700 underline-offset-2 hover:underline"
              aria-label={`Stock history of ${spoken}`}
            >
              History
            </button>
          ) : null}
          {canRemove ? (
            <button
              type="button"
              onClick={onRemove}
              className="text-sm font-medium text-red-700 hover:underline"
              aria-label={withColours ? `Remove ${name}` : `Remove variant ${i + 1}`}
            >
              Remove
            </button>
          ) : null}
        </div>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          Stock: {hint}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="mt-1 text-xs font-medium text-amber-700">
          {waiting} {waiting === 1 ? 'shopper waits' : 'shoppers wait'} for {spoken} to be back
        </p>
      ) : null}
      {problems.map(([field, message]) => (
        <p key={field} id={`${id}-${field}-error`} className="mt-1 text-sm text-red-600">
          {message}
        </p>
      ))}
    </li>
  );
}

/** "Set for all": price, compare-at price and stock written into every row, or one colour's rows. */
function SetForAll({ form, colours }: { form: Form; colours: string[] }) {
  const id = useId();
  const [price, setPrice] = useState('');
  const [mrp, setMrp] = useState('');
  const [stock, setStock] = useState('');
  const [scope, setScope] = useState('');
  const { getValues, setValue, formState } = form;
  const run = () => {
    const write = { shouldDirty: true, shouldValidate: formState.isSubmitted } as const;
    getValues('variants').forEach((v, i) => {
      if (scope && v.colour !== scope) return;
      if (price.trim()) setValue(`variants.${i}.price`, Number(price), write);
      if (mrp.trim()) setValue(`variants.${i}.compareAtPrice`, Number(mrp), write);
      if (stock.trim()) setValue(`variants.${i}.stockQty`, Number(stock), write);
    });
  };
  const field =
    'block h-9 w-full rounded-md border border-stone-300 bg-white px-2 text-base tabular-nums focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm';
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="mt-5 rounded-lg border border-dashed border-stone-300 p-3">
      <p id={`${id}-title`} className="text-sm font-medium text-stone-800">
        Set for all
      </p>
      <div className="mt-2 grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
        <label className="text-xs text-stone-600 sm:w-28">
          Price for all (₹)
          <input
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            className={field}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <label className="text-xs text-stone-600 sm:w-40">
          Compare-at for all (₹)
          <input
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            className={field}
            value={mrp}
            onChange={(e) => setMrp(e.target.value)}
          />
        </label>
        <label className="text-xs text-stone-600 sm:w-28">
          Stock for all
          <input
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            className={field}
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        </label>
        {colours.length > 0 ? (
          <label className="text-xs text-stone-600 sm:w-40">
            In
            <select className={field} value={scope} onChange={(e) => setScope(e.target.value)}>
              <option value="">Every colour</option>
              {colours.map((c) => (
                <option key={c} value={c}>
                  {c} only
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button variant="outline" size="sm" onClick={run} disabled={!price.trim() && !mrp.trim() && !stock.trim()}>
          Apply to rows
        </Button>
      </div>
    </div>
  );
}

/** The product's colours: add, rename, recolour, reorder, remove. */
function ColoursEditor({
  form,
  colours,
  apply,
}: {
  form: Form;
  colours: NonNullable<ProductFormValues['colours']>;
  apply: (next: Partial<Pick<ProductFormValues, 'colours' | 'variants' | 'images'>>) => void;
}) {
  const id = useId();
  const { getValues, formState } = form;
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [renameProblem, setRenameProblem] = useState<{ index: number; message: string } | null>(null);

  const add = () => {
    const name = draft.trim().replace(/\s+/g, ' ');
    const why = colourNameProblem(name, colours);
    setProblem(why);
    if (why) return;
    apply({
      colours: [...colours, { name, swatch: swatchFor(name) }],
      variants: variantsWithColour(getValues('variants'), colours, name),
    });
    setDraft('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const rename = (index: number, raw: string) => {
    const from = colours[index]?.name;
    const to = raw.trim().replace(/\s+/g, ' ');
    if (from === undefined || to === from) {
      setRenameProblem(null);
      return false;
    }
    const why = colourNameProblem(to, colours, index);
    if (why) {
      setRenameProblem({ index, message: why });
      return false;
    }
    setRenameProblem(null);
    const moved = renamedColour({ variants: getValues('variants'), images: getValues('images') }, from, to);
    apply({ colours: colours.map((c, i) => (i === index ? { ...c, name: to } : c)), ...moved });
    return true;
  };
  const move = (index: number, to: number) => {
    const next = [...colours];
    const [c] = next.splice(index, 1);
    next.splice(to, 0, c);
    apply({ colours: next });
  };
  const values = () => ({ colours, variants: getValues('variants'), images: getValues('images') });
  const errors = formState.errors.colours;
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <fieldset className="mt-5 min-w-0">
      <legend className="text-sm font-medium text-stone-800">Colours</legend>
      <p className="text-xs text-stone-500">
        {colours.length === 0
          ? 'Sold in one colour. Add colours to sell each size in several.'
          : 'Shown in this order on the product page. Renaming a colour keeps its sizes and pictures.'}
      </p>
      {listError ? <p className="mt-1 text-sm text-red-600">{listError}</p> : null}
      {colours.length > 0 ? (
        <ol className="mt-2 space-y-2" aria-label="Colours">
          {colours.map((c, i) => {
            const error =
              (renameProblem?.index === i ? renameProblem.message : null) ?? errors?.[i]?.name?.message ?? errors?.[i]?.swatch?.message;
            return (
              <li key={`${c.name}-${i}`} aria-label={c.name} className="rounded-lg border border-stone-200 bg-white p-2">
                <div className="flex flex-wrap items-center gap-2">
                  <label className="relative inline-flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-md border border-stone-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand">
                    <span className="sr-only">Swatch of {c.name}</span>
                    <Swatch swatch={c.swatch} name={c.name} />
                    <input
                      type="color"
                      className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
                      value={pickerValue(c.swatch, c.name)}
                      onChange={(e) => apply({ colours: colours.map((x, j) => (j === i ? { ...x, swatch: e.target.value } : x)) })}
                    />
                  </label>
                  <label htmlFor={`${id}-name-${i}`} className="sr-only">
                    Name of colour {i + 1}
                  </label>
                  <input
                    id={`${id}-name-${i}`}
                    defaultValue={c.name}
                    maxLength={60}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error-${i}` : undefined}
                    className={`h-9 min-w-0 flex-1 basis-40 rounded-md border px-3 sm:max-w-sm text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${border(error ?? undefined)}`}
                    onBlur={(e) => {
                      if (!rename(i, e.target.value) && !colourNameProblem(e.target.value, colours, i)) e.target.value = c.name;
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        e.currentTarget.blur();
                      }
                    }}
                  />
                  <span className="font-mono text-xs text-stone-500">{pickerValue(c.swatch, c.name)}</span>
                  <div className="ml-auto flex items-center gap-1">
                    <button
                      type="button"
                      className={smallButton}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move ${c.name} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={i === colours.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${c.name} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={`${smallButton} text-red-700 hover:border-red-600`}
                      onClick={() => setRemoving(c.name)}
                      aria-label={`Remove ${c.name}`}
                    >
                      Remove
                    </button>
                  </div>
                </div>
                {error ? (
                  <p id={`${id}-error-${i}`} className="mt-1 text-sm text-red-600">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {colours.length < MAX_COLOURS ? (
        <div className="mt-2 flex flex-wrap items-start gap-2">
          <label htmlFor={`${id}-new`} className="sr-only">
            New colour
          </label>
          <input
            id={`${id}-new`}
            value={draft}
            placeholder="e.g. Indigo, Maroon"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-new-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem(null);
            }}
            onKeyDown={onKey}
            className={`h-9 min-w-0 flex-1 basis-48 rounded-md border px-3 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:max-w-xs sm:text-sm ${border(problem ?? undefined)}`}
          />
          <Button variant="outline" size="sm" onClick={add}>
            + Add colour
          </Button>
          {problem ? (
            <p id={`${id}-new-error`} className="basis-full text-sm text-red-600">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ?? ''}?`}
        message={removing ? colourRemovalWarning(removing, values()) : ''}
        confirmLabel={`Remove ${removing ?? ''}`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) apply(withoutColour(values(), removing));
          setRemoving(null);
        }}
      />
    </fieldset>
  );
}
