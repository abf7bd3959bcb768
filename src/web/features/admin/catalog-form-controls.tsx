/**
 * Form controls the catalogue forms need beyond the shared Input and Select: a labelled textarea
 * and a labelled checkbox, both usable with react-hook-form's register().
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled textarea with its error (or hint) underneath. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className = '', rows = 4, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const noteId = `${fieldId}-note`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
        className={`block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
          error ? 'border-red-400' : 'border-stone-300'
        }`}
        {...rest}
      />
      {error ? (
        <p id={noteId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
});

interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** A line under the label. */
  description?: string;
}

/** A checkbox with its label on the right (and an optional description). */
export const CheckField = forwardRef<HTMLInputElement, CheckFieldProps>(function CheckField(
  { label, description, id, className = '', ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`flex items-start gap-2.5 ${className}`}>
      <input
        ref={ref}
        id={fieldId}
        type="checkbox"
        aria-describedby={description ? `${fieldId}-description` : undefined}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
        {...rest}
      />
      <div className="text-sm leading-5">
        <label htmlFor={fieldId} className="font-medium text-stone-800">
          {label}
        </label>
        {description ? (
          <p id={`${fieldId}-description`} className="text-stone-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
});
