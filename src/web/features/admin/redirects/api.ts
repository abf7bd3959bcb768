/**
 * Admin redirect calls (docs/architecture.md#redirects): the paged list with its search, save
 * (POST, or PUT with the redirect's id), delete and the CSV upload. Errors carry the server's
 * message (a loop, a redirect to itself, an old address already kept).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminRedirect, AdminRedirectList, RedirectImportResult, RedirectInput } from '../../../../core/schemas/redirects';
import { apiFetch } from '../../../lib/api';
import { uploadCsv } from '../import/export-download';

/** Query key of the redirect list (every search and page under it). */
export const adminRedirectsKey = ['admin', 'redirects'] as const;

/** One page of redirects matching `search`. */
export function useAdminRedirects(search: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: [...adminRedirectsKey, search, page],
    queryFn: () =>
      apiFetch<AdminRedirectList>(`/api/admin/redirects?${params}`, { auth: true, fallbackMessage: 'Failed to load redirects' }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/redirects, or PUT /api/admin/redirects/{id} when `id` is given. */
export function saveRedirect(body: RedirectInput, id?: string): Promise<AdminRedirect> {
  return apiFetch<AdminRedirect>(id ? `/api/admin/redirects/${encodeURIComponent(id)}` : '/api/admin/redirects', {
    method: id ? 'PUT' : 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to save the redirect',
  });
}

/** DELETE /api/admin/redirects/{id}. */
export function deleteRedirect(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/admin/redirects/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to delete the redirect',
  });
}

/** POST /api/admin/redirects/import with a CSV file. */
export function uploadRedirects(file: File): Promise<RedirectImportResult> {
  return uploadCsv<RedirectImportResult>('/api/admin/redirects/import', file, 'Failed to upload the redirects');
}
