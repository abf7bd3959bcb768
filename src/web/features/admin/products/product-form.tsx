/**
 * The inline add/edit product form: title, description, categories (the
 * category picker), bestseller and active flags, size variants (at least one; Remove hidden on the
 * last), images and the size chart (the category's, or the product's own). Saving uploads the picked files first ('Failed to upload image' stops the
 * save), then POSTs or PUTs the product; server field errors are shown beside their fields.
 * Stock: each saved size sends the stock the form loaded with the stock wanted, so the
 * server applies the difference; when a size sold meanwhile the save is refused ('Stock for M
 * changed since you opened this form (now 4)'), and the form then shows the stock as it is now for
 * the admin to enter the change again. Each saved size has a History button (the ledger).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Category, Product } from '../../../../core/api-types';
import { SIZES } from '../../../../core/constants';
import type { ProductInput } from '../../../../core/schemas/admin-catalog';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { invalidateCatalog } from '../catalog-cache';
import { CheckField, TextAreaField } from '../catalog-form-controls';
import { CategoryPicker } from '../category-picker';
import { STOCK_NOTE_MAX } from '../../../../core/schemas/inventory';
import { blankSizeChart, SizeChartEditor } from '../size-chart-editor';
import { fetchAdminProduct, saveProduct } from './api';
import { UPLOAD_FAILED, uploadProductImage } from './image-upload';
import { ProductImagesField } from './product-images-field';
import { StockHistoryDialog, type StockHistoryTarget } from './stock-history-dialog';
import {
  blankVariant,
  productFormDefaults,
  productFormSchema,
  type ProductFormOutput,
  type ProductFormValues,
} from './product-form-schema';

/** A blank optional number input reads as null, anything else as a number. */
const blankAsNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Server error keys that name a field of this form (e.g. 'variants.0.price'). */
const FIELD_KEY =
  /^(title|handle|description|categoryIds|images|stockNote|variants\.\d+\.(size|price|compareAtPrice|stockQty|sku)|sizeChart(\.[\w.]+)?)$/;

/** The stale-stock refusal's message. */
const STOCK_CHANGED = /^Stock for \S+ changed since you opened this form/;

/** "Was 5, +3" under a saved size's stock once it differs from what the form loaded. */
function stockHint(v: { stockQty?: number; stockLoaded?: number | null } | undefined): string | undefined {
  if (!v || v.stockLoaded === null || v.stockLoaded === undefined) return undefined;
  const wanted = Number(v.stockQty);
  if (!Number.isFinite(wanted) || wanted === v.stockLoaded) return undefined;
  const delta = wanted - v.stockLoaded;
  return `Was ${v.stockLoaded}, ${delta > 0 ? '+' : ''}${delta}`;
}

/** Props of ProductForm. */
export interface ProductFormProps {
  /** The product being edited, or null to add one. */
  product: Product | null;
  categories: readonly Category[];
  categoriesLoading: boolean;
  /** Called after a successful save (the caller closes the form and refreshes the list). */
  onSaved: (saved: Product) => void;
  onCancel: () => void;
}

/** Add or edit a product. */
export function ProductForm({ product, categories, categoriesLoading, onSaved, onCancel }: ProductFormProps) {
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const [history, setHistory] = useState<StockHistoryTarget | null>(null);
  const queryClient = useQueryClient();
  const variants = useFieldArray({ control, name: 'variants' });
  // Files already uploaded by an earlier attempt of this form: a retry does not upload them again.
  const uploaded = useRef(new Map<File, { url: string; publicId: string }>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const watchedVariants = useWatch({ control, name: 'variants' });
  const usedSizes = watchedVariants.map((v) => v.size);

  /**
   * After a stale-stock refusal: every saved size takes the stock the server has now as its loaded
   * value, and a size that moved shows that stock again (the admin's change there is dropped, to be
   * entered anew against the real figure). The refusal's message stays beside the field.
   */
  const reloadStock = async (productId: string) => {
    // The list behind the form shows the stock now too.
    void invalidateCatalog(queryClient);
    const fresh = await fetchAdminProduct(productId).catch(() => null);
    if (!fresh) return;
    getValues('variants').forEach((v, i) => {
      const now = fresh.variants.find((f) => f._id === v._id);
      if (!now) return;
      if (v.stockLoaded !== now.stockQty) setValue(`variants.${i}.stockQty`, now.stockQty);
      setValue(`variants.${i}.stockLoaded`, now.stockQty);
    });
  };

  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);

  const onSubmit = async (values: ProductFormOutput) => {
    const images: ProductInput['images'] = [];
    try {
      for (const img of values.images) {
        if (!img.file) {
          images.push({ url: img.url, alt: img.alt, publicId: img.publicId });
          continue;
        }
        let done = uploaded.current.get(img.file);
        if (!done) {
          done = await uploadProductImage(img.file);
          uploaded.current.set(img.file, done);
        }
        images.push({ url: done.url, alt: img.alt, publicId: done.publicId });
      }
    } catch {
      toast.error(UPLOAD_FAILED);
      return;
    }

    try {
      const saved = await saveProduct({ ...values, images }, product?._id);
      toast.success(product ? 'Product updated successfully' : 'Product added successfully');
      onSaved(saved);
    } catch (error) {
      if (product && error instanceof ApiRequestError && error.status === 409 && STOCK_CHANGED.test(error.message)) {
        await reloadStock(product._id);
      }
      if (error instanceof ApiRequestError && error.errors) {
        for (const [key, message] of Object.entries(error.errors)) {
          const field = key.startsWith('images') ? 'images' : key.startsWith('categoryIds') ? 'categoryIds' : key;
          // A refused stock figure is brought into view and focused: the admin enters it again.
          if (FIELD_KEY.test(field))
            setError(field as FieldPath<ProductFormValues>, { type: 'server', message }, { shouldFocus: field.endsWith('.stockQty') });
        }
      }
      toast.error(errorMessage(error, 'Failed to save product'));
    }
  };

  const sizeOptions = (current: string) =>
    SIZES.map((size) => (
      <option key={size} value={size} disabled={size !== current && usedSizes.includes(size)}>
        {size}
      </option>
    ));

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="product-form-heading"
      className="scroll-mt-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 ref={headingRef} id="product-form-heading" className="scroll-mt-4 text-lg font-semibold text-stone-900">
        {product ? 'Edit Product' : 'Add New Product'}
      </h2>

      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <Input label="Title" error={errors.title?.message} autoComplete="off" {...register('title')} />
        <HandleInput error={errors.handle?.message} control={control} {...register('handle')} />
        <Controller
          control={control}
          name="categoryIds"
          render={({ field, fieldState }) => (
            <CategoryPicker
              categories={categories}
              loading={categoriesLoading}
              value={field.value.map((v) => (typeof v === 'string' ? v : v._id))}
              onChange={field.onChange}
              onBlur={field.onBlur}
              buttonRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Input
          label="HSN code"
          inputMode="numeric"
          autoComplete="off"
          hint="GST tariff heading printed on tax invoices: 4, 6 or 8 digits (6211 kurtas, 6204 dresses, 5007 silk sarees)"
          error={errors.hsn?.message}
          {...register('hsn')}
        />
        <TextAreaField
          label="Description"
          rows={4}
          className="lg:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="flex flex-wrap gap-x-8 gap-y-3 lg:col-span-2">
          <CheckField label="Bestseller" description="Shown in the home page's Bestsellers" {...register('isBestseller')} />
          <CheckField label="Active" description="Visible in the shop" {...register('isActive')} />
        </div>
      </div>

      <fieldset className="mt-8 min-w-0">
        <legend className="text-base font-semibold text-stone-900">Sizes, prices and stock</legend>
        <p className="text-sm text-stone-500">Prices in rupees, inclusive of GST. Leave SKU blank to generate one.</p>
        {errors.variants?.message || errors.variants?.root?.message ? (
          <p className="mt-2 text-sm text-red-600">{errors.variants?.message ?? errors.variants?.root?.message}</p>
        ) : null}
        <ol className="mt-3 space-y-3">
          {variants.fields.map((field, i) => {
            const e = errors.variants?.[i];
            return (
              <li key={field.id} aria-label={`Variant ${i + 1}`} className="rounded-lg border border-stone-200 bg-stone-50/60 p-3">
                <div className="mb-2 flex items-center justify-between gap-3">
                  <span className="text-sm font-medium text-stone-700">Variant {i + 1}</span>
                  <div className="flex items-center gap-4">
                    {field._id && product ? (
                      <button
                        type="button"
                        onClick={() =>
                          setHistory({ variantId: field._id!, size: watchedVariants[i]?.size || field.size, productTitle: product.title })
                        }
                        className="text-sm font-medium text-stone-700 underline-offset-2 hover:underline"
                        aria-label={`Stock history of size ${field.size}`}
                      >
                        History
                      </button>
                    ) : null}
                    {variants.fields.length > 1 ? (
                      <button
                        type="button"
                        onClick={() => variants.remove(i)}
                        className="text-sm font-medium text-red-700 hover:underline"
                        aria-label={`Remove variant ${i + 1}`}
                      >
                        Remove
                      </button>
                    ) : null}
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                  <Select label="Size" error={e?.size?.message} {...register(`variants.${i}.size`)}>
                    <option value="">Select size</option>
                    {sizeOptions(usedSizes[i] ?? '')}
                  </Select>
                  <Input
                    label="Price (₹)"
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    error={e?.price?.message}
                    {...register(`variants.${i}.price`, { valueAsNumber: true })}
                  />
                  <Input
                    label="Compare-at (₹)"
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    placeholder="Optional"
                    error={e?.compareAtPrice?.message}
                    {...register(`variants.${i}.compareAtPrice`, { setValueAs: blankAsNull })}
                  />
                  <Input
                    label="Stock"
                    type="number"
                    inputMode="numeric"
                    step="1"
                    min="0"
                    hint={stockHint(watchedVariants[i])}
                    error={e?.stockQty?.message}
                    {...register(`variants.${i}.stockQty`, { valueAsNumber: true })}
                  />
                  <Input label="SKU" placeholder="Auto" autoComplete="off" error={e?.sku?.message} {...register(`variants.${i}.sku`)} />
                  <div className="flex items-end pb-3">
                    <CheckField label="Active" {...register(`variants.${i}.isActive`)} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        {variants.fields.length < SIZES.length ? (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => variants.append(blankVariant())}>
            + Add variant
          </Button>
        ) : null}
        <Input
          label="Reason for stock changes (optional)"
          placeholder="e.g. New batch, recount, damaged"
          maxLength={STOCK_NOTE_MAX}
          autoComplete="off"
          className="mt-5"
          hint="Kept in each size's stock history"
          error={errors.stockNote?.message}
          {...register('stockNote')}
        />
      </fieldset>
      <StockHistoryDialog target={history} onClose={() => setHistory(null)} />

      <div className="mt-8">
        <ProductImagesField form={form} />
      </div>

      <Controller
        control={control}
        name="sizeChart"
        render={({ field }) => (
          <fieldset className="mt-8 min-w-0">
            <legend className="text-base font-semibold text-stone-900">Size chart</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-800">
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="size-chart-mode"
                  className="h-4 w-4 accent-brand"
                  checked={field.value == null}
                  onChange={() => field.onChange(null)}
                />
                Use the category's chart
              </label>
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="size-chart-mode"
                  className="h-4 w-4 accent-brand"
                  checked={field.value != null}
                  onChange={() => field.onChange(blankSizeChart(usedSizes))}
                />
                Its own chart
              </label>
            </div>
            {field.value ? (
              <div className="mt-4">
                <SizeChartEditor value={field.value} onChange={field.onChange} errors={errors.sizeChart} />
              </div>
            ) : (
              <p className="mt-1.5 text-xs text-stone-500">
                The product page shows the chart of its first category that has one (or of that category's parent).
              </p>
            )}
          </fieldset>
        )}
      />

      <div className="mt-8 flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {product ? 'Update Product' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The product's handle with the address it gives (docs/architecture.md#product-addresses); blank
 * makes one from the title on save. A changed handle keeps the old address working.
 */
const HandleInput = forwardRef<
  HTMLInputElement,
  { error?: string; control: Control<ProductFormValues, unknown, ProductFormOutput> } & UseFormRegisterReturn<'handle'>
>(function HandleInput({ error, control, ...field }, ref) {
  const handle = useWatch({ control, name: 'handle' })?.trim();
  return (
    <Input
      ref={ref}
      label="Handle"
      error={error}
      autoComplete="off"
      spellCheck={false}
      hint={
        <>
          Address: <span className="font-mono">/products/{handle || '…'}</span>
          {handle ? null : ' (made from the title when left blank)'}
        </>
      }
      {...field}
    />
  );
});
