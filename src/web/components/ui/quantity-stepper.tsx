/**
 * The − / number / + control for quantities.
 */

/** Quantity control clamped to [min, max]; buttons disable at the bounds. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  disabled = false,
  label = 'Quantity',
  size = 'md',
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (next: number) => void;
  disabled?: boolean;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const btn = size === 'sm' ? 'h-9 w-9 text-base' : 'h-11 w-11 text-lg';
  const box = size === 'sm' ? 'h-9 w-10 text-sm' : 'h-11 w-12 text-base';
  const set = (next: number) => {
    if (!Number.isFinite(next)) return;
    onChange(Math.min(Math.max(Math.trunc(next), min), Math.max(min, max)));
  };
  return (
    <div className="inline-flex items-center rounded-md border border-stone-300 bg-white" role="group" aria-label={label}>
      <button
        type="button"
        className={`${btn} flex items-center justify-center rounded-l-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-40`}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= min}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <span
        className={`${box} flex items-center justify-center border-x border-stone-300 font-medium tabular-nums text-stone-900`}
        aria-live="polite"
      >
        <span className="sr-only">{label}: </span>
        {value}
      </span>
      <button
        type="button"
        className={`${btn} flex items-center justify-center rounded-r-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-40`}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= max}
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
