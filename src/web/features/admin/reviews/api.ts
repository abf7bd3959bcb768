/**
 * The admin review calls: GET /api/admin/reviews?status=&page=, and approve/hide and
 * reply (PUT /api/admin/reviews/{id}/status, /reply), each refreshing the list and the dashboard.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewPage, ReviewStatus } from '../../../../core/reviews';
import { apiFetch } from '../../../lib/api';

/** One page of reviews, all or of one status. */
export function useAdminReviews(status: ReviewStatus | '', page: number) {
  return useQuery({
    queryKey: ['admin', 'reviews', status, page],
    queryFn: ({ signal }) =>
      apiFetch<AdminReviewPage>(`/api/admin/reviews?${new URLSearchParams({ status, page: String(page) })}`, {
        auth: true,
        fallbackMessage: 'Failed to load reviews',
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or hide a review, or set its reply; the lists and the dashboard refresh after. */
export function useReviewActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const moderate = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'hidden' }) =>
      apiFetch<AdminReview>(`/api/admin/reviews/${encodeURIComponent(id)}/status`, {
        method: 'PUT',
        auth: true,
        body: { status },
        fallbackMessage: 'Failed to update the review',
      }),
    onSettled: refresh,
  });
  const reply = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiFetch<AdminReview>(`/api/admin/reviews/${encodeURIComponent(id)}/reply`, {
        method: 'PUT',
        auth: true,
        body: { reply: text },
        fallbackMessage: 'Failed to save the reply',
      }),
    onSettled: refresh,
  });
  return { moderate, reply };
}
