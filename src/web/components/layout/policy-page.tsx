/**
 * The frame of the policy pages (terms, cancellations and refund, privacy, shipping): a heading,
 * the date of the text, a table of contents and numbered sections in readable prose. The heading
 * comes first, so a phone shows the title above the contents.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportEmailLink } from '../../lib/support-contact';
import { Container } from './page';

/** One numbered section of a policy. */
export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** When the policy texts were last revised. */
export const POLICY_UPDATED = '15 January 2026';

const POLICY_LINKS = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/refund-policy', label: 'Cancellations and Refund' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
] as const;

/** A policy document: title, summary, contents and sections, with links to the other policies. */
export function PolicyPage({ title, summary, sections }: { title: string; summary: ReactNode; sections: PolicySection[] }) {
  return (
    <Container className="py-10 sm:py-14">
      {/* The title comes first in the page (and on a phone, above "On this page"); on large screens the
          contents sit in the left column beside the title and the sections. */}
      <div className="grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-16 lg:gap-y-0">
        <header className="max-w-prose text-stone-700 lg:col-start-2 lg:row-start-1">
          <h1 className="font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{title}</h1>
          <p className="mt-3 text-sm text-stone-500">Last updated {POLICY_UPDATED}</p>
          <div className="mt-6 text-lg text-stone-700">{summary}</div>
        </header>
        <aside className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
          <nav aria-label="On this page" className="rounded-xl border border-stone-200 bg-stone-50 p-5">
            <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-500">On this page</h2>
            <ol className="mt-3 space-y-2 text-sm">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-stone-700 hover:text-brand hover:underline">
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <nav aria-label="Other policies" className="mt-6 hidden px-1 text-sm lg:block">
            <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-500">Policies</h2>
            <ul className="mt-3 space-y-2">
              {POLICY_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-stone-700 hover:text-brand">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <article className="max-w-prose text-[17px] leading-relaxed text-stone-700 lg:col-start-2 lg:row-start-2">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-28 border-t border-stone-200 pt-8 mt-10">
              <h2 id={`${s.id}-h`} className="font-display text-2xl font-semibold text-stone-900">
                {i + 1}. {s.title}
              </h2>
              <div className="policy-body mt-4 space-y-4">{s.body}</div>
            </section>
          ))}
          <p className="mt-12 rounded-lg bg-rose-50 px-5 py-4 text-base text-stone-800">
            Questions? Write to <SupportEmailLink className="font-semibold text-brand underline-offset-4 hover:underline" /> or use our{' '}
            <Link to="/contact" className="font-semibold text-brand underline-offset-4 hover:underline">
              contact form
            </Link>
            . Support hours: Monday to Saturday, 10:00–18:00 IST.
          </p>
        </article>
      </div>
    </Container>
  );
}
