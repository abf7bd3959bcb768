/**
 * The product form's images: pick or drop up to 5 image files of at most
 * 5MB each (the spec's messages as toasts; with colours, 5 per colour and 5 for every colour),
 * thumbnails with alt text and, when the product has colours, the colour each shows ("All colours"
 * or one), move up/down buttons (the first image is the main one) and remove. Picked files are uploaded when the form is saved.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { MAX_PRODUCT_IMAGES } from '../../../../core/schemas/admin-catalog';
import { Badge } from '../../../components/ui/badge';
import { checkImageFiles } from './image-upload';
import type { ProductFormOutput, ProductFormValues } from './product-form-schema';

/** A preview URL for a picked file, revoked when no longer shown. */
function useObjectUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return file ? url : null;
}

function Thumbnail({ url, file, alt }: { url: string; file?: File; alt: string }) {
  const preview = useObjectUrl(file);
  const src = file ? preview : url;
  return (
    <div className="h-24 w-20 shrink-0 overflow-hidden rounded-md bg-stone-100 ring-1 ring-stone-200">
      {src ? <img src={src} alt={alt} className="h-full w-full object-cover" /> : null}
    </div>
  );
}

const iconButton =
  'flex h-9 w-9 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-700 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-40';

/** Images of the product form. */
export function ProductImagesField({ form }: { form: UseFormReturn<ProductFormValues, unknown, ProductFormOutput> }) {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'images' });
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // Keyboard focus survives a move or a removal: it goes to the element this picks once the list
  // has re-rendered (the moved image's arrow, the other arrow at an edge, the next Remove).
  const pendingFocus = useRef<((count: number) => string) | null>(null);
  useEffect(() => {
    const pick = pendingFocus.current;
    if (!pick) return;
    pendingFocus.current = null;
    document.getElementById(pick(fields.length))?.focus();
  }, [fields, inputId]);
  const moveImage = (from: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? from - 1 : from + 1;
    pendingFocus.current = (count) => {
      const atEdge = dir === 'up' ? to === 0 : to === count - 1;
      return `${inputId}-${atEdge ? (dir === 'up' ? 'down' : 'up') : dir}-${to}`;
    };
    move(from, to);
  };
  const removeImage = (index: number) => {
    pendingFocus.current = (count) => (count === 0 ? inputId : `${inputId}-remove-${Math.min(index, count - 1)}`);
    remove(index);
  };
  const colours = useWatch({ control, name: 'colours' }) ?? [];
  // With colours: 5 pictures per colour and 5 for every colour (the server counts each colour).
  const limit = colours.length > 0 ? MAX_PRODUCT_IMAGES * (colours.length + 1) : MAX_PRODUCT_IMAGES;
  const full = fields.length >= limit;
  const error = errors.images?.message ?? errors.images?.root?.message;

  const add = (files: FileList | null) => {
    const { accepted, errors: problems } = checkImageFiles(Array.from(files ?? []), fields.length, limit);
    for (const message of problems) toast.error(message);
    if (accepted.length > 0) {
      append(accepted.map((file) => ({ url: '', alt: '', publicId: null, colour: null, file })));
      clearErrors('images');
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">
        Images{' '}
        <span className="font-normal text-stone-500">
          {colours.length > 0 ? `(${fields.length}, up to ${MAX_PRODUCT_IMAGES} per colour)` : `(${fields.length}/${MAX_PRODUCT_IMAGES})`}
        </span>
      </legend>

      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!full) add(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center ${
          dragging ? 'border-brand bg-rose-50' : error ? 'border-red-300' : 'border-stone-300'
        }`}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          onChange={(e) => add(e.target.files)}
          aria-describedby={`${inputId}-hint`}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={`inline-flex h-9 cursor-pointer items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 hover:border-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand ${
            full ? 'cursor-not-allowed opacity-50' : ''
          }`}
        >
          Add images
        </label>
        <p id={`${inputId}-hint`} className="text-xs text-stone-500">
          {full
            ? `Maximum ${limit} images allowed`
            : colours.length > 0
              ? `or drop them here. Up to ${MAX_PRODUCT_IMAGES} images per colour, 5MB each; choose each picture's colour below. Uploaded when you save.`
              : `or drop them here. Up to ${MAX_PRODUCT_IMAGES} images, 5MB each. Uploaded when you save.`}
        </p>
      </div>
      {error ? <p className="mt-1.5 text-sm text-red-600">{error}</p> : null}

      {fields.length > 0 ? (
        <ol className="mt-3 space-y-2">
          {fields.map((field, i) => {
            const n = i + 1;
            const altError = errors.images?.[i]?.alt?.message;
            return (
              <li key={field.id} className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-2">
                <Thumbnail url={field.url} file={field.file} alt={`Image ${n}`} />
                <div className="min-w-0 flex-1 space-y-1.5">
                  <div className="flex flex-wrap items-center gap-1.5 text-xs text-stone-500">
                    <span className="font-medium text-stone-700">Image {n}</span>
                    {i === 0 ? <Badge tone="dark">Main</Badge> : null}
                    {field.file ? <Badge tone="blue">New</Badge> : null}
                    {field.file ? <span className="min-w-0 max-w-full truncate">{field.file.name}</span> : null}
                  </div>
                  <label className="sr-only" htmlFor={`${inputId}-alt-${i}`}>
                    Alt text for image {n}
                  </label>
                  <input
                    id={`${inputId}-alt-${i}`}
                    placeholder="Alt text: describe the photo"
                    aria-invalid={altError ? true : undefined}
                    className="block h-9 w-full rounded-md border border-stone-300 px-3 text-base placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm"
                    {...register(`images.${i}.alt`)}
                  />
                  {altError ? <p className="text-sm text-red-600">{altError}</p> : null}
                  {colours.length > 0 ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <label htmlFor={`${inputId}-colour-${i}`} className="text-xs font-medium text-stone-700">
                        Colour <span className="sr-only">of image {n}</span>
                      </label>
                      <select
                        id={`${inputId}-colour-${i}`}
                        className="h-9 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:max-w-56 sm:text-sm"
                        {...register(`images.${i}.colour`, { setValueAs: (v: unknown) => (typeof v === 'string' && v ? v : null) })}
                      >
                        <option value="">All colours</option>
                        {colours.map((c) => (
                          <option key={c.name} value={c.name}>
                            {c.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                  <button
                    id={`${inputId}-up-${i}`}
                    type="button"
                    className={iconButton}
                    onClick={() => moveImage(i, 'up')}
                    disabled={i === 0}
                    aria-label={`Move image ${n} up`}
                    title="Move up"
                  >
                    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                      <path d="m5 12.5 5-5 5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </button>
                  <button
                    id={`${inputId}-down-${i}`}
                    type="button"
                    className={iconButton}
                    onClick={() => moveImage(i, 'down')}
                    disabled={i === fields.length - 1}
                    aria-label={`Move image ${n} down`}
                    title="Move down"
                  >
                    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                      <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </button>
                  <button
                    id={`${inputId}-remove-${i}`}
                    type="button"
                    className={`${iconButton} hover:border-red-600 hover:text-red-700`}
                    onClick={() => removeImage(i)}
                    aria-label={`Remove image ${n}`}
                    title="Remove"
                  >
                    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                      <path d="m5.5 5.5 9 9m0-9-9 9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </fieldset>
  );
}
