/**
 * /admin/categories: a searchable two-level tree (at most 600px tall,
 * scrolling), each row with name, description, Active/Inactive, 'Main Category' or 'Subcategory',
 * Activate/Deactivate, Edit and Delete (confirmed; the server explains a refusal), and the inline
 * add/edit form. Empty states 'No categories yet' and 'No categories found'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { AdminCategory, SavedCategory } from '../../../core/schemas/admin-catalog';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageLoader } from '../../components/ui/spinner';
import { adminCategoriesKey, invalidateCatalog } from '../../features/admin/catalog-cache';
import { categoryBody, deleteCategory, saveCategory, useAdminCategories } from '../../features/admin/categories/api';
import { CategoryForm } from '../../features/admin/categories/category-form';
import { buildCategoryTree, filterCategoryTree } from '../../features/admin/categories/category-tree';
import { errorMessage } from '../../lib/api';

/** Title; admin pages stay out of search engines. */
export function meta() {
  return [{ title: 'Categories | Admin | Rangmanch' }, { name: 'robots', content: 'noindex, nofollow' }];
}

type FormState = { category: AdminCategory | null } | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CategoryRow({
  category,
  child,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  category: AdminCategory;
  child: boolean;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div
      role="group"
      aria-label={category.name}
      className={`flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center ${child ? 'bg-stone-50/60 pl-8 sm:pl-12' : ''}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {child ? (
            <span aria-hidden="true" className="text-stone-300">
              └
            </span>
          ) : null}
          <span className={`${child ? 'font-medium' : 'font-semibold'} ${category.isActive ? 'text-stone-900' : 'text-stone-500'}`}>
            {category.name}
          </span>
          {category.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
          <Badge tone={child ? 'purple' : 'blue'}>{child ? 'Subcategory' : 'Main Category'}</Badge>
        </div>
        {category.description ? <p className="mt-1 line-clamp-2 text-sm text-stone-600">{category.description}</p> : null}
        <p className="mt-1 text-xs text-stone-500">
          {plural(category.productCount, 'product', 'products')}
          {child ? '' : ` · ${plural(category.childCount, 'subcategory', 'subcategories')}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={onToggle} loading={toggling}>
          {category.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
}

/** What deleting a category means; when it is still in use, what stands in the way. */
function DeleteNote({ category }: { category: AdminCategory }) {
  const inUse = [
    category.childCount > 0 ? plural(category.childCount, 'subcategory', 'subcategories') : null,
    category.productCount > 0 ? plural(category.productCount, 'product', 'products') : null,
  ].filter(Boolean);
  return (
    <>
      <strong className="font-medium text-stone-900">{category.name}</strong> will be removed for good.{' '}
      {inUse.length > 0
        ? `It still has ${inUse.join(' and ')}: move them first, or deactivate the category instead.`
        : 'To take it out of the shop for a while, deactivate it instead.'}
    </>
  );
}

/** The admin categories screen. */
export default function AdminCategories() {
  const qc = useQueryClient();
  const categories = useAdminCategories();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (categories.isError) toast.error('Failed to load categories', { id: 'admin-categories-load' });
  }, [categories.isError]);

  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const tree = useMemo(() => buildCategoryTree(list), [list]);
  const shown = useMemo(() => filterCategoryTree(tree, query, (c) => `${c.name} ${c.description ?? ''}`), [tree, query]);
  const mainCount = tree.length;

  /** Puts the saved record on screen at once (counts kept), then refreshes everything. */
  const applySaved = (saved: SavedCategory) => {
    qc.setQueryData<AdminCategory[]>(adminCategoriesKey, (old) => old?.map((c) => (c._id === saved._id ? { ...c, ...saved } : c)));
    void invalidateCatalog(qc);
  };

  const toggle = async (category: AdminCategory) => {
    setTogglingId(category._id);
    try {
      const saved = await saveCategory(categoryBody(category, { isActive: !category.isActive }), category._id);
      applySaved(saved);
      toast.success(saved.isActive ? 'Category activated' : 'Category deactivated');
    } catch {
      toast.error('Failed to update category status');
    } finally {
      setTogglingId(null);
    }
  };

  const confirmDelete = async () => {
    const category = pendingDelete;
    if (!category) return;
    setDeleting(true);
    try {
      await deleteCategory(category._id);
      qc.setQueryData<AdminCategory[]>(adminCategoriesKey, (old) => old?.filter((c) => c._id !== category._id));
      toast.success('Category deleted successfully');
      if (form?.category?._id === category._id) setForm(null);
      void invalidateCatalog(qc);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete category'));
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  const row = (category: AdminCategory, child: boolean) => (
    <CategoryRow
      category={category}
      child={child}
      toggling={togglingId === category._id}
      onToggle={() => void toggle(category)}
      onEdit={() => setForm({ category })}
      onDelete={() => setPendingDelete(category)}
    />
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
            ← Back to Dashboard
          </Link>
          <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Categories</h1>
          <p className="mt-1 text-sm text-stone-600">
            {categories.data
              ? `${plural(mainCount, 'main category', 'main categories')}, ${plural(list.length - mainCount, 'subcategory', 'subcategories')}.`
              : 'Main categories and their subcategories.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/admin/products" variant="outline">
            Products
          </ButtonLink>
          {form === null ? <Button onClick={() => setForm({ category: null })}>+ Add Category</Button> : null}
        </div>
      </div>

      {form !== null ? (
        <CategoryForm
          key={form.category?._id ?? 'new'}
          category={form.category}
          categories={list}
          onSaved={(saved) => {
            setForm(null);
            if (!form.category) {
              qc.setQueryData<AdminCategory[]>(adminCategoriesKey, (old) => [...(old ?? []), { ...saved, productCount: 0, childCount: 0 }]);
              void invalidateCatalog(qc);
            } else {
              applySaved(saved);
            }
          }}
          onCancel={() => setForm(null)}
        />
      ) : null}

      {categories.isPending ? (
        <PageLoader text="Loading categories..." />
      ) : categories.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load categories"
          description={categories.error.message}
          action={<Button onClick={() => void categories.refetch()}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="box"
          title="No categories yet"
          description="Start with a main category such as Women or Men, then add its subcategories."
          action={form === null ? <Button onClick={() => setForm({ category: null })}>+ Add Category</Button> : undefined}
        />
      ) : (
        <section aria-label="Category tree" className="space-y-4">
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search categories..."
            aria-label="Search categories"
            className="block h-11 w-full rounded-md border border-stone-300 bg-white px-3.5 text-base shadow-sm placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:max-w-sm sm:text-sm"
          />
          {shown.length === 0 ? (
            <EmptyState icon="search" title="No categories found" description={`Nothing matches "${query.trim()}".`} />
          ) : (
            <ul className="max-h-[600px] divide-y divide-stone-200 overflow-y-auto rounded-xl border border-stone-200 bg-white">
              {shown.map(({ parent, children }) => (
                <li key={parent._id}>
                  {row(parent, false)}
                  {children.length > 0 ? (
                    <ul className="divide-y divide-stone-100 border-t border-stone-100">
                      {children.map((c) => (
                        <li key={c._id}>{row(c, true)}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete category?"
        message={pendingDelete ? <DeleteNote category={pendingDelete} /> : null}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
