/**
 * Size charts (issue 22 "Size charts"): a table of sizes (XS..XXL, the ones a garment comes in) by
 * body measurements (chest, waist, hip, length, shoulder; any subset) with a "How to measure" note.
 * Set per category, inherited by its subcategories, overridable per product. Measurements are
 * stored and sent in inches with at most one decimal; the shop shows them in inches or centimetres.
 * The schema is used by the admin forms and by the server, so both show the same messages.
 */
import { z } from 'zod';
import { SIZES, type Size } from './constants';

/** The measurements a chart may have, in the order its columns are shown. */
export const MEASUREMENTS = ['chest', 'waist', 'hip', 'length', 'shoulder'] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/** Column headings. */
export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  chest: 'Chest',
  waist: 'Waist',
  hip: 'Hip',
  length: 'Length',
  shoulder: 'Shoulder',
};

/**
 * Plausible values, inches, for an adult garment of sizes XS..XXL: anything outside is a typo (a
 * value in centimetres typed as inches, a missing decimal point) and is refused.
 */
export const MEASUREMENT_RANGES: Record<Measurement, { min: number; max: number }> = {
  chest: { min: 20, max: 70 },
  waist: { min: 18, max: 70 },
  hip: { min: 20, max: 75 },
  length: { min: 10, max: 60 },
  shoulder: { min: 10, max: 30 },
};

/** Longest "How to measure" note, characters. */
export const SIZE_CHART_NOTE_MAX = 1000;

/** One row: a size and its value (inches) for each measurement the chart has. */
export type SizeChartRow = { size: Size } & Partial<Record<Measurement, number>>;

/** A size chart as stored and as the API answers it. */
export interface SizeChart {
  /** The chart's columns, in MEASUREMENTS order, at least one. */
  measurements: Measurement[];
  /** One row per size, unique, in XS..XXL order; each has every measurement of the chart. */
  rows: SizeChartRow[];
  /** The "How to measure" note; '' when none. */
  howToMeasure: string;
}

/** Inches to centimetres, rounded to one decimal (1 in = 2.54 cm). */
export function inchesToCm(inches: number): number {
  return Math.round(inches * 25.4) / 10;
}

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
