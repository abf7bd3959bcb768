/**
 * The centred card the account pages (login, signup, code entry, password reset) sit in; its
 * background fades to white so short pages meet the footer without a seam.
 */
import type { ReactNode } from 'react';

/** Card with a serif heading, a line of text, the form and an optional footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-linear-to-b from-stone-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-center font-display text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-sm text-stone-600">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
        {footer ? <div className="mt-8 border-t border-stone-100 pt-6 text-center text-sm text-stone-600">{footer}</div> : null}
      </div>
    </div>
  );
}
