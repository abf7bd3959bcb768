/**
 * The Rangmanch mark and wordmark (inline SVG, so there is no image to fail).
 */
import { BRAND } from '../../../core/constants';

/**
 * The brand mark (a stylised stage arch) followed by the brand name; `wordmark` sizes the name (the
 * header's is smaller on phones, where its bar holds four icons beside it).
 */
export function Logo({ className = '', wordmark = 'text-2xl' }: { className?: string; wordmark?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#e11d48" />
        <path d="M8 24V15a8 8 0 0 1 16 0v9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M12.5 24v-8a3.5 3.5 0 0 1 7 0v8" fill="none" stroke="#fecdd3" strokeWidth="2" strokeLinecap="round" />
        <circle cx="16" cy="8.5" r="1.6" fill="#fff" />
      </svg>
      <span className={`font-display font-semibold tracking-tight text-stone-900 ${wordmark}`}>{BRAND.name}</span>
    </span>
  );
}
