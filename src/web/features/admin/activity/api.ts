/**
 * The activity log's calls (docs/architecture.md#audit-log): a page of GET /api/admin/activity
 * (newest first, the next page by its cursor), the people for the person filter, and the CSV
 * download of the same filters. Owners only (audit.read).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityPage, ActivityPerson } from '../../../../core/schemas/audit';
import { apiFetch, ApiRequestError } from '../../../lib/api';
import { getToken } from '../../../lib/auth';

/** The filters as the screen keeps them in its address; '' is "any". */
export interface ActivityFilterState {
  actorId: string;
  entity: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilterState = { actorId: '', entity: '', entityId: '', action: '', from: '', to: '' };
const KEYS = Object.keys(NO_FILTERS) as (keyof ActivityFilterState)[];

/** The filters named in `params` (absent ones ''). */
export function readActivityFilters(params: URLSearchParams): ActivityFilterState {
  return Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as ActivityFilterState;
}

/** The filters that are set, as query parameters. */
export function activityParams(filters: Partial<ActivityFilterState>): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of KEYS) if (filters[k]) params.set(k, filters[k]);
  return params;
}

/** The log, newest first, page after page (`fetchNextPage` follows the cursor). */
export function useActivity(filters: Partial<ActivityFilterState>, limit = 50, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['admin', 'activity', filters, limit],
    enabled,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = activityParams(filters);
      params.set('limit', String(limit));
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ActivityPage>(`/api/admin/activity?${params}`, {
        auth: true,
        fallbackMessage: 'Failed to load the activity log',
        signal,
      });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Everyone who appears in the log, by name (the person filter's choices). */
export function useActivityPeople() {
  return useQuery({
    queryKey: ['admin', 'activity', 'people'],
    queryFn: ({ signal }) => apiFetch<ActivityPerson[]>('/api/admin/activity/people', { auth: true, signal }),
  });
}

/** Downloads the CSV of `filters` (the download is itself recorded by the server). */
export async function downloadActivityCsv(filters: ActivityFilterState): Promise<void> {
  const fallback = 'Failed to download the activity log';
  let response: Response;
  try {
    response = await fetch(`/api/admin/activity.csv?${activityParams(filters)}`, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(response.status, body?.message ?? fallback);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'activity.csv';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
