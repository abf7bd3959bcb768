/**
 * A horizontal scroller with previous/next arrows (arrows only when there is more than fits).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Scrolls its children sideways; arrows step 300px on phones and 400px from 768px up. */
export function Rail({ children, label, showArrows = true }: { children: ReactNode; label: string; showArrows?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const step = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const distance = window.matchMedia('(min-width: 768px)').matches ? 400 : 300;
    el.scrollBy({ left: direction * distance, behavior: 'smooth' });
  };

  // Phones: the arrows sit in a row under the rail; larger screens: over its edges.
  const arrow =
    'flex h-11 w-11 items-center justify-center rounded-full border border-stone-200 bg-white/95 text-stone-800 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-40 sm:absolute sm:top-1/2 sm:z-10 sm:-translate-y-1/2 sm:disabled:opacity-0';

  return (
    <div className="relative">
      <div
        ref={ref}
        className="no-scrollbar relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto scroll-smooth px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:gap-6 sm:px-0"
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
      {showArrows ? (
        <div className="mt-3 flex justify-end gap-2 sm:contents">
          <button
            type="button"
            className={`${arrow} sm:-left-4`}
            onClick={() => step(-1)}
            disabled={edges.start}
            aria-label={`Scroll ${label} left`}
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
              <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className={`${arrow} sm:-right-4`}
            onClick={() => step(1)}
            disabled={edges.end}
            aria-label={`Scroll ${label} right`}
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
              <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
