/**
 * The demo catalogue's size charts: body measurements in inches as Indian apparel brands
 * publish them for women's and men's tops and bottoms, keyed by demo category key, plus one
 * product's own chart (a relaxed-fit hoodie, to show a product overriding its category's).
 * Subcategories without a chart inherit their parent's: every Men subcategory but Jeans & Trousers
 * uses Men's tops.
 */
import type { SizeChart } from '../../../core/size-chart';

const TOPS_NOTE_WOMEN =
  'Chest: measure around the fullest part of your bust, under the arms. Waist: around your natural waistline, the narrowest part. Hip: around the fullest part of your hips. Shoulder: from one shoulder tip to the other across the back. Length: from the highest point of the shoulder down to the hem. Keep the tape snug, not tight. Between two sizes? Choose the larger one.';

const BOTTOMS_NOTE_WOMEN =
  'Waist: measure around your natural waistline, the narrowest part. Hip: around the fullest part of your hips with your feet together. Length: from the waist down the side of the leg to the ankle. Palazzos and skirts have an elasticated waist that stretches about 2 inches.';

const TOPS_NOTE_MEN =
  'Chest: measure around the fullest part of your chest, under the arms, with the tape level. Waist: around your natural waist, just above the navel. Shoulder: from one shoulder seam to the other across the back. Length: from the highest point of the shoulder down to the hem. Between two sizes? Choose the larger one for a relaxed fit.';

const BOTTOMS_NOTE_MEN =
  'Waist: measure around where you wear your trousers, usually just below the navel. Hip: around the fullest part of your seat. Length: outseam, from the waistband down the side of the leg to the ankle. Your usual jeans size is your waist size in inches.';

/** Women's kurtas, kurtis and dresses. */
export const WOMEN_TOPS: SizeChart = {
  measurements: ['chest', 'waist', 'hip', 'length', 'shoulder'],
  rows: [
    { size: 'XS', chest: 32, waist: 26, hip: 35, length: 44, shoulder: 13.5 },
    { size: 'S', chest: 34, waist: 28, hip: 37, length: 44, shoulder: 14 },
    { size: 'M', chest: 36, waist: 30, hip: 39, length: 45, shoulder: 14.5 },
    { size: 'L', chest: 38, waist: 32, hip: 41, length: 45, shoulder: 15 },
    { size: 'XL', chest: 40, waist: 34, hip: 43, length: 46, shoulder: 15.5 },
    { size: 'XXL', chest: 42, waist: 36, hip: 45, length: 46, shoulder: 16 },
  ],
  howToMeasure: TOPS_NOTE_WOMEN,
};

/** Women's palazzos and skirts. */
export const WOMEN_BOTTOMS: SizeChart = {
  measurements: ['waist', 'hip', 'length'],
  rows: [
    { size: 'XS', waist: 26, hip: 36, length: 38 },
    { size: 'S', waist: 28, hip: 38, length: 38.5 },
    { size: 'M', waist: 30, hip: 40, length: 39 },
    { size: 'L', waist: 32, hip: 42, length: 39.5 },
    { size: 'XL', waist: 34, hip: 44, length: 40 },
    { size: 'XXL', waist: 36, hip: 46, length: 40.5 },
  ],
  howToMeasure: BOTTOMS_NOTE_WOMEN,
};

/** Men's shirts, tees, kurtas and jackets. */
export const MEN_TOPS: SizeChart = {
  measurements: ['chest', 'waist', 'length', 'shoulder'],
  rows: [
    { size: 'XS', chest: 36, waist: 32, length: 27.5, shoulder: 16.5 },
    { size: 'S', chest: 38, waist: 34, length: 28, shoulder: 17 },
    { size: 'M', chest: 40, waist: 36, length: 28.5, shoulder: 17.5 },
    { size: 'L', chest: 42, waist: 38, length: 29, shoulder: 18 },
    { size: 'XL', chest: 44, waist: 40, length: 29.5, shoulder: 18.5 },
    { size: 'XXL', chest: 46, waist: 42, length: 30, shoulder: 19 },
  ],
  howToMeasure: TOPS_NOTE_MEN,
};

/** Men's jeans and trousers. */
export const MEN_BOTTOMS: SizeChart = {
  measurements: ['waist', 'hip', 'length'],
  rows: [
    { size: 'XS', waist: 28, hip: 36, length: 40 },
    { size: 'S', waist: 30, hip: 38, length: 40.5 },
    { size: 'M', waist: 32, hip: 40, length: 41 },
    { size: 'L', waist: 34, hip: 42, length: 41.5 },
    { size: 'XL', waist: 36, hip: 44, length: 42 },
    { size: 'XXL', waist: 38, hip: 46, length: 42.5 },
  ],
  howToMeasure: BOTTOMS_NOTE_MEN,
};

/** A relaxed-fit hoodie: two inches roomier than Men's tops, dropped shoulders. */
export const RELAXED_HOODIE: SizeChart = {
  measurements: ['chest', 'length', 'shoulder'],
  rows: [
    { size: 'XS', chest: 40, length: 26.5, shoulder: 18.5 },
    { size: 'S', chest: 42, length: 27, shoulder: 19 },
    { size: 'M', chest: 44, length: 27.5, shoulder: 19.5 },
    { size: 'L', chest: 46, length: 28, shoulder: 20 },
    { size: 'XL', chest: 48, length: 28.5, shoulder: 20.5 },
    { size: 'XXL', chest: 50, length: 29, shoulder: 21 },
  ],
  howToMeasure:
    'This hoodie has a relaxed fit with dropped shoulders: the chart gives the garment, not the body. Chest: around the fullest part of your chest; pick the size about 4 inches above your own chest for the intended roomy fit.',
};

/** Charts by demo category key (parents included; a child without one inherits its parent's). */
export const demoCategorySizeCharts: Record<string, SizeChart> = {
  'women-kurtas': WOMEN_TOPS,
  'women-dresses': WOMEN_TOPS,
  'women-bottoms': WOMEN_BOTTOMS,
  men: MEN_TOPS,
  'men-bottoms': MEN_BOTTOMS,
};

/** Charts by demo product key: products whose fit differs from their category's. */
export const demoProductSizeCharts: Record<string, SizeChart> = {
  'fleece-pullover-hoodie-maroon': RELAXED_HOODIE,
};
