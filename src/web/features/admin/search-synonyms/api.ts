/**
 * Admin search synonym calls: the list, save (POST, or PUT with the group's id) and delete.
 * Errors carry the server's message (a word already in another group is a 409 saying which).
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminSynonym, SynonymBody } from '../../../../core/schemas/search';
import { apiFetch } from '../../../lib/api';

/** Query key of the admin synonym list. */
export const adminSynonymsKey = ['admin', 'search-synonyms'] as const;

/** Every synonym group, by its first word. */
export function useAdminSynonyms() {
  return useQuery({
    queryKey: adminSynonymsKey,
    queryFn: () => apiFetch<AdminSynonym[]>('/api/admin/search-synonyms', { auth: true, fallbackMessage: 'Failed to load synonyms' }),
  });
}

/** POST /api/admin/search-synonyms, or PUT /api/admin/search-synonyms/{id} when `id` is given. */
export function saveSynonym(body: SynonymBody, id?: string): Promise<AdminSynonym> {
  return apiFetch<AdminSynonym>(id ? `/api/admin/search-synonyms/${encodeURIComponent(id)}` : '/api/admin/search-synonyms', {
    method: id ? 'PUT' : 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to save synonyms',
  });
}

/** DELETE /api/admin/search-synonyms/{id}. */
export function deleteSynonym(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/admin/search-synonyms/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to delete synonyms',
  });
}

/** The words of a comma- or space-separated field, as the API takes them. */
export const termsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
