import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, shopSettingsSchema, type ShopSettingsInput } from './settings';

const valid: ShopSettingsInput = {
  legalName: 'Rangmanch Retail Private Limited',
  address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
  gstin: '29AABCR1234M1Z9',
  invoicePrefix: 'rm',
  supportEmail: 'help@rangmanch.in',
  supportPhone: '9845012345',
  whatsappNumber: '9845012345',
  cod: { ...DEFAULT_SHOP_SETTINGS.cod },
  delivery: { ...DEFAULT_SHOP_SETTINGS.delivery },
  tax: {
    slabs: [
      { upTo: 2500, rate: 5 },
      { upTo: null, rate: 18 },
    ],
  },
};

/** The messages by field path for `input`, or {} when valid. */
function problems(input: unknown): Record<string, string> {
  const result = shopSettingsSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('shopSettingsSchema', () => {
  it('accepts the defaults with an identity filled in, and normalises', () => {
    const data = shopSettingsSchema.parse({ ...valid, gstin: '29 aabcr 1234m 1z9' });
    expect(data.invoicePrefix).toBe('RM');
    expect(data.gstin).toBe('29AABCR1234M1Z9');
  });

  it('takes Indian mobile numbers with +91, 91 or 0 in front, and nothing else', () => {
    for (const phone of ['+91 98450 12345', '919845012345', '09845012345', '98450-12345']) {
      expect(shopSettingsSchema.parse({ ...valid, supportPhone: phone }).supportPhone, phone).toBe('9845012345');
    }
    for (const phone of ['5845012345', '984501234', '+1 415 555 0100', '']) {
      expect(Object.keys(problems({ ...valid, whatsappNumber: phone })), phone).toEqual(['whatsappNumber']);
    }
  });

  it('reads pincode lists from text or arrays, de-duplicated and sorted', () => {
    const data = shopSettingsSchema.parse({ ...valid, cod: { ...valid.cod, blockedPincodes: '560038, 110001\n560038;400001' } });
    expect(data.cod.blockedPincodes).toEqual(['110001', '400001', '560038']);
    expect(problems({ ...valid, delivery: { ...valid.delivery, nonServiceablePincodes: ['110001', '012345'] } })).toEqual({
      'delivery.nonServiceablePincodes': 'Non-serviceable pincodes: "012345" is not a 6-digit pincode',
    });
  });

  it('wants GST slabs in ascending order with only the last one open', () => {
    expect(
      problems({
        ...valid,
        tax: {
          slabs: [
            { upTo: 2500, rate: 5 },
            { upTo: 1000, rate: 12 },
            { upTo: null, rate: 18 },
          ],
        },
      }),
    ).toEqual({
      'tax.slabs.1.upTo': 'Slab limits must go up',
    });
    expect(
      problems({
        ...valid,
        tax: {
          slabs: [
            { upTo: null, rate: 5 },
            { upTo: null, rate: 18 },
          ],
        },
      }),
    ).toEqual({
      'tax.slabs.0.upTo': 'Only the last GST slab can be without a limit',
    });
    expect(problems({ ...valid, tax: { slabs: [{ upTo: null, rate: 41 }] } })).toEqual({
      'tax.slabs.0.rate': 'GST rate must be at most 40%',
    });
    expect(problems({ ...valid, tax: { slabs: [] } })).toEqual({ 'tax.slabs': 'At least one GST slab is required' });
  });

  it("reports a GSTIN of another state alongside the other fields' problems", () => {
    expect(problems({ ...valid, state: 'Tamil Nadu', legalName: '' })).toEqual({
      legalName: 'Legal name is required',
      gstin: 'GSTIN must start with 33, the state code of Tamil Nadu',
    });
  });

  it('refuses amounts with fractions of a paisa and counts with fractions', () => {
    expect(problems({ ...valid, cod: { ...valid.cod, maxOrderTotal: 4999.999, maxOpenOrders: 1.5 } })).toEqual({
      'cod.maxOrderTotal': 'COD order limit can have at most 2 decimals (paise)',
      'cod.maxOpenOrders': 'Open COD orders per shopper must be a whole number',
    });
    expect(problems({ ...valid, cod: { ...valid.cod, fee: Number.NaN } })).toEqual({ 'cod.fee': 'COD fee must be an amount in rupees' });
  });
});
