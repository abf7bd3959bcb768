/**
 * Category helpers shared by the header and the home page.
 */
import type { Category } from '../../core/api-types';

/** A category in the header's menu: its name and address (categoryHref). */
export interface MenuCategory {
  name: string;
  handle: string;
}

/** A top-level category of the header's menu, with its children. */
export interface MenuGroup extends MenuCategory {
  children: MenuCategory[];
}

/**
 * The header's menu of `categories` (groupCategories' order): names and addresses only, the
 * children inside their parent. The root loader sends it with every page, so no ids or descriptions.
 */
export const menuGroups = (categories: Category[]): MenuGroup[] =>
  groupCategories(categories).map(({ parent, children }) => ({
    name: parent.name,
    handle: parent.handle,
    children: children.map(({ name, handle }) => ({ name, handle })),
  }));

/** A top-level category with its children. */
export interface CategoryGroup {
  parent: Category;
  children: Category[];
}

/** Parents in the API's order, each followed by its children; orphans count as parents. */
export function groupCategories(categories: Category[]): CategoryGroup[] {
  const ids = new Set(categories.map((c) => c._id));
  const groups: CategoryGroup[] = [];
  const byParent = new Map<string, Category[]>();
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
export function categoryHref(category: { _id?: string; handle?: string } & ({ handle: string } | { _id: string })): string {
  return `/category/${encodeURIComponent(String(category.handle ?? category._id))}`;
}
