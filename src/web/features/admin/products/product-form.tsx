/**
 * The inline add/edit product form: title, description, categories (the
 * category picker), bestseller and active flags, colours and sizes with the variant grid (at least
 * one variant; product-variants-field.tsx), images (each for one colour or all) and the size chart (the category's, or the product's own). Saving uploads the picked files first ('Failed to upload image' stops the
 * save), then POSTs or PUTs the product; server field errors are shown beside their fields.
 * Stock: each saved size sends the stock the form loaded with the stock wanted, so the
 * server applies the difference; when a variant sold meanwhile the save is refused ('Stock for
 * Maroon / M changed since you opened this form (now 4)'), and the form then shows the stock as it is now for
 * the admin to enter the change again. Each saved size has a History button (the ledger).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Category, Product } from '../../../../core/api-types';
import type { ProductInput } from '../../../../core/schemas/admin-catalog';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { invalidateCatalog } from '../catalog-cache';
import { CheckField, TextAreaField } from '../catalog-form-controls';
import { CategoryPicker } from '../category-picker';
import { STOCK_NOTE_MAX } from '../../../../core/schemas/inventory';
import { blankSizeChart, SizeChartEditor } from '../size-chart-editor';
import { fetchAdminProduct, saveProduct } from './api';
import { UPLOAD_FAILED, uploadProductImage } from './image-upload';
import { ProductImagesField } from './product-images-field';
import { chosenSizes } from './product-options';
import { ProductVariantsField } from './product-variants-field';
import { StockHistoryDialog, type StockHistoryTarget } from './stock-history-dialog';
import { productFormDefaults, productFormSchema, type ProductFormOutput, type ProductFormValues } from './product-form-schema';

/** Server error keys that name a field of this form (e.g. 'variants.0.price'). */
const FIELD_KEY =
  /^(title|handle|description|categoryIds|images|stockNote|colours\.\d+\.(name|swatch)|variants\.\d+\.(colour|size|price|compareAtPrice|stockQty|sku)|sizeChart(\.[\w.]+)?)$/;

/** The stale-stock refusal's message ("Stock for Maroon / M changed since you opened this form (now 4)"). */
const STOCK_CHANGED = /^Stock for .+ changed since you opened this form/;

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
  // Files already uploaded by an earlier attempt of this form: a retry does not upload them again.
  const uploaded = useRef(new Map<File, { url: string; publicId: string }>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const watchedVariants = useWatch({ control, name: 'variants' });
  const usedSizes = chosenSizes(watchedVariants);

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
          images.push({ url: img.url, alt: img.alt, publicId: img.publicId, colour: img.colour });
          continue;
        }
        let done = uploaded.current.get(img.file);
        if (!done) {
          done = await uploadProductImage(img.file);
          uploaded.current.set(img.file, done);
        }
        images.push({ url: done.url, alt: img.alt, publicId: done.publicId, colour: img.colour });
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

      <ProductVariantsField form={form} productTitle={product?.title ?? null} onHistory={setHistory} productId={product?._id ?? null} />
      <Input
        label="Reason for stock changes (optional)"
        placeholder="e.g. New batch, recount, damaged"
        maxLength={STOCK_NOTE_MAX}
        autoComplete="off"
        className="mt-5"
        hint="Kept in each variant's stock history"
        error={errors.stockNote?.message}
        {...register('stockNote')}
      />
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
