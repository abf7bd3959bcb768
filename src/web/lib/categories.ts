/**
 * Category helpers shared by the header and the home page.
 */
import type { Category } from '../../core/api-types';

/**
 * What the header's menu needs of a category (the root loader sends every page only this, not the
 * descriptions): its id, name, address and parent.
 */
export type MenuCategory = Pick<Category, '_id' | 'name' | 'handle' | 'parentId'>;

/** The menu's part of each of `categories`, in their order. */
export const menuCategories = (categories: readonly Category[]): MenuCategory[] =>
  categories.map(({ _id, name, handle, parentId }) => ({ _id, name, handle, parentId }));

/** A top-level category with its children. */
export interface CategoryGroup<C extends MenuCategory = MenuCategory> {
  parent: C;
  children: C[];
}

/** Parents in the API's order, each followed by its children; orphans count as parents. */
export function groupCategories<C extends MenuCategory>(categories: C[]): CategoryGroup<C>[] {
  const ids = new Set(categories.map((c) => c._id));
  const groups: CategoryGroup<C>[] = [];
  const byParent = new Map<string, C[]>();
  for (const c of categories) {
    if (c.parentId && ids.has(c.parentId)) {
      const list = byParent.get(c.parentId) ?? [];
      list.push(c);
      byParent.set(c.parentId, list);
    }
  }
  for (const c of categories) {
    if (!c.parentId || !ids.has(c.parentId)) groups.push({ parent: c, children: byParent.get(c._id) ?? [] });
  }
  return groups;
}

/**
 * Link target of a category listing: `/category/<handle>` (docs/architecture.md#product-addresses);
 * a reference without its handle links by id, which answers 301 to the handle.
 */
export function categoryHref(category: { _id: string; handle?: string }): string {
  return `/category/${encodeURIComponent(category.handle ?? category._id)}`;
}
