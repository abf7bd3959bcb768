/**
 * Ratings shown to shoppers: the compact average on cards and the
 * product page, and a row of five stars. The stars are pictures; their meaning is in text for screen
 * readers ("Rated 4.5 out of 5").
 */

/** One star, filled from the left by `fill` (0 to 1). */
function Star({ fill, className }: { fill: number; className: string }) {
  const pct = Math.round(Math.max(0, Math.min(1, fill)) * 100);
  return (
    <span className={`relative inline-block ${className}`} aria-hidden="true">
      <svg viewBox="0 0 20 20" className="absolute inset-0 h-full w-full text-stone-300">
        <path fill="currentColor" d="m10 1.5 2.6 5.6 6.1.7-4.5 4.2 1.2 6L10 15l-5.4 3 1.2-6L1.3 7.8l6.1-.7L10 1.5Z" />
      </svg>
      <span className="absolute inset-0 overflow-hidden" style={{ width: `${pct}%` }}>
        <svg viewBox="0 0 20 20" className={`h-full text-amber-500 ${className}`}>
          <path fill="currentColor" d="m10 1.5 2.6 5.6 6.1.7-4.5 4.2 1.2 6L10 15l-5.4 3 1.2-6L1.3 7.8l6.1-.7L10 1.5Z" />
        </svg>
      </span>
    </span>
  );
}

/** Five stars for `value` (0 to 5, halves and tenths drawn), with "Rated x out of 5" for screen readers. */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-6 w-6' : size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  return (
    <span className="inline-flex items-center gap-0.5">
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} fill={value - i} className={box} />
      ))}
      <span className="sr-only">Rated {value} out of 5</span>
    </span>
  );
}

/**
 * "★ 4.5 (12)": the average and how many reviews, for cards and the product title; its look is
 * `.rating` and its star the `.i-star` mask (app.css), so a listing's 24 ratings carry no SVG.
 */
export function RatingBadge({ average, count }: { average: number; count: number }) {
  return (
    <span className="rating">
      <i className="i-star" aria-hidden="true" />
      <b>{average.toFixed(1)}</b>
      <span aria-hidden="true">({count})</span>
      <span className="sr-only">
        out of 5, {count} {count === 1 ? 'review' : 'reviews'}
      </span>
    </span>
  );
}
