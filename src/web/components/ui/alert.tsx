/**
 * Message boxes: the general error box of the account forms and success notes.
 */
import type { ReactNode } from 'react';

/** A boxed message; errors are announced to screen readers. */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : tone === 'success'
        ? 'border-green-200 bg-green-50 text-green-800'
        : 'border-stone-200 bg-stone-50 text-stone-700';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}
