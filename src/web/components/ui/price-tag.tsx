/**
 * Prices in rupees, en-IN formatted, with the struck-through compare-at price.
 */
import { formatINR } from '../../../core/money';

/** The price, the compare-at price struck through when higher, and the percentage saved. */
export function PriceTag({
  price,
  compareAtPrice,
  size = 'md',
  showSaving = false,
}: {
  price: number;
  compareAtPrice?: number | null;
  size?: 'sm' | 'md' | 'lg';
  showSaving?: boolean;
}) {
  const hasCompare = compareAtPrice != null && compareAtPrice > price;
  const percent = hasCompare ? Math.round(((compareAtPrice - price) / compareAtPrice) * 100) : 0;
  const main = size === 'lg' ? 'text-2xl sm:text-3xl' : size === 'sm' ? 'text-sm' : 'text-base';
  const struck = size === 'lg' ? 'text-lg' : 'text-sm';
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className={`font-semibold text-stone-900 ${main}`}>{formatINR(price)}</span>
      {hasCompare ? (
        <>
          <s className={`text-stone-500 ${struck}`}>
            <span className="sr-only">Was </span>
            {formatINR(compareAtPrice)}
          </s>
          {showSaving && percent > 0 ? <span className={`font-semibold text-brand ${struck}`}>{percent}% off</span> : null}
        </>
      ) : null}
    </span>
  );
}
