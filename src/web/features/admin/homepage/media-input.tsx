/**
 * Form parts of the homepage content forms: a file picker with a preview of the chosen file (or of
 * the saved media when editing), the upload progress bar, the "active" checkbox and the
 * Save/Cancel row.
 */
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { ResourceType } from '../../../../core/schemas/media';
import { mediaKindOf } from '../../../lib/media-upload';

/** Object URL of a picked file for previews, revoked when the file changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Props of MediaInput. */
export interface MediaInputProps {
  label: string;
  /** MIME patterns offered by the picker, e.g. 'image/*,video/*'. */
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The saved media shown while no new file is picked (edit mode). */
  currentUrl?: string | null;
  currentKind?: ResourceType;
  error?: string;
  hint: string;
  /** Offered for optional media: clears the picked file and the saved one. */
  onRemove?: () => void;
  /** Preview box shape. */
  aspect?: 'banner' | 'video' | 'square' | 'portrait';
}

const ASPECT = { banner: 'aspect-[5/2]', video: 'aspect-video', square: 'aspect-square', portrait: 'aspect-[9/16] max-h-72' } as const;

/** A labelled file picker with its preview, hint and error. */
export function MediaInput({
  label,
  accept,
  file,
  onFile,
  currentUrl,
  currentKind = 'image',
  error,
  hint,
  onRemove,
  aspect = 'video',
}: MediaInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // A cleared file (Remove) also clears the picker's own display.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);
  const previewUrl = usePreviewUrl(file);
  const url = previewUrl ?? currentUrl ?? null;
  const kind = file ? mediaKindOf(file) : currentKind;
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {url && kind ? (
          <div
            className={`relative w-full shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100 ${aspect === 'portrait' ? 'sm:w-40' : 'sm:w-64'} ${ASPECT[aspect]}`}
          >
            {kind === 'video' ? (
              <video
                src={url}
                className="h-full w-full object-cover"
                muted
                playsInline
                controls
                preload="metadata"
                aria-label={`${label} preview`}
              />
            ) : (
              <img src={url} alt={`${label} preview`} className="h-full w-full object-cover" />
            )}
          </div>
        ) : null}
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-stone-600 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:border-stone-900"
          />
          <p id={`${id}-hint`} className="text-xs text-stone-500">
            {file ? `${file.name} · ${formatBytes(file.size)}` : hint}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          {onRemove && url ? (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove {label.toLowerCase()}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** "1.2 MB" style sizes. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The running upload: what is being sent and how far it got. */
export interface UploadState {
  label: string;
  percent: number;
}

/** A progress bar for a running upload. */
export function UploadProgress({ state }: { state: UploadState | null }) {
  if (!state) return null;
  return (
    <div className="space-y-1" role="status" aria-live="polite">
      <div className="flex justify-between text-xs font-medium text-stone-600">
        <span>{state.label}</span>
        <span>{state.percent}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label={state.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percent}
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${state.percent}%` }} />
      </div>
    </div>
  );
}

/** The "shown on the home page" checkbox of a content form. */
export function ActiveCheckbox(props: ComponentProps<'input'>) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
      <input type="checkbox" className="h-4 w-4 rounded border-stone-300 accent-brand" {...props} />
      Active (shown on the home page)
    </label>
  );
}

/** The form's title row and Save/Cancel buttons, around the fields. */
export function ContentForm({
  title,
  onSubmit,
  onCancel,
  submitting,
  submitLabel,
  children,
}: {
  title: string;
  onSubmit: () => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      noValidate
      aria-labelledby={id}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-100 pt-4">
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
