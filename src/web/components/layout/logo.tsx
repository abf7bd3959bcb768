/**
 * The Rangmanch mark and wordmark. The mark is an SVG written once in app.css (`.logo-mark`, a data
 * address, so there is no image to fail), not inline in the header and the footer of every page.
 */
import { BRAND } from '../../../core/constants';

/**
 * The brand mark (a stylised stage arch) followed by the brand name; `wordmark` sizes the name (the
 * header's is smaller on phones, where its bar holds four icons beside it).
 */
export function Logo({ className = '', wordmark = 'text-2xl' }: { className?: string; wordmark?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <i className="logo-mark" aria-hidden="true" />
      <span className={`font-display font-semibold tracking-tight text-stone-900 ${wordmark}`}>{BRAND.name}</span>
    </span>
  );
}
