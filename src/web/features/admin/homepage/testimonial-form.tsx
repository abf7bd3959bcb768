/**
 * The testimonial add/edit form: author name (2+ characters), an optional
 * handle, the quote (10..500 characters, with an n/500 counter that turns yellow past 400 and red
 * past 500), a 1..5 star rating (default 5) as a keyboard-usable radio group, and the active flag;
 * at most 10 testimonials on add.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  TESTIMONIAL_CONTENT_MAX,
  testimonialSchema,
  type Testimonial,
  type TestimonialData,
  type TestimonialInput,
} from '../../../../core/schemas/admin-homepage';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { ActiveCheckbox, ContentForm } from './media-input';

const WARN_AT = 400;

/** A star outline, filled when `on`. */
export function Star({ on, className = 'h-5 w-5' }: { on: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`${className} ${on ? 'text-amber-500' : 'text-stone-300'}`} aria-hidden="true">
      <path
        d="m10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8L10 1.8Z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.2"
      />
    </svg>
  );
}

/** Five clickable stars as a radio group (arrow keys move, Space selects). */
function StarRating({ value, onChange, name, error }: { value: number; onChange: (n: number) => void; name: string; error?: string }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
            />
            <span className="block rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-brand">
              <Star on={n <= value} className="h-7 w-7" />
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-stone-600">{value} of 5</span>
      </div>
      {error ? <p className="mt-1.5 text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

/** Props of TestimonialForm. */
export interface TestimonialFormProps {
  /** The testimonial being edited, or null to add one. */
  item: Testimonial | null;
  /** The limit message when no more may be added, else null. */
  limit: string | null;
  save: (body: TestimonialData, id?: string) => Promise<Testimonial>;
  /** Closes (and so resets) the form: after Cancel or a successful save. */
  onDone: () => void;
}

/** Adds or edits one testimonial. */
export function TestimonialForm({ item, limit, save, onDone }: TestimonialFormProps) {
  const id = useId();
  const form = useForm<TestimonialInput, unknown, TestimonialData>({
    resolver: zodResolver(testimonialSchema),
    defaultValues: {
      authorName: item?.authorName ?? '',
      authorHandle: item?.authorHandle ?? '',
      imageUrl: item?.imageUrl ?? null,
      content: item?.content ?? '',
      rating: item?.rating ?? 5,
      isActive: item?.isActive ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const length = (form.watch('content') ?? '').length;
  const counterTone =
    length > TESTIMONIAL_CONTENT_MAX ? 'text-red-600 font-semibold' : length > WARN_AT ? 'text-yellow-600 font-medium' : 'text-stone-500';

  const submit = form.handleSubmit(async (values) => {
    if (!item && limit) {
      toast.error(limit);
      return;
    }
    try {
      await save(values, item?._id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save testimonial'));
      return;
    }
    toast.success(item ? 'Testimonial updated successfully' : 'Testimonial added successfully');
    onDone();
  });

  const contentError = errors.content?.message;
  return (
    <ContentForm
      title={item ? 'Edit testimonial' : 'Add testimonial'}
      onSubmit={() => void submit()}
      onCancel={onDone}
      submitting={isSubmitting}
      submitLabel={item ? 'Update' : 'Add'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Author name" autoComplete="off" error={errors.authorName?.message} {...form.register('authorName')} />
        <Input
          label="Handle or city (optional)"
          placeholder="@priya.styles or Jaipur"
          autoComplete="off"
          error={errors.authorHandle?.message}
          {...form.register('authorHandle')}
        />
      </div>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-content`} className="text-sm font-medium text-stone-800">
            Testimonial
          </label>
          <span id={`${id}-counter`} className={`text-xs tabular-nums ${counterTone}`} aria-live="polite">
            {length}/{TESTIMONIAL_CONTENT_MAX}
          </span>
        </div>
        <textarea
          id={`${id}-content`}
          rows={4}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${id}-counter${contentError ? ` ${id}-content-error` : ''}`}
          className={`block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${contentError ? 'border-red-400' : 'border-stone-300'}`}
          {...form.register('content')}
        />
        {contentError ? (
          <p id={`${id}-content-error`} className="mt-1.5 text-sm text-red-600">
            {contentError}
          </p>
        ) : null}
      </div>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRating name={field.name} value={field.value ?? 5} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
      <ActiveCheckbox {...form.register('isActive')} />
    </ContentForm>
  );
}
