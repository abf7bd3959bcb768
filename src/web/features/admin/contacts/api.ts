/**
 * The contact inbox call: GET /api/contacts?search, newest first.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AdminContactMessage } from '../../../../core/schemas/admin-orders';
import { apiFetch } from '../../../lib/api';

/** The messages matching `search` (all when blank), newest first. */
export function useContactMessages(search: string) {
  const term = search.trim();
  const query = useQuery({
    queryKey: ['admin', 'contacts', term],
    queryFn: ({ signal }) =>
      apiFetch<AdminContactMessage[]>(`/api/contacts${term ? `?${new URLSearchParams({ search: term })}` : ''}`, {
        auth: true,
        fallbackMessage: 'Failed to load contact messages',
        signal,
      }),
    select: (messages) => [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) toast.error('Failed to load contact messages', { id: 'load-contacts' });
  }, [query.isError]);
  return query;
}
