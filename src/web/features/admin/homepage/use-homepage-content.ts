/**
 * One homepage collection on an admin screen: the list (TanStack
 * Query), the active toggle (the whole record resent with isActive flipped, the card replaced by
 * the saved item), saving from the add/edit form, and deleting after confirmation, followed by the
 * removal of the item's media. Toasts carry the spec's messages.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { apiFetch } from '../../../lib/api';

/** The four collections under /api/admin/homepage. */
export type HomepageResource = 'banners' | 'videos' | 'instagram' | 'testimonials';

/** The fields every homepage item has. */
export interface HomepageItem {
  _id: string;
  isActive: boolean;
}

/** A collection's wording. */
export interface HomepageMessages {
  /** Subject of the add/update/delete toasts: 'Hero media' → 'Hero media added successfully'. */
  noun: string;
  /** Subject of the toggle toasts: 'Banner' → 'Banner activated'. */
  statusNoun: string;
  load: string;
  save: string;
  delete: string;
  toggle: string;
}

const BASE = '/api/admin/homepage';

/** The query key of a collection. */
const homepageItemsKey = (resource: HomepageResource) => ['admin', 'homepage', resource] as const;

/** Lists, toggles, saves and deletes the items of one collection. */
export function useHomepageContent<T extends HomepageItem>(
  resource: HomepageResource,
  messages: HomepageMessages,
  /** Removes an item's media once the item is gone; failures are only logged. */
  removeMedia: (item: T) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const key = homepageItemsKey(resource);

  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<T[]>(`${BASE}/${resource}`, { auth: true, fallbackMessage: messages.load, signal }),
  });
  useEffect(() => {
    if (query.isError) toast.error(messages.load, { id: `load-${resource}` });
  }, [query.isError, messages.load, resource]);

  const replaceItem = (saved: T) => queryClient.setQueryData<T[]>(key, (old) => old?.map((i) => (i._id === saved._id ? saved : i)));

  const toggle = useMutation({
    mutationFn: (item: T) =>
      apiFetch<T>(`${BASE}/${resource}/${item._id}`, {
        method: 'PUT',
        body: { ...item, isActive: !item.isActive },
        auth: true,
        fallbackMessage: messages.toggle,
      }),
    onSuccess: (saved) => {
      replaceItem(saved);
      toast.success(`${messages.statusNoun} ${saved.isActive ? 'activated' : 'deactivated'}`);
    },
    onError: () => toast.error(messages.toggle),
  });

  /** POSTs (no id) or PUTs (id) the body; the list shows the saved item. Throws ApiRequestError. */
  const save = async (body: object, id?: string): Promise<T> => {
    const saved = await apiFetch<T>(id ? `${BASE}/${resource}/${id}` : `${BASE}/${resource}`, {
      method: id ? 'PUT' : 'POST',
      body,
      auth: true,
      fallbackMessage: messages.save,
    });
    if (id) replaceItem(saved);
    else queryClient.setQueryData<T[]>(key, (old) => [saved, ...(old ?? [])]);
    return saved;
  };

  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (item: T) =>
      apiFetch(`${BASE}/${resource}/${item._id}`, { method: 'DELETE', auth: true, fallbackMessage: messages.delete }),
    onSuccess: (_answer, item) => {
      queryClient.setQueryData<T[]>(key, (old) => old?.filter((i) => i._id !== item._id));
      toast.success(`${messages.noun} deleted successfully`);
      setPendingDelete(null);
      void removeMedia(item);
    },
    onError: () => {
      toast.error(messages.delete);
      setPendingDelete(null);
    },
  });

  return {
    query,
    items: query.data ?? [],
    /** Flips one item's active state. */
    toggle: (item: T) => toggle.mutate(item),
    /** The id of the item whose toggle is in flight. */
    togglingId: toggle.isPending ? toggle.variables?._id : undefined,
    save,
    /** Opens the confirmation for deleting `item`. */
    askDelete: setPendingDelete,
    /** Props for the ConfirmDialog of the delete. */
    deleteDialog: {
      open: pendingDelete !== null,
      busy: remove.isPending,
      onConfirm: () => {
        if (pendingDelete) remove.mutate(pendingDelete);
      },
      onCancel: () => setPendingDelete(null),
    },
    /** Puts a server answer (e.g. the reordered banners) in place of the list. */
    setItems: (items: T[]) => queryClient.setQueryData<T[]>(key, items),
  };
}
