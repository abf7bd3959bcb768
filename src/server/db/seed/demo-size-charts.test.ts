import { describe, expect, it } from 'vitest';
import { sizeChartSchema } from '../../../core/schemas/size-chart';
import { demoCategories, demoProducts } from './demo-catalog';
import { demoCategorySizeCharts, demoProductSizeCharts } from './demo-size-charts';

describe('the demo size charts', () => {
  it('are valid and already normalised', () => {
    for (const chart of [...Object.values(demoCategorySizeCharts), ...Object.values(demoProductSizeCharts)]) {
      expect(sizeChartSchema.parse(chart)).toEqual(chart);
    }
  });

  it('cover women and men, tops and bottoms, and name existing categories and products', () => {
    expect(Object.keys(demoCategorySizeCharts)).toEqual(expect.arrayContaining(['women-kurtas', 'women-bottoms', 'men', 'men-bottoms']));
    for (const key of Object.keys(demoCategorySizeCharts)) expect(demoCategories.map((c) => c.key)).toContain(key);
    for (const key of Object.keys(demoProductSizeCharts)) expect(demoProducts.map((p) => p.key)).toContain(key);
  });
});
