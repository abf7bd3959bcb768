/**
 * Page width container and page heading.
 */
import type { ReactNode } from 'react';

/** The shop's content width with side padding. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

/** A page's H1 with an optional line beneath and something on the right (e.g. a count). */
export function PageHeading({ title, subtitle, aside }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b border-stone-200 pb-6">
      <div>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-stone-600">{subtitle}</p> : null}
      </div>
      {aside ? <div className="text-sm text-stone-500">{aside}</div> : null}
    </div>
  );
}
