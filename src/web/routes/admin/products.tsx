/**
 * /admin/products: 'Products (N)', a search by title or SKU, the grid of
 * product cards with Edit, Hide/Show and Delete (confirmed), the inline add/edit form, links to the
 * categories screen and back to the dashboard. Empty state 'No products yet'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { Product } from '../../../core/api-types';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageLoader } from '../../components/ui/spinner';
import { adminProductsKey, invalidateCatalog } from '../../features/admin/catalog-cache';
import { useAdminCategories } from '../../features/admin/categories/api';
import { AdminProductCard, productCardId } from '../../features/admin/products/admin-product-card';
import { deleteProduct, productBody, saveProduct, useAdminProducts } from '../../features/admin/products/api';
import { deleteProductImage } from '../../features/admin/products/image-upload';
import { downloadProductsCsv } from '../../features/admin/import/export-download';
import { errorMessage } from '../../lib/api';
import { ProductForm } from '../../features/admin/products/product-form';
import { EntityHistory } from '../../features/admin/activity/entity-history';
import { useAdmin } from './admin-layout';

/** Title; admin pages stay out of search engines. */
export function meta() {
  return [{ title: 'Products | Admin | Rangmanch' }, { name: 'robots', content: 'noindex, nofollow' }];
}

type FormState = { product: Product | null } | null;

/** Matches a product's title or any of its SKUs. */
function matches(product: Product, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return product.title.toLowerCase().includes(q) || product.variants.some((v) => v.sku.toLowerCase().includes(q));
}

/** The admin products screen. */
export default function AdminProducts() {
  const qc = useQueryClient();
  const products = useAdminProducts();
  const admin = useAdmin();
  const categories = useAdminCategories();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (products.isError) toast.error('Failed to load products', { id: 'admin-products-load' });
  }, [products.isError]);
  useEffect(() => {
    if (categories.isError) toast.error('Failed to load categories', { id: 'admin-categories-load' });
  }, [categories.isError]);

  const list = useMemo(() => products.data ?? [], [products.data]);
  const shown = useMemo(() => list.filter((p) => matches(p, query)), [list, query]);

  const replaceInList = (saved: Product) =>
    qc.setQueryData<Product[]>(adminProductsKey, (old) =>
      old?.some((p) => p._id === saved._id) ? old.map((p) => (p._id === saved._id ? saved : p)) : [saved, ...(old ?? [])],
    );

  /** Closes the form; after an edit the page goes back to that product's card. */
  const closeForm = () => {
    const editedId = form?.product?._id;
    setForm(null);
    if (editedId) requestAnimationFrame(() => document.getElementById(productCardId(editedId))?.scrollIntoView({ block: 'center' }));
  };

  const onSaved = (saved: Product) => {
    replaceInList(saved);
    closeForm();
    void invalidateCatalog(qc);
  };

  const toggle = async (product: Product) => {
    setTogglingId(product._id);
    try {
      const saved = await saveProduct(productBody(product, { isActive: !product.isActive }), product._id);
      replaceInList(saved);
      toast.success(saved.isActive ? 'Product activated' : 'Product deactivated');
      void invalidateCatalog(qc);
    } catch {
      toast.error('Failed to update product status');
    } finally {
      setTogglingId(null);
    }
  };

  /** The whole catalogue as Shopify's product CSV (docs/architecture.md#product-export). */
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadProductsCsv();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export products'));
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    const product = pendingDelete;
    if (!product) return;
    setDeleting(true);
    try {
      await deleteProduct(product._id);
    } catch {
      toast.error('Failed to delete product');
      setDeleting(false);
      return;
    }
    qc.setQueryData<Product[]>(adminProductsKey, (old) => old?.filter((p) => p._id !== product._id));
    toast.success('Product deleted successfully');
    setDeleting(false);
    setPendingDelete(null);
    if (form?.product?._id === product._id) setForm(null);
    void invalidateCatalog(qc);
    await Promise.all(product.images.flatMap((img) => (img.publicId ? [deleteProductImage(img.publicId)] : [])));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
            ← Back to Dashboard
          </Link>
          <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Products{products.data ? ` (${list.length})` : ''}</h1>
          <p className="mt-1 text-sm text-stone-600">Catalogue, sizes, prices and stock. Hidden products stay out of the shop.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/admin/categories" variant="outline" size="md">
            Manage Categories
          </ButtonLink>
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
          {form === null ? <Button onClick={() => setForm({ product: null })}>+ Add Product</Button> : null}
        </div>
      </div>

      {form !== null ? (
        <ProductForm
          key={form.product?._id ?? 'new'}
          product={form.product}
          categories={categories.data ?? []}
          categoriesLoading={categories.isPending}
          onSaved={onSaved}
          onCancel={closeForm}
        />
      ) : null}
      {form?.product ? (
        <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <EntityHistory user={admin} entity="product" entityId={form.product._id} />
        </div>
      ) : null}

      {products.isPending ? (
        <PageLoader text="Loading products..." />
      ) : products.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load products"
          description={products.error.message}
          action={<Button onClick={() => void products.refetch()}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="box"
          title="No products yet"
          description="Add your first product with its sizes, prices and photos."
          action={form === null ? <Button onClick={() => setForm({ product: null })}>+ Add Product</Button> : undefined}
        />
      ) : (
        <section aria-label="Products" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search by title or SKU..."
              aria-label="Search products"
              className="block h-11 w-full rounded-md border border-stone-300 bg-white px-3.5 text-base shadow-sm placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:max-w-sm sm:text-sm"
            />
            {query.trim() ? (
              <p className="text-sm text-stone-500" aria-live="polite">
                {shown.length} of {list.length} shown
              </p>
            ) : null}
          </div>
          {shown.length === 0 ? (
            <EmptyState icon="search" title="No products found" description={`Nothing matches "${query.trim()}".`} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {shown.map((product) => (
                <AdminProductCard
                  key={product._id}
                  product={product}
                  toggling={togglingId === product._id}
                  onEdit={() => setForm({ product })}
                  onToggle={() => void toggle(product)}
                  onDelete={() => setPendingDelete(product)}
                />
              ))}
            </div>
          )}
        </section>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete product?"
        message={
          <>
            <strong className="font-medium text-stone-900">{pendingDelete?.title}</strong> and its images will be removed for good. Past
            orders keep their details. To take it off the shop for a while, use Hide instead.
          </>
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
