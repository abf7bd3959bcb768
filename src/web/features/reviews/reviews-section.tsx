/**
 * The product page's reviews: average, count, star distribution
 * (each bar also said in words), the fit most reviewers chose, and approved reviews newest or most
 * helpful first, five a page, with a "Helpful" vote per shopper and the shop's reply underneath.
 * The first page comes with the page (server-rendered); other pages and sorts are fetched. Signed-in
 * shoppers with a delivered order of the product get "Write a review"; its form loads only when
 * opened. Review text is shown as text, never as HTML.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DATE, formatIndiaTime } from '../../../core/india-time';
import { FIT_LABELS, type MyReviewState, type Review, type ReviewPage, type ReviewSort } from '../../../core/reviews';
import { Button } from '../../components/ui/button';
import { RatingBadge, Stars } from '../../components/ui/star-rating';
import { apiFetch, errorMessage } from '../../lib/api';
import { savePostLoginAction, useAuthStatus } from '../../lib/auth';
import { toast } from '../../lib/toast';

const ReviewForm = lazy(() => import('./review-form'));

/** The rating line under the product title: "★ 4.5 (12)" linking to the reviews. */
export function ReviewsLink({ page }: { page: ReviewPage | null }) {
  const summary = page?.summary;
  if (!summary?.average) return null;
  return (
    <a href="#reviews" className="mt-2 inline-flex rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand">
      <RatingBadge average={summary.average} count={summary.count} />
    </a>
  );
}

function Summary({ page }: { page: ReviewPage }) {
  const { summary } = page;
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-4">
        <p className="font-display text-5xl font-semibold text-stone-900">{summary.average?.toFixed(1)}</p>
        <div>
          <Stars value={summary.average ?? 0} size="md" />
          <p className="mt-1 text-sm text-stone-600">
            Based on {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      </div>
      <ul className="space-y-1.5" aria-label="Star ratings">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.distribution[stars - 1];
          const pct = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm text-stone-700">
              <span className="w-12 shrink-0" aria-hidden="true">
                {stars} ★
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums" aria-hidden="true">
                {n}
              </span>
              <span className="sr-only">
                {stars} {stars === 1 ? 'star' : 'stars'}: {n} {n === 1 ? 'review' : 'reviews'} ({pct}%)
              </span>
            </li>
          );
        })}
      </ul>
      {summary.mostSay ? (
        <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-800">
          Most say: <strong className="font-semibold">{FIT_LABELS[summary.mostSay].toLowerCase()}</strong>
          <span className="block text-xs text-stone-600">
            {FIT_LABELS.small} {summary.fit.small} · {FIT_LABELS.true} {summary.fit.true} · {FIT_LABELS.large} {summary.fit.large}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** "Verified buyer": only a shopper with a delivered order of the product can write a review. */
function VerifiedBuyer() {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-green-800">
      <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
        <path
          d="M3.5 8.5 6.5 11.5 12.5 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Verified buyer
    </span>
  );
}

/** What a guest's Helpful tap shows under the button: why not, and a way to log in and come back. */
function LogInToVote({ returnTo }: { returnTo: string }) {
  return (
    <p role="status" className="mt-2 text-sm text-stone-700">
      Log in to mark reviews as helpful.{' '}
      <Link
        to="/login"
        onClick={() => savePostLoginAction({ type: 'navigate', payload: { to: `${returnTo}#reviews` }, returnTo })}
        className="whitespace-nowrap font-medium text-brand underline"
      >
        Log in
      </Link>
    </p>
  );
}

function ReviewItem({
  review,
  onHelpful,
  voted,
  loginPrompt,
}: {
  review: Review;
  onHelpful: (id: string) => void;
  voted: boolean;
  /** The product page's path when a guest tapped this review's Helpful: ask them to log in. */
  loginPrompt: string | null;
}) {
  return (
    <li className="border-b border-stone-200 py-6 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        <h3 className="font-semibold text-stone-900">{review.title}</h3>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {review.author} · <VerifiedBuyer /> · <time dateTime={review.createdAt}>{formatIndiaTime(review.createdAt, DATE)}</time>
        {review.size ? ` · ${review.size.includes(' / ') ? 'Bought' : 'Size bought'}: ${review.size}` : ''}
        {review.fit ? ` · Fit: ${FIT_LABELS[review.fit].toLowerCase()}` : ''}
      </p>
      <p className="mt-3 whitespace-pre-line break-words leading-relaxed text-stone-700">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex gap-2" aria-label="Photos from the reviewer">
          {review.photos.map((photo, i) => (
            <li key={photo.publicId}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={photo.url}
                  alt={`Photo ${i + 1} from ${review.author}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-4 rounded-md border-l-4 border-brand bg-stone-50 px-4 py-3 text-sm">
          <p className="font-semibold text-stone-900">Reply from Rangmanch</p>
          <p className="mt-1 whitespace-pre-line break-words text-stone-700">{review.reply}</p>
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => onHelpful(review._id)}
        aria-pressed={voted}
        className="mt-3 inline-flex h-9 items-center gap-1.5 rounded-md border border-stone-300 px-3 text-sm text-stone-800 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-pressed:border-brand aria-pressed:text-brand"
      >
        Helpful ({review.helpfulCount})
      </button>
      {loginPrompt ? <LogInToVote returnTo={loginPrompt} /> : null}
    </li>
  );
}

/** The "Reviews" section of the product page; `initial` is the server-rendered first page (null: none). */
export function ReviewsSection({ productId, initial }: { productId: string; initial: ReviewPage | null }) {
  const [page, setPage] = useState<ReviewPage | null>(initial);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [loading, setLoading] = useState(false);
  const [voted, setVoted] = useState<Set<string>>(new Set());
  const [mine, setMine] = useState<MyReviewState | null>(null);
  const [writing, setWriting] = useState(false);
  // The review whose Helpful a guest tapped: it shows the log-in prompt.
  const [guestVote, setGuestVote] = useState<string | null>(null);
  const auth = useAuthStatus();
  const location = useLocation();

  useEffect(() => setPage(initial), [initial]);
  useEffect(() => {
    if (auth !== 'signed-in') return;
    const controller = new AbortController();
    apiFetch<MyReviewState>(`/api/products/${encodeURIComponent(productId)}/reviews/mine`, { auth: true, signal: controller.signal })
      .then(setMine)
      .catch(() => setMine(null));
    return () => controller.abort();
  }, [auth, productId]);

  async function load(nextSort: ReviewSort, nextPage: number) {
    setLoading(true);
    try {
      const answer = await apiFetch<ReviewPage>(
        `/api/products/${encodeURIComponent(productId)}/reviews?sort=${nextSort}&page=${nextPage}`,
        { fallbackMessage: 'Failed to load reviews' },
      );
      setSort(nextSort);
      setPage(answer);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to load reviews'));
    } finally {
      setLoading(false);
    }
  }

  async function helpful(reviewId: string) {
    if (auth !== 'signed-in') {
      setGuestVote(reviewId);
      return;
    }
    try {
      const { helpfulCount } = await apiFetch<{ helpfulCount: number }>(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, {
        method: 'POST',
        auth: true,
        fallbackMessage: 'Could not record your vote',
      });
      setVoted((prev) => new Set(prev).add(reviewId));
      setPage((p) => p && { ...p, reviews: p.reviews.map((r) => (r._id === reviewId ? { ...r, helpfulCount } : r)) });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not record your vote'));
    }
  }

  const count = page?.summary.count ?? 0;
  const own = mine?.review;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24 border-t border-stone-200">
      <div className="grid gap-10 py-12 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          <h2 id="reviews-heading" className="font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
            Ratings &amp; Reviews
          </h2>
          <div className="mt-6">{page && count > 0 ? <Summary page={page} /> : <p className="text-stone-600">No reviews yet.</p>}</div>
          <div className="mt-6">
            {mine?.eligible ? (
              own && !writing ? (
                <div className="space-y-2 text-sm text-stone-700">
                  <p>
                    {own.status === 'pending'
                      ? 'Thanks! Your review is waiting for approval.'
                      : own.status === 'hidden'
                        ? 'Your review is not shown.'
                        : 'Your review is published.'}
                  </p>
                  <Button variant="secondary" onClick={() => setWriting(true)}>
                    Edit your review
                  </Button>
                </div>
              ) : writing ? null : (
                <Button onClick={() => setWriting(true)}>Write a review</Button>
              )
            ) : auth === 'signed-out' ? (
              <p className="text-sm text-stone-600">
                Bought this?{' '}
                <Link
                  to="/login"
                  onClick={() =>
                    savePostLoginAction({ type: 'navigate', payload: { to: `${location.pathname}#reviews` }, returnTo: location.pathname })
                  }
                  className="font-medium text-brand underline"
                >
                  Log in to write a review
                </Link>
              </p>
            ) : null}
          </div>
        </div>
        <div>
          {writing && mine ? (
            <Suspense fallback={<p className="text-sm text-stone-600">Loading the review form…</p>}>
              <ReviewForm
                productId={productId}
                state={mine}
                onCancel={() => setWriting(false)}
                onSaved={(review) => {
                  setMine({ ...mine, review });
                  setWriting(false);
                }}
              />
            </Suspense>
          ) : null}
          {page && count > 0 ? (
            <>
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm text-stone-600" aria-live="polite">
                  {loading ? 'Loading reviews…' : `Showing page ${page.page} of ${page.totalPages}`}
                </p>
                <label className="flex items-center gap-2 text-sm text-stone-700">
                  Sort by
                  <select
                    value={sort}
                    onChange={(e) => void load(e.target.value as ReviewSort, 1)}
                    className="h-10 rounded-md border border-stone-300 bg-white px-2 text-sm"
                  >
                    <option value="newest">Newest</option>
                    <option value="helpful">Most helpful</option>
                  </select>
                </label>
              </div>
              <ul>
                {page.reviews.map((r) => (
                  <ReviewItem
                    key={r._id}
                    review={r}
                    voted={voted.has(r._id)}
                    onHelpful={(id) => void helpful(id)}
                    loginPrompt={guestVote === r._id && auth !== 'signed-in' ? location.pathname : null}
                  />
                ))}
              </ul>
              {page.totalPages > 1 ? (
                <nav aria-label="Review pages" className="flex items-center justify-between gap-3">
                  <Button variant="secondary" disabled={page.page <= 1 || loading} onClick={() => void load(sort, page.page - 1)}>
                    Previous
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={page.page >= page.totalPages || loading}
                    onClick={() => void load(sort, page.page + 1)}
                  >
                    Next
                  </Button>
                </nav>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
