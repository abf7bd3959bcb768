/**
 * /admin/reviews: shoppers' reviews filtered by status (pending
 * first by default, oldest first so none waits forever), each with the product, the shopper, stars,
 * text and photos; Approve, Hide and a public reply shown under the review. 20 a page.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { formatIndiaTime, MEDIUM_DATE_SHORT_TIME } from '../../../core/india-time';
import { FIT_LABELS, REVIEW_REPLY_MAX, REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '../../../core/reviews';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { Stars } from '../../components/ui/star-rating';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminReviews, useReviewActions } from '../../features/admin/reviews/api';
import { errorMessage } from '../../lib/api';
import { variantCaption } from '../../../core/colours';
import { productPath } from '../../../core/addresses';

/** Page title. */
export const meta = () => adminMeta('Reviews');

const STATUS_TONE = { pending: 'yellow', approved: 'green', hidden: 'grey' } as const;
const STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', hidden: 'Hidden' };

function ReviewCard({ review }: { review: AdminReview }) {
  const { moderate, reply } = useReviewActions();
  const [text, setText] = useState(review.reply ?? '');
  const busy = moderate.isPending || reply.isPending;
  const setStatus = (status: 'approved' | 'hidden') =>
    moderate.mutate(
      { id: review._id, status },
      {
        onSuccess: () => toast.success(status === 'approved' ? 'Review approved' : 'Review hidden'),
        onError: (e) => toast.error(errorMessage(e, 'Failed to update the review')),
      },
    );
  const replyId = `reply-${review._id}`;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <article aria-labelledby={`title-${review._id}`}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={productPath(review.product)} className="text-sm font-medium text-brand hover:underline">
              {review.product.title}
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <Stars value={review.rating} />
              <h2 id={`title-${review._id}`} className="font-semibold text-stone-900">
                {review.title}
              </h2>
            </div>
          </div>
          <Badge tone={STATUS_TONE[review.status]} className="shrink-0">
            {STATUS_LABEL[review.status]}
          </Badge>
        </div>
        <p className="mt-1 text-xs text-stone-600">
          {review.customer.name} ({review.customer.email}) · {formatIndiaTime(review.updatedAt, MEDIUM_DATE_SHORT_TIME)}
          {review.size ? ` · ${variantCaption(review.size)}` : ''}
          {review.fit ? ` · ${FIT_LABELS[review.fit]}` : ''}
          {` · ${review.helpfulCount} helpful`}
        </p>
        <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-stone-800">{review.body}</p>
        {review.photos.length > 0 ? (
          <ul className="mt-3 flex gap-2" aria-label="Photos">
            {review.photos.map((p, i) => (
              <li key={p.publicId}>
                <a href={p.url} target="_blank" rel="noopener noreferrer">
                  <img src={p.url} alt={`Photo ${i + 1}`} width={64} height={64} className="h-16 w-16 rounded-md object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {review.status !== 'approved' ? (
            <Button size="sm" disabled={busy} onClick={() => setStatus('approved')}>
              Approve
            </Button>
          ) : null}
          {review.status !== 'hidden' ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setStatus('hidden')}>
              Hide
            </Button>
          ) : null}
        </div>
        <form
          className="mt-4 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            reply.mutate(
              { id: review._id, text },
              {
                onSuccess: () => toast.success(text.trim() ? 'Reply saved' : 'Reply removed'),
                onError: (err) => toast.error(errorMessage(err, 'Failed to save the reply')),
              },
            );
          }}
        >
          <label htmlFor={replyId} className="block text-sm font-medium text-stone-800">
            Reply (shown under the review)
          </label>
          <textarea
            id={replyId}
            rows={2}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-stone-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
          <Button size="sm" variant="secondary" type="submit" disabled={busy || text === (review.reply ?? '')}>
            Save reply
          </Button>
        </form>
      </article>
    </li>
  );
}

/** The reviews screen. */
export default function AdminReviews() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReviewStatus | '' =
    raw === '' || raw === 'all' ? '' : (REVIEW_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ReviewStatus) : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAdminReviews(status, page);
  const data = query.data;
  const go = (next: { status?: string; page?: number }) =>
    setParams({ status: next.status ?? (status || 'all'), page: String(next.page ?? 1) });

  const tabs: { value: string; label: string; count?: number }[] = [
    ...REVIEW_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s], count: data?.counts[s] })),
    { value: 'all', label: 'All' },
  ];
  return (
    <div className="max-w-4xl space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">Reviews</h1>
        <p className="mt-1 text-stone-600">New reviews wait here until you approve them. Approved reviews show on the product page.</p>
      </div>
      <nav aria-label="Review status" className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const current = (status || 'all') === tab.value;
          return (
            <button
              key={tab.value}
              type="button"
              aria-pressed={current}
              onClick={() => go({ status: tab.value })}
              className={`inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium ${
                current ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-stone-900'
              }`}
            >
              {tab.label}
              {tab.count !== undefined ? <span className="tabular-nums">{tab.count}</span> : null}
            </button>
          );
        })}
      </nav>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
          <Spinner /> Loading reviews…
        </div>
      ) : query.isError && !data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          Failed to load reviews
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data || data.reviews.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white">
          <EmptyState
            icon="search"
            title="No reviews here"
            description={status === 'pending' ? 'Nothing waits for moderation.' : 'Reviews of this status appear here.'}
          />
        </div>
      ) : (
        <>
          <ul className={`space-y-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Reviews">
            {data.reviews.map((r) => (
              <ReviewCard key={`${r._id}-${r.updatedAt}-${r.status}`} review={r} />
            ))}
          </ul>
          <Pager page={data.currentPage} totalPages={data.totalPages} onPage={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}
