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
  // The shared look is the `.price` class (app.css); only the larger sizes add classes.
  const main = size === 'lg' ? 'text-2xl sm:text-3xl' : size === 'md' ? 'text-base' : undefined;
  const struck = size === 'lg' ? 'text-lg' : undefined;
  return (
    <span className="price">
      <span className={main}>{formatINR(price)}</span>
      {hasCompare ? (
        <>
          <s className={struck}>
            <span className="sr-only">Was </span>
            {formatINR(compareAtPrice)}
          </s>
          {showSaving && percent > 0 ? <span className={struck}>{`${percent}% off`}</span> : null}
        </>
      ) : null}
    </span>
  );
}
