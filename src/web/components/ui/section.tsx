/**
 * A titled home-page section.
 */
import type { ReactNode } from 'react';

/** Section with a serif heading, optional subtitle and an optional link on the right. */
export function Section({
  id,
  title,
  subtitle,
  action,
  children,
  tone = 'white',
}: {
  id?: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'white' | 'stone';
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === 'stone' ? 'bg-stone-50' : 'bg-white'}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4 sm:mb-10">
          <div>
            <h2 id={headingId} className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
              {title}
            </h2>
            {subtitle ? <p className="mt-2 text-stone-600">{subtitle}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
