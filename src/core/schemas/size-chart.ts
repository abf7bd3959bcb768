/**
 * The size chart's schema, used by the admin category and product forms and by the
 * server, so both show the same messages. Types and limits are in core/size-chart.ts.
 */
import { z } from 'zod';
import { SIZES, type Size } from '../constants';
import {
  MEASUREMENT_LABELS,
  MEASUREMENT_RANGES,
  MEASUREMENTS,
  SIZE_CHART_NOTE_MAX,
  type SizeChart,
  type SizeChartRow,
} from '../size-chart';

/** True when `n` has at most one decimal. */
const oneDecimal = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6;

const measurementValue = z.number({ error: 'Enter a number' }).nullable().optional();

const rowSchema = z.object({
  size: z
    .string({ error: 'Size is required' })
    .trim()
    .toUpperCase()
    .refine((v) => (SIZES as readonly string[]).includes(v), `Size must be one of ${SIZES.join(', ')}`),
  chest: measurementValue,
  waist: measurementValue,
  hip: measurementValue,
  length: measurementValue,
  shoulder: measurementValue,
});

/**
 * A size chart in a form or an API body. Rules: at least one measurement and one size; sizes
 * unique; every row has a value for every measurement of the chart (inches, positive, at most one
 * decimal, within MEASUREMENT_RANGES); values of measurements the chart does not have are dropped.
 * Rows come out in XS..XXL order, measurements in MEASUREMENTS order.
 */
export const sizeChartSchema = z
  .object({
    measurements: z
      .array(z.enum(MEASUREMENTS, { error: `Measurements must be among ${MEASUREMENTS.join(', ')}` }), {
        error: 'Choose at least one measurement',
      })
      .min(1, 'Choose at least one measurement')
      .max(MEASUREMENTS.length)
      .transform((list) => MEASUREMENTS.filter((m) => list.includes(m))),
    rows: z
      .array(rowSchema, { error: 'Add at least one size to the size chart' })
      .min(1, 'Add at least one size to the size chart')
      .max(SIZES.length, 'Each size can appear only once in the size chart'),
    howToMeasure: z
      .string()
      .trim()
      .max(SIZE_CHART_NOTE_MAX, `How to measure must be at most ${SIZE_CHART_NOTE_MAX} characters`)
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
  })
  .superRefine((chart, ctx) => {
    const seen = new Set<string>();
    chart.rows.forEach((row, i) => {
      if (seen.has(row.size)) {
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'size'], message: 'Each size can appear only once in the size chart' });
      }
      seen.add(row.size);
      for (const m of chart.measurements) {
        const value = row[m];
        const { min, max } = MEASUREMENT_RANGES[m];
        const what = `${MEASUREMENT_LABELS[m]} for ${row.size || `row ${i + 1}`}`;
        let message: string | null = null;
        if (value === null || value === undefined || Number.isNaN(value)) message = `${what} is required`;
        else if (value <= 0) message = `${what} must be a positive number of inches`;
        else if (value < min || value > max) message = `${what} must be between ${min} and ${max} inches`;
        else if (!oneDecimal(value)) message = `${what} can have at most one decimal`;
        if (message) ctx.addIssue({ code: 'custom', path: ['rows', i, m], message });
      }
    });
  })
  .transform((chart): SizeChart => ({
    measurements: chart.measurements,
    rows: chart.rows
      .map((row) => {
        const out: SizeChartRow = { size: row.size as Size };
        for (const m of chart.measurements) out[m] = Math.round((row[m] as number) * 10) / 10;
        return out;
      })
      .sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size)),
    howToMeasure: chart.howToMeasure,
  }));
export type SizeChartInput = z.input<typeof sizeChartSchema>;

/**
 * The `sizeChart` field of the category and product bodies: a chart, null for none (a product then
 * uses its category's chart), or absent to keep the saved one (older clients and toggles).
 */
export const sizeChartField = sizeChartSchema.nullable().optional();
