/**
 * The product form's category picker: a button summarising the choice (more than
 * 3 chosen shows the first 2 names and a '+N more' badge) that opens a panel with a search box, the
 * selected count, 'Clear all' and a collapsible tree of main categories and their subcategories.
 * Single or multiple selection. Empty states 'No categories found' and 'No categories available'.
 */
import { useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import type { Category } from '../../../core/api-types';
import { Badge } from '../../components/ui/badge';
import { buildCategoryTree, filterCategoryTree } from './categories/category-tree';

/** Props of CategoryPicker. */
export interface CategoryPickerProps {
  /** Every category (active or not), parents followed by children, as the admin list answers. */
  categories: readonly Category[];
  /** Chosen ids, in the order they were chosen. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Several categories (checkboxes, default) or exactly one (radios). */
  multiple?: boolean;
  label?: string;
  error?: string;
  /** The list is still loading. */
  loading?: boolean;
  /** Receives the trigger button (react-hook-form focuses it on an error). */
  buttonRef?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-90' : ''}`} aria-hidden="true">
      <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Picks categories from the two-level tree. */
export function CategoryPicker({
  categories,
  value,
  onChange,
  multiple = true,
  label = 'Categories',
  error,
  loading = false,
  buttonRef,
  onBlur,
}: CategoryPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const panelId = useId();
  const labelId = useId();
  const errorId = useId();
  const groupName = useId();
  const summaryId = useId();

  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c])), [categories]);
  const tree = useMemo(() => buildCategoryTree(categories), [categories]);
  const shown = useMemo(() => filterCategoryTree(tree, query), [tree, query]);
  const selected = value.filter((id) => byId.has(id));
  const searching = query.trim() !== '';

  // Opening shows the branches that hold a chosen subcategory.
  const openPanel = () => {
    const withChoice = tree.filter((n) => n.children.some((c) => value.includes(c._id))).map((n) => n.parent._id);
    setExpanded(new Set(withChoice));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    onBlur?.();
    triggerRef.current?.focus();
  };

  // A press outside closes the panel (focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setQuery('');
      onBlur?.();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onBlur]);

  const toggle = (id: string) => {
    if (!multiple) {
      onChange([id]);
      close();
      return;
    }
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  };

  const toggleBranch = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const names = selected.map((id) => byId.get(id)?.name ?? '');
  const summary =
    selected.length === 0 ? (
      <span id={summaryId} className="text-stone-400">
        {loading ? 'Loading categories...' : multiple ? 'Select categories' : 'Select a category'}
      </span>
    ) : (
      <span id={summaryId} className="flex flex-wrap items-center gap-1.5">
        {(selected.length > 3 ? names.slice(0, 2) : names).map((name, i) => (
          <Badge key={selected[i]} tone="neutral">
            {name}
          </Badge>
        ))}
        {selected.length > 3 ? <Badge tone="brand">+{selected.length - 2} more</Badge> : null}
      </span>
    );

  const option = (category: Category, child: boolean) => {
    const checked = value.includes(category._id);
    return (
      <label
        className={`flex min-h-9 flex-1 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-stone-50 ${
          child ? '' : 'font-medium text-stone-900'
        }`}
      >
        <input
          type={multiple ? 'checkbox' : 'radio'}
          name={multiple ? undefined : groupName}
          checked={checked}
          onChange={() => toggle(category._id)}
          className="h-4 w-4 shrink-0 accent-brand"
        />
        <span className="min-w-0 flex-1 truncate">{category.name}</span>
        {!category.isActive ? <span className="text-xs font-normal text-stone-400">inactive</span> : null}
      </label>
    );
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <span id={labelId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </span>
      <button
        ref={(el) => {
          triggerRef.current = el;
          if (typeof buttonRef === 'function') buttonRef(el);
          else if (buttonRef) buttonRef.current = el;
        }}
        type="button"
        aria-labelledby={`${labelId} ${summaryId}`}
        aria-describedby={error ? errorId : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        aria-invalid={error ? true : undefined}
        onClick={() => (open ? close() : openPanel())}
        className={`flex min-h-11 w-full items-center justify-between gap-3 rounded-md border bg-white px-3.5 py-2 text-left text-sm shadow-sm focus:outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/30 ${
          error ? 'border-red-400' : 'border-stone-300'
        }`}
      >
        {summary}
        <span className="flex shrink-0 items-center gap-2 text-xs text-stone-500">
          {selected.length > 0 ? `${selected.length} selected` : null}
          <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
            <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </span>
      </button>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}

      {open ? (
        <div
          id={panelId}
          role="group"
          aria-labelledby={labelId}
          className="absolute inset-x-0 z-30 mt-1 rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          <div className="border-b border-stone-100 p-2">
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search categories..."
              aria-label="Search categories"
              autoFocus
              className="block h-10 w-full rounded-md border border-stone-300 px-3 text-base placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm"
            />
            <div className="mt-2 flex items-center justify-between px-1 text-xs">
              <span className="text-stone-500" aria-live="polite">
                {selected.length} selected
              </span>
              <button
                type="button"
                onClick={() => onChange([])}
                disabled={selected.length === 0}
                className="font-medium text-brand hover:underline disabled:cursor-not-allowed disabled:text-stone-300 disabled:no-underline"
              >
                Clear all
              </button>
            </div>
          </div>
          <div className="max-h-80 overflow-y-auto p-1.5">
            {categories.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-stone-500">
                {loading ? 'Loading categories...' : 'No categories available'}
              </p>
            ) : shown.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-stone-500">No categories found</p>
            ) : (
              <ul>
                {shown.map(({ parent, children }) => {
                  const isOpen = searching || expanded.has(parent._id);
                  return (
                    <li key={parent._id}>
                      <div className="flex items-center gap-1">
                        {children.length > 0 ? (
                          <button
                            type="button"
                            onClick={() => toggleBranch(parent._id)}
                            aria-expanded={isOpen}
                            aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${parent.name}`}
                            disabled={searching}
                            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 disabled:opacity-40"
                          >
                            <Chevron open={isOpen} />
                          </button>
                        ) : (
                          <span className="w-8 shrink-0" />
                        )}
                        {option(parent, false)}
                      </div>
                      {isOpen && children.length > 0 ? (
                        <ul className="ml-4 border-l border-stone-100 pl-5">
                          {children.map((child) => (
                            <li key={child._id} className="flex">
                              {option(child, true)}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="flex justify-end border-t border-stone-100 p-2">
            <button
              type="button"
              onClick={() => close()}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
            >
              Done
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
