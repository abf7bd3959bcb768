/**
 * "Write a review": stars, title, text, the size bought (from the shopper's delivered
 * orders), fit, and up to 3 photos (sent straight to the media store, the review_photos folder's
 * rules checked first). Validated with the server's schema (src/core/schemas/reviews.ts); loaded only
 * when a shopper opens it, so the product page's first load does not carry it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FOLDER_RULES, type UploadResult, type UploadTarget } from '../../../core/schemas/media';
import { reviewInputSchema, type ReviewInput } from '../../../core/schemas/reviews';
import { FIT_LABELS, REVIEW_BODY_MAX, REVIEW_FITS, REVIEW_PHOTOS_MAX, type MyReviewState, type ReviewPhoto } from '../../../core/reviews';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/field';
import { apiFetch, ApiRequestError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

type Saved = NonNullable<MyReviewState['review']>;
type Fields = { rating: number; title: string; body: string; size: string | null; fit: string | null };

/** Asks the shop where a review photo goes and sends it there; answers the stored photo. */
async function uploadPhoto(productId: string, file: File): Promise<ReviewPhoto> {
  const rule = FOLDER_RULES.review_photos;
  if (!file.type.startsWith('image/')) throw new ApiRequestError(400, rule.invalidType(file.name));
  if (file.size > rule.maxBytes) throw new ApiRequestError(413, rule.tooLarge(file.name));
  const target = await apiFetch<UploadTarget>('/api/reviews/upload-target', {
    method: 'POST',
    auth: true,
    body: { productId },
    fallbackMessage: 'Failed to upload photo',
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  const res = await fetch(target.uploadUrl, { method: 'POST', body: form }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as (UploadResult & { message?: string }) | null;
  if (!res?.ok || !body?.secure_url) throw new ApiRequestError(res?.status ?? 0, body?.message ?? 'Failed to upload photo');
  return { url: body.secure_url, publicId: body.public_id };
}

/** The review form; `state` is GET /api/products/{id}/reviews/mine (eligible), `onSaved` gets the saved review. */
export default function ReviewForm({
  productId,
  state,
  onCancel,
  onSaved,
}: {
  productId: string;
  state: MyReviewState;
  onCancel: () => void;
  onSaved: (review: Saved) => void;
}) {
  const own = state.review;
  const [photos, setPhotos] = useState<ReviewPhoto[]>(own?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ReviewInput, unknown, Fields>({
    resolver: zodResolver(reviewInputSchema) as never,
    defaultValues: {
      rating: own?.rating,
      title: own?.title ?? '',
      body: own?.body ?? '',
      size: own?.size ?? (state.sizes.length === 1 ? state.sizes[0] : null),
      fit: own?.fit ?? null,
    } as ReviewInput,
  });
  const length = (watch('body') ?? '').length;
  const rating = watch('rating');
  const nullable = { setValueAs: (v: string | null) => (v ? v : null) };

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    setUploading(true);
    try {
      for (const file of [...files].slice(0, REVIEW_PHOTOS_MAX - photos.length)) {
        const photo = await uploadPhoto(productId, file);
        setPhotos((p) => [...p, photo]);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to upload photo'));
    } finally {
      setUploading(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await apiFetch<Saved>(`/api/products/${encodeURIComponent(productId)}/reviews`, {
        method: 'POST',
        auth: true,
        body: { ...values, photos },
        fallbackMessage: 'Failed to save your review',
      });
      toast.success('Thanks! Your review will appear once approved.');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (['rating', 'title', 'body', 'size', 'fit'].includes(field)) setError(field as keyof Fields, { message });
        }
      }
      setFailure(errorMessage(error, 'Failed to save your review'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mb-8 space-y-5 rounded-lg border border-stone-200 p-4 sm:p-6">
      <h3 className="font-display text-xl font-semibold text-stone-900">{own ? 'Edit your review' : 'Write a review'}</h3>
      {failure ? <Alert>{failure}</Alert> : null}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="inline-flex h-11 cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-3 text-sm has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setValue('rating', n, { shouldValidate: isSubmitted })}
                className="sr-only"
              />
              {n} ★<span className="sr-only">{n === 1 ? ' star' : ' stars'}</span>
            </label>
          ))}
        </div>
        {errors.rating ? <p className="mt-1.5 text-sm text-red-600">{errors.rating.message}</p> : null}
      </fieldset>
      <Input label="Title" maxLength={100} error={errors.title?.message} {...register('title')} />
      <div>
        <label htmlFor="review-body" className="mb-1.5 block text-sm font-medium text-stone-800">
          Your review
        </label>
        <textarea
          id="review-body"
          rows={5}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby="review-body-error review-body-count"
          className={`block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
            errors.body ? 'border-red-400' : 'border-stone-300'
          }`}
          {...register('body')}
        />
        <div className="mt-1.5 flex justify-between gap-4 text-sm">
          <p id="review-body-error" className="text-red-600">
            {errors.body?.message}
          </p>
          <p id="review-body-count" className="shrink-0 tabular-nums text-stone-600">
            {length}/{REVIEW_BODY_MAX}
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Size bought" error={errors.size?.message} {...register('size', nullable)}>
          <option value="">Not saying</option>
          {state.sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Select label="Fit" error={errors.fit?.message} {...register('fit', nullable)}>
          <option value="">Not saying</option>
          {REVIEW_FITS.map((f) => (
            <option key={f} value={f}>
              {FIT_LABELS[f]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <p className="mb-1.5 text-sm font-medium text-stone-800">Photos (up to {REVIEW_PHOTOS_MAX})</p>
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, i) => (
            <li key={photo.publicId} className="relative">
              <img src={photo.url} alt={`Your photo ${i + 1}`} width={72} height={72} className="h-18 w-18 rounded-md object-cover" />
              <button
                type="button"
                onClick={() => setPhotos((p) => p.filter((x) => x.publicId !== photo.publicId))}
                className="mt-1 text-xs text-red-700 underline"
              >
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
        {photos.length < REVIEW_PHOTOS_MAX ? (
          <label className="mt-2 inline-flex h-11 cursor-pointer items-center rounded-md border border-dashed border-stone-400 px-4 text-sm text-stone-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand">
            {uploading ? 'Uploading…' : 'Add photos'}
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              disabled={uploading}
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Submitting…' : 'Submit review'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
