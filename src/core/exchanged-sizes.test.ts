import { describe, expect, it } from 'vitest';
import { exchangesByLine, lineSizeText } from './exchanged-sizes';

const line = (orderItemId: string, quantity: number, exchangeSize: string | null) => ({
  orderItemId,
  title: 'Ikat Cotton Kurta',
  size: 'M',
  quantity,
  refundAmount: 0,
  exchangeSize,
  exchangeVariantId: exchangeSize ? `v-${exchangeSize}` : null,
});

describe('the size an order line shows after exchanges', () => {
  it('counts only exchanges whose parcel has shipped, by order line', () => {
    const byLine = exchangesByLine([
      { status: 'exchange_shipped', lines: [line('a', 1, 'L'), line('b', 1, 'S')] },
      { status: 'exchange_shipped', lines: [line('a', 1, 'L')] },
      { status: 'approved', lines: [line('c', 1, 'XL')] },
      { status: 'rejected', lines: [line('c', 1, 'XL')] },
      { status: 'refunded', lines: [line('d', 1, null)] },
    ]);
    expect(Object.fromEntries(byLine)).toEqual({ a: [{ size: 'L', quantity: 2 }], b: [{ size: 'S', quantity: 1 }] });
  });

  it('reads the new size with the old one, or what part was exchanged', () => {
    expect(lineSizeText({ variantName: 'M', quantity: 1 }, undefined)).toBe('M');
    expect(lineSizeText({ variantName: null, quantity: 1 }, [])).toBeNull();
    expect(lineSizeText({ variantName: 'M', quantity: 2 }, [{ size: 'L', quantity: 2 }])).toBe('L (exchanged from M)');
    expect(
      lineSizeText({ variantName: 'M', quantity: 2 }, [
        { size: 'L', quantity: 1 },
        { size: 'XL', quantity: 1 },
      ]),
    ).toBe('1 × L, 1 × XL (exchanged from M)');
    expect(lineSizeText({ variantName: 'M', quantity: 3 }, [{ size: 'L', quantity: 1 }])).toBe('M (1 exchanged for L)');
  });
});
