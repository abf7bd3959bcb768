/**
 * 'What Customers Say': testimonial cards in a scroll rail (arrows when more than 2).
 */
import type { Homepage } from '../../../core/api-types';
import { Rail } from '../../components/ui/rail';

type Testimonial = Homepage['testimonials'][number];

function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path
            d="m10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8L10 1.8Z"
            fill={i < value ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </svg>
      ))}
    </div>
  );
}

/** One quote with its rating and author. */
function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      <Stars rating={t.rating} />
      <blockquote className="mt-4 flex-1 text-[15px] leading-relaxed text-stone-700">“{t.content}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {t.imageUrl ? (
          <img src={t.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-rose-100 font-semibold text-rose-700"
            aria-hidden="true"
          >
            {t.authorName.charAt(0).toUpperCase()}
          </span>
        )}
        <span>
          <span className="block text-sm font-semibold text-stone-900">{t.authorName}</span>
          {t.authorHandle ? <span className="block text-xs text-stone-500">{t.authorHandle}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** The testimonials section; nothing when there are none. */
export function Testimonials({ items }: { items: Testimonial[] }) {
  if (items.length === 0) return null;
  return (
    <Rail label="Customer testimonials" showArrows={items.length > 2}>
      {items.map((t) => (
        <div key={t._id} className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-12px)] lg:w-[calc(33.333%-16px)]">
          <TestimonialCard t={t} />
        </div>
      ))}
    </Rail>
  );
}
