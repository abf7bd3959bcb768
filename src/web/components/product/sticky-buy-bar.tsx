/**
 * The product page's bottom bar on phones: price, Add to Cart and Buy Now, shown once the
 * page's own buying buttons have scrolled up out of view (an IntersectionObserver on them) and
 * hidden again when they come back. Fixed to the viewport and slid in with a transform, so nothing
 * on the page moves; hidden (not focusable, not announced) while away; never shown from `md` up.
 */
import { useEffect, useState, type ReactNode, type RefObject } from 'react';

/**
 * True while `target` is out of view above the viewport (scrolled past), false while it is visible
 * or still below. False on the server and until the observer first reports.
 */
export function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // The viewport stretched far downwards: the target leaves it only by going out at the top. A
    // plain viewport would miss a jump from below the fold to above it (no crossing to report).
    const observer = new IntersectionObserver(([entry]) => setPast(!entry.isIntersecting), { rootMargin: '0px 0px 100000px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);
  return past;
}

/**
 * True while `target` is in the viewport, false once it has left (above or below). True on the
 * server and until the observer first reports, so nothing flashes in before it does.
 */
export function useInView(target: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);
  return inView;
}

/** Props of StickyBuyBar. */
export interface StickyBuyBarProps {
  /** The test id (and the CSS hook that keeps room for the bar under the page): 'sticky-buy-bar' by default. */
  testId?: string;
  /** The width from which the bar is never shown: `md` (product page) or `lg` (checkout, one column below it). */
  hiddenFrom?: 'md' | 'lg';
  /** Whether the bar is in view. */
  visible: boolean;
  /** The price line (a PriceTag). */
  price: ReactNode;
  /** A short line under the price: the chosen size, or a prompt to choose one. */
  detail: string;
  /** The two buttons. */
  children: ReactNode;
}

/** The fixed bottom bar (phones only); the checkout's pay bar too. */
export function StickyBuyBar({ testId = 'sticky-buy-bar', hiddenFrom = 'md', visible, price, detail, children }: StickyBuyBarProps) {
  return (
    <div
      data-testid={testId}
      inert={!visible}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 pb-[calc(0.75rem+env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur transition-[transform,visibility] duration-200 ${hiddenFrom === 'md' ? 'md:hidden' : 'lg:hidden'} ${
        visible ? 'visible translate-y-0' : 'invisible translate-y-full'
      }`}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          {price}
          <p className="truncate text-xs text-stone-600">{detail}</p>
        </div>
        <div className="flex shrink-0 gap-2">{children}</div>
      </div>
    </div>
  );
}
