/**
 * The size chart editor of the admin category and product forms: which measurements the
 * chart has, one row per size with its values in inches, and the "How to measure" note. A
 * controlled field (react-hook-form's Controller) whose value is the chart as the form holds it;
 * the shared sizeChartSchema validates it on submit and its messages show beside each value.
 */
import { useId } from 'react';
import { SIZES } from '../../../core/constants';
import type { SizeChartInput } from '../../../core/schemas/size-chart';
import { MEASUREMENT_LABELS, MEASUREMENTS, SIZE_CHART_NOTE_MAX, type Measurement } from '../../../core/size-chart';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/field';
import { TextAreaField } from './catalog-form-controls';

type Row = SizeChartInput['rows'][number];

/** react-hook-form's nested errors for the chart, as far as the editor reads them. */
export interface SizeChartErrors {
  message?: string;
  measurements?: { message?: string };
  rows?: { message?: string; root?: { message?: string } } & Record<number, Partial<Record<keyof Row, { message?: string }>> | undefined>;
  howToMeasure?: { message?: string };
}

/** A new chart: chest, waist and length for the given sizes (in XS..XXL order), values blank. */
export function blankSizeChart(sizes: readonly string[]): SizeChartInput {
  const known = SIZES.filter((s) => sizes.includes(s));
  return {
    measurements: ['chest', 'waist', 'length'],
    rows: (known.length > 0 ? known : ['S', 'M', 'L']).map((size) => ({ size })),
    howToMeasure: '',
  };
}

/** A blank number input reads as null, anything else as its number. */
const numberOrNull = (raw: string): number | null => (raw.trim() === '' ? null : Number(raw));

/** Props of SizeChartEditor. */
export interface SizeChartEditorProps {
  value: SizeChartInput;
  onChange: (chart: SizeChartInput) => void;
  errors?: SizeChartErrors;
}

/** Edits one size chart. */
export function SizeChartEditor({ value, onChange, errors }: SizeChartEditorProps) {
  const id = useId();
  const measurements = MEASUREMENTS.filter((m) => value.measurements.includes(m));
  const used = value.rows.map((r) => r.size.toUpperCase());
  const rowsError = errors?.rows?.message ?? errors?.rows?.root?.message;

  const toggle = (m: Measurement, on: boolean) =>
    onChange({ ...value, measurements: on ? [...measurements, m] : measurements.filter((x) => x !== m) });
  const setRow = (i: number, row: Row) => onChange({ ...value, rows: value.rows.map((r, j) => (j === i ? row : r)) });
  const addRow = () => onChange({ ...value, rows: [...value.rows, { size: SIZES.find((s) => !used.includes(s)) ?? '' }] });
  const removeRow = (i: number) => onChange({ ...value, rows: value.rows.filter((_, j) => j !== i) });

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Measurements</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {MEASUREMENTS.map((m) => (
            <label key={m} className="inline-flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={measurements.includes(m)}
                onChange={(e) => toggle(m, e.target.checked)}
              />
              {MEASUREMENT_LABELS[m]}
            </label>
          ))}
        </div>
        {errors?.measurements?.message ? <p className="mt-1.5 text-sm text-red-600">{errors.measurements.message}</p> : null}
      </fieldset>

      <div>
        <p id={`${id}-rows`} className="text-sm font-medium text-stone-800">
          Sizes <span className="font-normal text-stone-500">(body measurements in inches, one decimal at most)</span>
        </p>
        {rowsError ? <p className="mt-1.5 text-sm text-red-600">{rowsError}</p> : null}
        <ol aria-labelledby={`${id}-rows`} className="mt-2 space-y-2">
          {value.rows.map((row, i) => {
            const e = errors?.rows?.[i];
            return (
              <li key={i} aria-label={`Size chart row ${i + 1}`} className="rounded-lg border border-stone-200 bg-stone-50/60 p-2.5">
                <div className="grid grid-cols-2 items-start gap-x-3 gap-y-2 sm:grid-cols-4 lg:grid-cols-7">
                  <Select
                    label="Size"
                    value={row.size}
                    error={e?.size?.message}
                    onChange={(ev) => setRow(i, { ...row, size: ev.target.value })}
                  >
                    <option value="">Select size</option>
                    {SIZES.map((s) => (
                      <option key={s} value={s} disabled={s !== row.size && used.includes(s)}>
                        {s}
                      </option>
                    ))}
                  </Select>
                  {measurements.map((m) => (
                    <Input
                      key={m}
                      label={`${MEASUREMENT_LABELS[m]} (in)`}
                      type="number"
                      inputMode="decimal"
                      step="0.1"
                      min="0"
                      value={row[m] ?? ''}
                      error={e?.[m]?.message}
                      onChange={(ev) => setRow(i, { ...row, [m]: numberOrNull(ev.target.value) })}
                    />
                  ))}
                  {value.rows.length > 1 ? (
                    <div className="flex h-11 items-center sm:mt-7">
                      <button
                        type="button"
                        onClick={() => removeRow(i)}
                        className="rounded text-sm font-medium text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                        aria-label={`Remove size chart row ${i + 1}`}
                      >
                        Remove
                      </button>
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {value.rows.length < SIZES.length ? (
          <Button variant="outline" size="sm" className="mt-2" onClick={addRow}>
            + Add size
          </Button>
        ) : null}
      </div>

      <TextAreaField
        label="How to measure"
        rows={3}
        maxLength={SIZE_CHART_NOTE_MAX}
        placeholder="Chest: measure around the fullest part, under the arms…"
        value={value.howToMeasure ?? ''}
        error={errors?.howToMeasure?.message}
        onChange={(ev) => onChange({ ...value, howToMeasure: ev.target.value })}
      />
    </div>
  );
}
