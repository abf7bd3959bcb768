/**
 * Admin product calls (admin section 7): the full list (inactive products and variants too), save
 * (POST or PUT with the whole record, also used by Hide/Show) and delete.
 */
import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../core/api-types';
import type { ProductInput } from '../../../../core/schemas/admin-catalog';
import { apiFetch } from '../../../lib/api';
import { adminProductsKey } from '../catalog-cache';

/** Every product, newest first. */
export function useAdminProducts() {
  return useQuery({
    queryKey: adminProductsKey,
    queryFn: () => apiFetch<Product[]>('/api/products/admin/all', { auth: true, fallbackMessage: 'Failed to load products' }),
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
    images: product.images.map((img) => ({ url: img.url, alt: img.alt, publicId: img.publicId ?? null })),
    isBestseller: product.isBestseller,
    variantAttributes: product.variantAttributes,
    variants: product.variants.map((v) => ({
      _id: v._id,
      size: v.size,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stockQty: v.stockQty,
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
