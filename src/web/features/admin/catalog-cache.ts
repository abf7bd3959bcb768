/**
 * Query keys of the admin catalogue screens and the one invalidation every catalogue change runs,
 * so the admin lists, the dashboard's low-stock figures and the shopper's cart and price previews
 * (prices and stock come from the catalogue) are read again. Public pages read the server afresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../cart/api';

/** GET /api/categories/admin/all */
export const adminCategoriesKey = ['admin', 'categories'] as const;
/** GET /api/products/admin/all */
export const adminProductsKey = ['admin', 'products'] as const;

/** Marks everything that shows catalogue data as stale (refetched when next shown). */
export function invalidateCatalog(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminCategoriesKey }),
    qc.invalidateQueries({ queryKey: adminProductsKey }),
    qc.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
    qc.invalidateQueries({ queryKey: cartQueryKey }),
    qc.invalidateQueries({ queryKey: ['pricing-preview'] }),
  ]).then(() => undefined);
}
