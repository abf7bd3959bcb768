/**
 * The inline add/edit category form: name, description, parent chosen
 * among main categories only ('None (main category)' by default), active, and the size chart its
 * products use (a subcategory without one uses its parent's). The server's answer decides
 * uniqueness ('Category name already exists') and the two-level rule.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  categoryInputSchema,
  type AdminCategory,
  type CategoryBody,
  type CategoryInput,
  type SavedCategory,
} from '../../../../core/schemas/admin-catalog';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { CheckField, TextAreaField } from '../catalog-form-controls';
import { blankSizeChart, SizeChartEditor } from '../size-chart-editor';
import { saveCategory } from './api';

/** Props of CategoryForm. */
export interface CategoryFormProps {
  /** The category being edited, or null to add one. */
  category: AdminCategory | null;
  /** Every category; main ones are offered as parents. */
  categories: readonly AdminCategory[];
  onSaved: (saved: SavedCategory) => void;
  onCancel: () => void;
}

/** Add or edit a category. */
export function CategoryForm({ category, categories, onSaved, onCancel }: CategoryFormProps) {
  const {
    control,
    register,
    watch,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput, unknown, CategoryBody>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ?? '',
      isActive: category?.isActive ?? true,
      sizeChart: category?.sizeChart ?? null,
    },
  });
  const isChild = Boolean(watch('parentId'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const parents = categories.filter((c) => c.parentId === null && c._id !== category?._id);
  const hasChildren = (category?.childCount ?? 0) > 0;

  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    setFocus('name');
  }, [setFocus]);

  const onSubmit = async (body: CategoryBody) => {
    try {
      const saved = await saveCategory(body, category?._id);
      toast.success(category ? 'Category updated successfully' : 'Category added successfully');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.status === 409) setError('name', { type: 'server', message: error.message });
        if (error.errors?.name) setError('name', { type: 'server', message: error.errors.name });
        if (error.errors?.parentId) setError('parentId', { type: 'server', message: error.errors.parentId });
        for (const [key, message] of Object.entries(error.errors ?? {})) {
          if (key.startsWith('sizeChart')) setError(key as 'sizeChart', { type: 'server', message });
        }
      }
      toast.error(errorMessage(error, 'Failed to save category'));
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="category-form-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 ref={headingRef} id="category-form-heading" className="scroll-mt-4 text-lg font-semibold text-stone-900">
        {category ? 'Edit Category' : 'Add New Category'}
      </h2>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div>
          <Select label="Parent category" disabled={hasChildren} error={errors.parentId?.message} {...register('parentId')}>
            <option value="">None (main category)</option>
            {parents.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </Select>
          <p className="mt-1.5 text-xs text-stone-500">
            {hasChildren
              ? 'This category has subcategories, so it stays a main category.'
              : 'Only main categories can be parents: the shop has two levels.'}
          </p>
        </div>
        <TextAreaField
          label="Description"
          rows={3}
          className="md:col-span-2"
          placeholder="Optional"
          error={errors.description?.message}
          {...register('description')}
        />
        <CheckField label="Active" description="Shown in the shop's menus and listings" {...register('isActive')} />
      </div>
      <Controller
        control={control}
        name="sizeChart"
        render={({ field }) => (
          <fieldset className="mt-6 min-w-0 border-t border-stone-100 pt-5">
            <legend className="sr-only">Size chart</legend>
            <CheckField
              label="Size chart"
              description={
                isChild
                  ? "Shown on this category's product pages. Without one, the parent category's chart applies."
                  : 'Shown on the product pages of this category and of its subcategories that have none of their own.'
              }
              checked={field.value != null}
              onChange={(e) => field.onChange(e.target.checked ? blankSizeChart(['S', 'M', 'L', 'XL']) : null)}
            />
            {field.value ? (
              <div className="mt-4">
                <SizeChartEditor value={field.value} onChange={field.onChange} errors={errors.sizeChart} />
              </div>
            ) : null}
          </fieldset>
        )}
      />
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {category ? 'Update Category' : 'Add Category'}
        </Button>
      </div>
    </form>
  );
}
