/**
 * Admin category calls: the full list with counts, save (POST or PUT with the
 * whole record, also used to toggle active) and delete. Errors carry the server's message.
 */
import { useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../core/api-types';
import type { AdminCategory, CategoryInput, SavedCategory } from '../../../../core/schemas/admin-catalog';
import { apiFetch } from '../../../lib/api';
import { adminCategoriesKey } from '../catalog-cache';

/** Every category, active or not, parents each followed by their children. */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminCategoriesKey,
    queryFn: () => apiFetch<AdminCategory[]>('/api/categories/admin/all', { auth: true, fallbackMessage: 'Failed to load categories' }),
  });
}

/** POST /api/categories, or PUT /api/categories/{id} when `id` is given; answers the saved category. */
export function saveCategory(body: CategoryInput, id?: string): Promise<SavedCategory> {
  return apiFetch<SavedCategory>(id ? `/api/categories/${encodeURIComponent(id)}` : '/api/categories', {
    method: id ? 'PUT' : 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to save category',
  });
}

/** DELETE /api/categories/{id}; a 409 explains the subcategories or products in the way. */
export function deleteCategory(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/categories/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to delete category',
  });
}

/** The whole record as a save body (toggling re-sends it with isActive flipped, size chart included). */
export function categoryBody(
  category: Category & { sizeChart?: SavedCategory['sizeChart'] },
  changes: Partial<CategoryInput> = {},
): CategoryInput {
  return {
    name: category.name,
    parentId: category.parentId,
    description: category.description,
    isActive: category.isActive,
    ...(category.sizeChart === undefined ? {} : { sizeChart: category.sizeChart }),
    ...changes,
  };
}
