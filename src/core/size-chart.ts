/**
 * Size charts (docs/decisions/0015-size-charts.md): a table of sizes (XS..XXL, the ones a garment comes in) by
 * body measurements (chest, waist, hip, length, shoulder; any subset) with a "How to measure" note.
 * Set per category, inherited by its subcategories, overridable per product. Measurements are
 * stored and sent in inches with at most one decimal; the shop shows them in inches or centimetres.
 * No zod here (the product page imports this): the schema is in schemas/size-chart.ts.
 */
import type { Size } from './constants';

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
