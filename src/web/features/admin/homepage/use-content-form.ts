/**
 * Which add/edit form a homepage content screen shows: none, the add form, or the edit form of one
 * item. An item deleted while it is being edited closes its form.
 */
import { useState } from 'react';
import type { HomepageItem } from './use-homepage-content';

/** The open form of a content screen over `items`. */
export function useContentForm<T extends HomepageItem>(items: T[]) {
  // undefined: closed; null: adding; an item: editing it.
  const [state, setState] = useState<T | null | undefined>(undefined);
  // The list's copy: fresh after a toggle, gone after a delete.
  const editing = state ? items.find((i) => i._id === state._id) : undefined;
  const open = state === null || editing !== undefined;
  return {
    open,
    /** The item being edited, or null while adding (only meaningful when `open`). */
    item: editing ?? null,
    /** Changes when another form opens: the form's React key, and the cue to scroll to it. */
    key: open ? (editing?._id ?? 'add') : null,
    openAdd: () => setState(null),
    openEdit: (item: T) => setState(item),
    close: () => setState(undefined),
    isEditing: (id: string) => editing?._id === id,
  };
}
