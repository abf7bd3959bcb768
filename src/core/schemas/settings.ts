/**
 * The shop's settings: who the shop is (legal name, address, state, GSTIN, invoice
 * prefix, support contacts) and its cash-on-delivery, delivery and GST rules. One schema for the
 * admin form and PUT /api/admin/settings; money is rupees here (up to 2 decimals), paise in the
 * database.
 */
import { z } from 'zod';
import { INDIAN_STATES } from '../constants';
import { gstinProblem, normalizeGstin } from '../gstin';
import { DEFAULT_RETURNS_POLICY } from '../returns';
import { DEFAULT_TAX_SLABS } from '../tax';
import { WHATSAPP_KINDS } from '../whatsapp';
import { LOW_STOCK_THRESHOLD } from './admin-orders';
import type { publicShopSettingsSchema } from './answers/admin';
import { isPincode, isWholePaise, MAX_RUPEES, rupeesField as rupees } from './common';

/** Highest low-stock threshold an owner may set, pieces. */
export const MAX_LOW_STOCK_THRESHOLD = 1_000;

/** COD is not offered after this many COD orders refused at the door, until the owner sets another number. */
export const DEFAULT_COD_MAX_REFUSED = 2;
/** COD confirmation before the owner turns it on. */
export const DEFAULT_COD_CONFIRMATION = { mode: 'off', above: 0, hours: 24, expiry: 'cancel' } as const satisfies {
  mode: 'off' | 'above' | 'all';
  above: number;
  hours: number;
  expiry: 'cancel' | 'hold';
};
/** Back-in-stock alerts per unit that comes back, until the owner sets another number. */
export const DEFAULT_BACK_IN_STOCK_FACTOR = 3;
/** Store credit before the owner turns it on: refunds go back the way they were paid. */
export const DEFAULT_STORE_CREDIT = { refunds: 'off', bonusPercent: 0 } as const satisfies {
  refunds: 'off' | 'choice';
  bonusPercent: number;
};

/** No prepaid discount until the owner sets one. `value`: percent, or rupees for 'flat'; `cap`: rupees or null. */
export const DEFAULT_PREPAID_DISCOUNT = { kind: 'off', value: 0, cap: null } as const satisfies {
  kind: 'off' | 'percent' | 'flat';
  value: number;
  cap: number | null;
};
/** No advance on COD orders until the owner asks for one. `value`: rupees ('fixed') or percent; `above`: rupees. */
export const DEFAULT_COD_ADVANCE = { kind: 'off', value: 0, above: 0 } as const satisfies {
  kind: 'off' | 'fixed' | 'percent';
  value: number;
  above: number;
};
/** Abandoned-cart reminders before the owner turns them on. */
export const DEFAULT_CART_REMINDERS = {
  enabled: false,
  firstAfterMinutes: 60,
  secondAfterHours: null,
  secondCouponCode: null,
} as const satisfies { enabled: boolean; firstAfterMinutes: number; secondAfterHours: number | null; secondCouponCode: string | null };

/** Most pincodes one list may hold. */
export const MAX_PINCODES = 5_000;

/** Longest return window an owner may set, days. */
export const MAX_RETURN_WINDOW_DAYS = 90;

/** A whole number of days (or orders) from 0 to `max`. */
const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);

/**
 * An Indian mobile number, normalised to its 10 digits: spaces, dashes and a leading +91, 91 or 0
 * are dropped, then it must be 10 digits starting with 6-9.
 */
const indianMobile = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value) => {
      const digits = value.replace(/\D/g, '');
      if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
      if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
      return digits;
    })
    .refine((digits) => /^[6-9]\d{9}$/.test(digits), `${label} must be a 10-digit Indian mobile number`);

/** Splits a typed list of pincodes (commas, spaces or new lines between them). */
export const splitPincodes = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * A pincode list: an array, or the text of a textarea (split by `splitPincodes`); de-duplicated
 * and sorted. One message names the first entry that is not a 6-digit pincode.
 */
const pincodeList = (label: string) =>
  z
    .union([z.array(z.string()), z.string()], { error: `${label} must be a list of pincodes` })
    .transform((value) =>
      [...new Set((typeof value === 'string' ? splitPincodes(value) : value).map((p) => p.trim()).filter(Boolean))].sort(),
    )
    .superRefine((list, ctx) => {
      const bad = list.find((p) => !isPincode(p));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `${label}: "${bad.slice(0, 20)}" is not a 6-digit pincode` });
      else if (list.length > MAX_PINCODES) ctx.addIssue({ code: 'custom', message: `${label} can hold at most ${MAX_PINCODES} pincodes` });
    });

const taxSlab = z.object({
  /** Highest selling price per piece for this rate, rupees; null for the last slab (no limit). */
  upTo: z
    .number({ error: 'Slab limit must be an amount in rupees' })
    .positive('Slab limit must be above 0')
    .max(MAX_RUPEES, 'Slab limit must be at most ₹10,00,000')
    .refine(isWholePaise, 'Slab limit can have at most 2 decimals (paise)')
    .nullable(),
  /** GST rate, percent (5 for 5%). */
  rate: z
    .number({ error: 'GST rate must be a number' })
    .min(0, 'GST rate cannot be negative')
    .max(40, 'GST rate must be at most 40%')
    .refine(isWholePaise, 'GST rate can have at most 2 decimals'),
});

/** The shop's settings as the admin form and PUT /api/admin/settings send them (rupees). */
export const shopSettingsSchema = z
  .object({
    legalName: z
      .string({ error: 'Legal name is required' })
      .trim()
      .min(2, 'Legal name is required')
      .max(200, 'Legal name must be at most 200 characters'),
    address: z
      .string({ error: 'Address is required' })
      .trim()
      .min(10, 'Please enter the full address with pincode')
      .max(500, 'Address must be at most 500 characters'),
    state: z.enum(INDIAN_STATES, { error: "Please choose the shop's state" }),
    gstin: z
      .string({ error: 'GSTIN is required' })
      .transform(normalizeGstin)
      .refine((g) => g.length > 0, 'GSTIN is required')
      .superRefine((gstin, ctx) => {
        const problem = gstin.length > 0 ? gstinProblem(gstin) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    invoicePrefix: z
      .string({ error: 'Invoice prefix is required' })
      .trim()
      .toUpperCase()
      // A GST invoice number is at most 16 characters: the prefix, the financial year and a serial.
      .regex(/^[A-Z0-9]{1,6}$/, 'Invoice prefix must be 1-6 letters or digits'),
    supportEmail: z
      .string({ error: 'Support email is required' })
      .trim()
      .min(1, 'Support email is required')
      .max(254, 'Please enter a valid support email')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid support email')
      .transform((v) => v.toLowerCase()),
    supportPhone: indianMobile('Support phone'),
    whatsappNumber: indianMobile('WhatsApp number'),
    cod: z.object({
      enabled: z.boolean({ error: 'Choose whether cash on delivery is offered' }),
      /** Highest order total COD is offered for, rupees. */
      maxOrderTotal: rupees('COD order limit'),
      /** Most COD orders one shopper may have undelivered at a time. */
      maxOpenOrders: count('Open COD orders per shopper', 20),
      /** Added to a COD order, rupees. */
      fee: rupees('COD fee'),
      blockedPincodes: pincodeList('COD blocked pincodes'),
      /** COD is not offered to a phone or e-mail with this many COD orders refused at the door. */
      maxRefused: z
        .number({ error: 'Refused COD orders must be a number' })
        .int('Refused COD orders must be a whole number')
        .min(1, 'Refused COD orders must be at least 1')
        .max(20, 'Refused COD orders must be at most 20')
        .default(DEFAULT_COD_MAX_REFUSED),
    }),
    /**
     * COD confirmation (docs/architecture.md#cod-confirmation): which COD orders wait for the
     * shopper's confirmation ('off', those above `above` rupees, 'all'), for how many hours, and what
     * happens to one left unconfirmed. Optional in the body (default: off).
     */
    codConfirmation: z
      .object(
        {
          mode: z.enum(['off', 'above', 'all'], { error: 'Choose which COD orders need confirming' }),
          above: rupees('COD confirmation amount'),
          hours: z
            .number({ error: 'Hours to confirm must be a number' })
            .int('Hours to confirm must be a whole number')
            .min(1, 'Hours to confirm must be at least 1')
            .max(168, 'Hours to confirm must be at most 168 (a week)'),
          expiry: z.enum(['cancel', 'hold'], { error: 'Choose what happens to an unconfirmed order' }),
        },
        { error: 'COD confirmation settings are invalid' },
      )
      .default(DEFAULT_COD_CONFIRMATION),
    /**
     * WhatsApp (docs/architecture.md#whatsapp): the template for each message kind, by its name in
     * WhatsApp Manager and its language code; a kind without one goes by e-mail. Optional in the body.
     */
    whatsapp: z
      .object(
        {
          templates: z.partialRecord(
            z.enum(WHATSAPP_KINDS, { error: 'Unknown WhatsApp message' }),
            z.object({
              name: z
                .string({ error: 'Template name is required' })
                .trim()
                .regex(/^[a-z0-9_]{1,512}$/, 'Template names are lower-case letters, digits and underscores'),
              language: z
                .string({ error: 'Template language is required' })
                .trim()
                .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Template language is a code such as en, en_US or hi'),
            }),
            { error: 'WhatsApp templates are invalid' },
          ),
        },
        { error: 'WhatsApp settings are invalid' },
      )
      .default({ templates: {} }),
    /** Back-in-stock alerts sent per unit that comes back (docs/architecture.md#back-in-stock). Optional. */
    backInStock: z
      .object(
        {
          factor: z
            .number({ error: 'Alerts per unit must be a number' })
            .int('Alerts per unit must be a whole number')
            .min(1, 'Alerts per unit must be at least 1')
            .max(100, 'Alerts per unit must be at most 100'),
        },
        { error: 'Back-in-stock settings are invalid' },
      )
      .default({ factor: DEFAULT_BACK_IN_STOCK_FACTOR }),
    /** Store credit (docs/architecture.md#store-credit): whether refunds may go to it, and the bonus percent. Optional. */
    storeCredit: z
      .object(
        {
          refunds: z.enum(['off', 'choice'], { error: 'Choose whether refunds may go to store credit' }),
          bonusPercent: count('Store credit bonus', 100),
        },
        { error: 'Store credit settings are invalid' },
      )
      .default(DEFAULT_STORE_CREDIT),
    /**
     * Prepaid discount (docs/architecture.md#prepaid-discount): taken off orders paid online, as a
     * percent of the order (at most 50, capped at `cap` rupees when set) or a flat amount in rupees.
     * Optional in the body (default: off).
     */
    prepaidDiscount: z
      .object(
        {
          kind: z.enum(['off', 'percent', 'flat'], { error: 'Choose the kind of prepaid discount' }),
          value: rupees('Prepaid discount'),
          cap: rupees('Prepaid discount cap').nullable(),
        },
        { error: 'Prepaid discount settings are invalid' },
      )
      .refine((d) => d.kind !== 'percent' || (d.value >= 1 && d.value <= 50 && Number.isInteger(d.value)), {
        message: 'A prepaid discount percent must be a whole number from 1 to 50',
        path: ['value'],
      })
      .refine((d) => d.kind !== 'flat' || d.value > 0, { message: 'A flat prepaid discount must be above ₹0', path: ['value'] })
      .default(DEFAULT_PREPAID_DISCOUNT),
    /**
     * Part-paid COD (docs/architecture.md#part-paid-cod): COD orders of at least `above` rupees pay an
     * advance online (`value` rupees, or `value` percent of the order, at most 90) and the rest in cash.
     * Optional in the body (default: off).
     */
    codAdvance: z
      .object(
        {
          kind: z.enum(['off', 'fixed', 'percent'], { error: 'Choose the kind of COD advance' }),
          value: rupees('COD advance'),
          above: rupees('COD advance threshold'),
        },
        { error: 'COD advance settings are invalid' },
      )
      .refine((d) => d.kind !== 'percent' || (d.value >= 1 && d.value <= 90 && Number.isInteger(d.value)), {
        message: 'A COD advance percent must be a whole number from 1 to 90',
        path: ['value'],
      })
      .refine((d) => d.kind !== 'fixed' || d.value >= 1, { message: 'A fixed COD advance must be at least ₹1', path: ['value'] })
      .default(DEFAULT_COD_ADVANCE),
    /**
     * Abandoned-cart reminders (docs/architecture.md#abandoned-carts): the first after the cart lies
     * untouched `firstAfterMinutes`, an optional second `secondAfterHours` later offering the coupon
     * `secondCouponCode`. Optional in the body (default: off).
     */
    cartReminders: z
      .object(
        {
          enabled: z.boolean({ error: 'Choose whether cart reminders are sent' }),
          firstAfterMinutes: z
            .number({ error: 'Minutes before the first reminder must be a number' })
            .int('Minutes before the first reminder must be a whole number')
            .min(15, 'The first reminder waits at least 15 minutes')
            .max(1440, 'The first reminder waits at most 1440 minutes (a day)'),
          secondAfterHours: z
            .number({ error: 'Hours before the second reminder must be a number' })
            .int('Hours before the second reminder must be a whole number')
            .min(1, 'The second reminder waits at least 1 hour')
            .max(168, 'The second reminder waits at most 168 hours (a week)')
            .nullable(),
          secondCouponCode: z
            .string({ error: 'Coupon code must be text' })
            .trim()
            .toUpperCase()
            .max(40, 'Coupon code must be at most 40 characters')
            .transform((code) => (code === '' ? null : code))
            .nullable(),
        },
        { error: 'Cart reminder settings are invalid' },
      )
      .default(DEFAULT_CART_REMINDERS),
    delivery: z.object({
      /** Working days from order to hand-over to the courier. */
      dispatchDays: count('Dispatch days', 30),
      /** Courier days within the shop's state, to metro cities, to the rest of India. */
      transitDaysWithinState: count('Transit days within the state', 30),
      transitDaysMetros: count('Transit days to metros', 30),
      transitDaysRest: count('Transit days to the rest of India', 30),
      nonServiceablePincodes: pincodeList('Non-serviceable pincodes'),
    }),
    tax: z.object({
      /** Ascending by `upTo`; the last one, and only it, has `upTo: null`. */
      slabs: z
        .array(taxSlab, { error: 'GST slabs are required' })
        .min(1, 'At least one GST slab is required')
        .max(5, 'At most 5 GST slabs')
        .superRefine((slabs, ctx) => {
          slabs.forEach((slab, i) => {
            const last = i === slabs.length - 1;
            if (last && slab.upTo !== null)
              ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'The last GST slab has no upper limit' });
            if (!last && slab.upTo === null)
              ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'Only the last GST slab can be without a limit' });
            const before = slabs[i - 1]?.upTo;
            if (slab.upTo !== null && before != null && slab.upTo <= before) {
              ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'Slab limits must go up' });
            }
          });
        }),
    }),
    /**
     * Stock alerts: sizes with `lowStockThreshold` pieces or fewer are listed as low on
     * the dashboard and in the daily low-stock mail. Optional in the body (default 5), so a client
     * that predates it keeps working.
     */
    inventory: z
      .object({ lowStockThreshold: count('Low-stock threshold', MAX_LOW_STOCK_THRESHOLD) }, { error: 'Stock alert settings are invalid' })
      .default({ lowStockThreshold: LOW_STOCK_THRESHOLD }),
    /**
     * Returns and size exchanges: the return window in days after delivery (0 = the
     * spec's policy: damaged or wrong items only, reported within 24 hours) and whether a return
     * may ask for another size. Optional in the body (default: the spec's policy).
     */
    returns: z
      .object(
        {
          windowDays: count('Return window', MAX_RETURN_WINDOW_DAYS),
          sizeExchanges: z.boolean({ error: 'Choose whether size exchanges are offered' }),
        },
        { error: 'Return settings are invalid' },
      )
      .default(DEFAULT_RETURNS_POLICY),
  })
  .superRefine(
    (s, ctx) => {
      // The GSTIN's first two digits are the state it is registered in: the shop's state.
      const problem = s.gstin.length === 15 ? gstinProblem(s.gstin, s.state) : null;
      if (problem?.includes('the state code of')) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    },
    // Also when other fields are wrong, so that the form shows every problem at once.
    {
      when: ({ value }) =>
        typeof (value as { gstin?: unknown })?.gstin === 'string' && INDIAN_STATES.includes((value as { state?: never })?.state as never),
    },
  );

/**
 * The fields of the settings that print on GST invoices and credit notes: who the seller is and its
 * tax slabs. Changing any needs 'settings.tax' (the owner); the rest needs 'settings.write'
 * (docs/architecture.md#staff-and-roles "Settings split").
 */
export const TAX_SETTINGS_FIELDS = ['legalName', 'address', 'state', 'gstin', 'invoicePrefix', 'tax'] as const;
export type TaxSettingsField = (typeof TAX_SETTINGS_FIELDS)[number];

/**
 * The tax fields (`TAX_SETTINGS_FIELDS`) whose value in `next` (a valid, normalised body) differs
 * from `current` (the settings as stored), compared as JSON; [] when none changed.
 */
export function changedTaxFields(
  current: Pick<ShopSettings, TaxSettingsField>,
  next: Pick<ShopSettingsData, TaxSettingsField>,
): TaxSettingsField[] {
  return TAX_SETTINGS_FIELDS.filter((field) => JSON.stringify(current[field]) !== JSON.stringify(next[field]));
}

/**
 * PUT /api/admin/settings/staff-policy (the owner, 'staff.manage'): the largest refund a manager and a
 * support member may issue, in rupees (owners: any size), and whether every staff account must sign in
 * with two steps. docs/decisions/0023-staff-roles.md "Refund limits".
 */
export const staffPolicySchema = z.object({
  refundLimitManagerRupees: rupees('Manager refund limit'),
  refundLimitSupportRupees: rupees('Support refund limit'),
  staffTwoStepRequired: z.boolean({ error: 'Choose whether staff must use two-step sign-in' }),
});
export type StaffPolicy = z.output<typeof staffPolicySchema>;

/** The staff policy before the owner sets one: managers ₹10,000, support ₹1,000, two-step optional. */
export const DEFAULT_STAFF_POLICY: StaffPolicy = {
  refundLimitManagerRupees: 10_000,
  refundLimitSupportRupees: 1_000,
  staffTwoStepRequired: false,
};

/** What the admin form holds (pincode lists may be the textarea's text). */
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
/** Valid settings, normalised (rupees). */
export type ShopSettingsData = z.output<typeof shopSettingsSchema>;

/** GET /api/admin/settings: the settings (identity fields empty until first saved) and when saved. */
export interface ShopSettings extends Omit<ShopSettingsData, 'state'> {
  /** Empty until an admin saves the settings. */
  state: ShopSettingsData['state'] | '';
  /** ISO time of the last save; null while the defaults apply. */
  updatedAt: string | null;
  /** The refund limits and two-step rule (set apart, by the owner: `staffPolicySchema`). */
  staffPolicy: StaffPolicy;
}

/**
 * GET /api/settings/public: what the storefront may show (the seller's name, address and contacts
 * are shown to shoppers anyway); nothing internal: no GSTIN, invoice prefix, pincode lists, per-shopper
 * limits or tax slabs. `publicShopSettingsSchema`'s shape (returns: the policy the refund and
 * shipping policy pages state).
 */
export type PublicShopSettings = z.output<typeof publicShopSettingsSchema>;

/** The settings before an admin saves any (identity fields empty). */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  legalName: '',
  address: '',
  state: '',
  gstin: '',
  invoicePrefix: 'RM',
  supportEmail: '',
  supportPhone: '',
  whatsappNumber: '',
  cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 0, blockedPincodes: [], maxRefused: DEFAULT_COD_MAX_REFUSED },
  codConfirmation: { ...DEFAULT_COD_CONFIRMATION },
  whatsapp: { templates: {} },
  backInStock: { factor: DEFAULT_BACK_IN_STOCK_FACTOR },
  storeCredit: { ...DEFAULT_STORE_CREDIT },
  prepaidDiscount: { ...DEFAULT_PREPAID_DISCOUNT },
  codAdvance: { ...DEFAULT_COD_ADVANCE },
  cartReminders: { ...DEFAULT_CART_REMINDERS },
  delivery: { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5, nonServiceablePincodes: [] },
  tax: { slabs: DEFAULT_TAX_SLABS.map((s) => ({ upTo: s.upToPaise === null ? null : s.upToPaise / 100, rate: s.ratePercent })) },
  inventory: { lowStockThreshold: LOW_STOCK_THRESHOLD },
  returns: { ...DEFAULT_RETURNS_POLICY },
  updatedAt: null,
  staffPolicy: { ...DEFAULT_STAFF_POLICY },
};
