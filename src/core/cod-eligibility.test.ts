import { describe, expect, it } from 'vitest';
import { codRefusal, COD_REFUSALS } from './cod-eligibility';

describe('codRefusal', () => {
  const cod = { enabled: true, maxOrderTotal: 5000, blockedPincodes: ['110001'] };

  it('allows an order within the limit to a pincode that is not blocked', () => {
    expect(codRefusal(cod, { pincode: '560001', totalPaise: 500_000 })).toBeNull();
    expect(codRefusal(cod)).toBeNull();
  });

  it('refuses in the order: switched off, blocked pincode, over the limit', () => {
    expect(codRefusal({ ...cod, enabled: false }, { pincode: '110001', totalPaise: 900_000 })).toBe(COD_REFUSALS.disabled);
    expect(codRefusal(cod, { pincode: '110001', totalPaise: 900_000 })).toBe(
      'Cash on Delivery is not available for pincode 110001. Please pay online.',
    );
    expect(codRefusal(cod, { pincode: '560001', totalPaise: 500_001 })).toBe('Cash on Delivery is available for orders up to ₹5,000');
  });

  it('checks only what it is given (the public settings have no block list)', () => {
    expect(codRefusal({ enabled: true, maxOrderTotal: 5000 }, { pincode: '110001' })).toBeNull();
    expect(codRefusal({ enabled: false, maxOrderTotal: 5000 })).toBe('Cash on Delivery is not available right now. Please pay online.');
  });
});
