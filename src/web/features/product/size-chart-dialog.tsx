/**
 * The product page's size chart: a "Size chart" button beside the size picker opening a
 * modal dialog (the shared Modal: labelled, focus kept inside, Escape closes, focus returns to the
 * button) with the sizes by measurements, an inches/centimetres toggle (cm = inches x 2.54, one
 * decimal) and the "How to measure" note. The shopper's chosen size is highlighted.
 */
import { useCallback, useId, useState } from 'react';
import { inchesToCm, MEASUREMENT_LABELS, type SizeChart } from '../../../core/size-chart';
import { Modal } from '../../components/ui/modal';

type Unit = 'in' | 'cm';

const UNITS: { value: Unit; label: string }[] = [
  { value: 'in', label: 'Inches' },
  { value: 'cm', label: 'cm' },
];

/**
 * One formatter for every measurement: `toLocaleString` with options builds a new one per call, and a
 * chart formats each size's measurements in both units (about 0.5 ms of a product page's server
 * render). Built on the first measurement, not when the module loads: the first Intl formatter
 * costs a phone tens of milliseconds, which the product page's hydration would otherwise pay in one
 * task before the chart is ever opened (docs/performance.md, Total Blocking Time).
 */
let measurementFormat: Intl.NumberFormat | undefined;

/** Formats a measurement in the chosen unit: 38 → '38', 96.5 → '96.5'. */
export function formatMeasurement(inches: number, unit: Unit): string {
  measurementFormat ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
  return measurementFormat.format(unit === 'cm' ? inchesToCm(inches) : inches);
}

/** The "Size chart" button and its dialog. `selectedSize` is highlighted in the table. */
export function SizeChartButton({ chart, selectedSize }: { chart: SizeChart; selectedSize: string | null }) {
  const [open, setOpen] = useState(false);
  const [unit, setUnit] = useState<Unit>('in');
  const id = useId();
  const headingId = `${id}-heading`;
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path
            d="M2.5 7h15v6h-15zM5.5 7v2.5M8.5 7v3.5M11.5 7v2.5M14.5 7v3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        Size chart
      </button>
      <Modal open={open} onClose={close} labelledBy={headingId} className="max-w-xl">
        <div className="p-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={headingId} className="font-display text-xl font-semibold text-stone-900">
                Size chart
              </h2>
              <p className="mt-0.5 text-sm text-stone-600">
                Body measurements in {unit === 'in' ? 'inches' : 'centimetres'}
                {selectedSize ? <span className="text-stone-500"> · your size is marked</span> : null}
              </p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label="Close size chart"
              className="-m-1 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>

          <div role="group" aria-label="Units" className="mt-4 inline-flex rounded-md border border-stone-300 p-0.5">
            {UNITS.map((u) => (
              <button
                key={u.value}
                type="button"
                aria-pressed={unit === u.value}
                onClick={() => setUnit(u.value)}
                className={`h-9 min-w-16 rounded px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  unit === u.value ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100'
                }`}
              >
                {u.label}
              </button>
            ))}
          </div>

          <div role="region" aria-label="Size chart table" tabIndex={0} className="mt-4 overflow-x-auto rounded-lg border border-stone-200">
            <table className="w-full min-w-max border-collapse text-xs sm:text-sm">
              <caption className="sr-only">Sizes by body measurement, in {unit === 'in' ? 'inches' : 'centimetres'}</caption>
              <thead className="bg-stone-50 text-left text-stone-700">
                <tr>
                  <th scope="col" className="px-1.5 py-2.5 font-semibold sm:px-3">
                    Size
                  </th>
                  {chart.measurements.map((m) => (
                    <th key={m} scope="col" className="px-1.5 py-2.5 text-right font-semibold sm:px-3">
                      {MEASUREMENT_LABELS[m]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((row) => {
                  const current = row.size === selectedSize;
                  return (
                    <tr key={row.size} className={`border-t border-stone-200 ${current ? 'bg-amber-50' : ''}`}>
                      <th scope="row" className="whitespace-nowrap px-1.5 py-2.5 text-left font-semibold text-stone-900 sm:px-3">
                        {row.size}
                        {current ? (
                          <>
                            <span aria-hidden="true" className="ml-1.5 inline-block h-1.5 w-1.5 rounded-full bg-brand align-middle" />
                            <span className="sr-only"> (selected)</span>
                          </>
                        ) : null}
                      </th>
                      {chart.measurements.map((m) => (
                        <td key={m} className="px-1.5 py-2.5 text-right tabular-nums text-stone-800 sm:px-3">
                          {row[m] === undefined ? '–' : formatMeasurement(row[m], unit)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>

          {chart.howToMeasure ? (
            <div className="mt-5">
              <h3 className="text-sm font-semibold text-stone-900">How to measure</h3>
              <p className="mt-1.5 whitespace-pre-line text-sm leading-relaxed text-stone-700">{chart.howToMeasure}</p>
            </div>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
