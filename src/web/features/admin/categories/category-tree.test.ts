import { describe, expect, it } from 'vitest';
import type { Category } from '../../../../core/api-types';
import { buildCategoryTree, filterCategoryTree } from './category-tree';

const cat = (id: string, name: string, parentId: string | null = null): Category => ({
  _id: id,
  name,
  handle: id,
  parentId,
  description: null,
  isActive: true,
});

const list = [
  cat('w', 'Women'),
  cat('m', 'Men'),
  cat('ws', 'Sarees', 'w'),
  cat('wk', 'Kurtis', 'w'),
  cat('ms', 'Shirts', 'm'),
  cat('o', 'Orphan', 'gone'),
];

describe('category tree', () => {
  it('groups children under their parents, keeping the list order; an orphan is a parent', () => {
    const tree = buildCategoryTree(list);
    expect(tree.map((n) => [n.parent.name, n.children.map((c) => c.name)])).toEqual([
      ['Women', ['Sarees', 'Kurtis']],
      ['Men', ['Shirts']],
      ['Orphan', []],
    ]);
  });

  it('keeps a matching parent whole and a parent with only its matching children', () => {
    const tree = buildCategoryTree(list);
    expect(filterCategoryTree(tree, '  WOM ').map((n) => n.children.length)).toEqual([2]);
    expect(filterCategoryTree(tree, 'shirt').map((n) => [n.parent.name, n.children.map((c) => c.name)])).toEqual([['Men', ['Shirts']]]);
    expect(filterCategoryTree(tree, 'nothing')).toEqual([]);
    expect(filterCategoryTree(tree, '')).toBe(tree);
  });
});
