/**
 * The two-level category tree of the admin screens: parents in the list's order, each with its
 * children, and a search that keeps a parent when it or one of its children matches.
 */
import type { Category } from '../../../../core/api-types';

/** A top-level category and its subcategories. */
export interface CategoryNode<T extends Category> {
  parent: T;
  children: T[];
}

/** Groups a flat list into parents with children; a child whose parent is missing counts as a parent. */
export function buildCategoryTree<T extends Category>(list: readonly T[]): CategoryNode<T>[] {
  const ids = new Set(list.map((c) => c._id));
  const byParent = new Map<string, T[]>();
  for (const c of list) {
    if (c.parentId && ids.has(c.parentId)) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  }
  return list.filter((c) => !c.parentId || !ids.has(c.parentId)).map((parent) => ({ parent, children: byParent.get(parent._id) ?? [] }));
}

/**
 * The nodes matching `query` (case-insensitive, on the text `textOf` gives): a matching parent
 * keeps all its children; otherwise a parent stays with only its matching children.
 */
export function filterCategoryTree<T extends Category>(
  tree: CategoryNode<T>[],
  query: string,
  textOf: (c: T) => string = (c) => c.name,
): CategoryNode<T>[] {
  const q = query.trim().toLowerCase();
  if (!q) return tree;
  const matches = (c: T) => textOf(c).toLowerCase().includes(q);
  return tree.flatMap((node) => {
    if (matches(node.parent)) return [node];
    const children = node.children.filter(matches);
    return children.length > 0 ? [{ parent: node.parent, children }] : [];
  });
}
