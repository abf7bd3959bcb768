/**
 * Admin product calls: the full list (inactive products and variants too), save
 * (POST or PUT with the whole record, also used by Hide/Show), delete, and a size's stock history
 * (the inventory ledger).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../core/api-types';
import type { ProductInput } from '../../../../core/schemas/admin-catalog';
import { STOCK_HISTORY_PAGE_SIZE, type StockHistory } from '../../../../core/schemas/inventory';
import { apiFetch } from '../../../lib/api';
import { adminProductsKey } from '../catalog-cache';

/** Every product, newest first. */
export function useAdminProducts() {
  return useQuery({
    queryKey: adminProductsKey,
    queryFn: () => apiFetch<Product[]>('/api/products/admin/all', { auth: true, fallbackMessage: 'Failed to load products' }),
  });
}

/** The product `id` as the admin list has it now (fresh from the server), or null when gone. */
export async function fetchAdminProduct(id: string): Promise<Product | null> {
  const list = await apiFetch<Product[]>('/api/products/admin/all', { auth: true, fallbackMessage: 'Failed to load products' });
  return list.find((p) => p._id === id) ?? null;
}

/** GET /api/admin/variants/{id}/stock-history, page `page`, while `variantId` is set; the previous page stays while the next loads. */
export function useStockHistory(variantId: string | null, page: number) {
  return useQuery({
    queryKey: ['admin', 'stock-history', variantId, page],
    queryFn: ({ signal }) =>
      apiFetch<StockHistory>(
        `/api/admin/variants/${encodeURIComponent(variantId ?? '')}/stock-history?page=${page}&limit=${STOCK_HISTORY_PAGE_SIZE}`,
        { auth: true, fallbackMessage: 'Failed to load stock history', signal },
      ),
    enabled: variantId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/products, or PUT /api/products/{id} when `id` is given; answers the saved product. */
export function saveProduct(body: ProductInput, id?: string): Promise<Product> {
  return apiFetch<Product>(id ? `/api/products/${encodeURIComponent(id)}` : '/api/products', {
    method: id ? 'PUT' : 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to save product',
  });
}

/** DELETE /api/products/{id}. */
export function deleteProduct(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/products/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to delete product',
  });
}

/** The whole record as a save body (Hide/Show re-sends it with isActive flipped). */
export function productBody(product: Product, changes: Partial<ProductInput> = {}): ProductInput {
  return {
    title: product.title,
    description: product.description,
    categoryIds: product.categoryIds.map((c) => c._id),
    images: product.images.map((img) => ({ url: img.url, alt: img.alt, publicId: img.publicId ?? null, colour: img.colour ?? null })),
    isBestseller: product.isBestseller,
    variantAttributes: product.variantAttributes,
    // Colours, each variant's and each picture's colour: re-sent so a toggle keeps them.
    colours: product.colours ?? [],
    variants: product.variants.map((v) => ({
      _id: v._id,
      colour: v.colour ?? null,
      size: v.size,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stockQty: v.stockQty,
      // The stock as listed: unchanged, so a sale since the list loaded is never overwritten.
      stockLoaded: v.stockQty,
      isActive: v.isActive,
      sku: v.sku,
    })),
    isActive: product.isActive,
    // The admin list carries the product's own chart; re-sent so a toggle keeps it.
    ...(product.sizeChart === undefined ? {} : { sizeChart: product.sizeChart }),
    ...changes,
  };
}

/** Lowest and highest price among the active sizes (all sizes when none is active); null without sizes. */
export function priceRange(product: Product): { min: number; max: number } | null {
  const active = product.variants.filter((v) => v.isActive);
  const prices = (active.length > 0 ? active : product.variants).map((v) => v.price);
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
