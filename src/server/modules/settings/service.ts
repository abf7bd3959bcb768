/**
 * The shop's settings: one row in `shop_settings`, read through one in-memory copy per
 * instance. The copy is replaced when an admin saves and dropped whenever the response cache is
 * invalidated, here or on another instance through Redis (plugins/cache.ts), so every instance
 * reads the new settings on its next request; as a safety net against a missed Redis message it is
 * also re-read when older than `maxAgeMs`. Before the first save the defaults apply
 * (`DEFAULT_SHOP_SETTINGS`). Money: paise in the row, rupees in what this returns.
 *
 * Each save runs in one transaction with its audit-log row ('settings.update' with the changed
 * columns, 'settings.staff-policy'), and refuses a change of a tax field (`TAX_SETTINGS_FIELDS`, what
 * prints on invoices) to a staff member without 'settings.tax' (docs/architecture.md#staff-and-roles).
 */
import { sql } from 'drizzle-orm';
import {
  changedTaxFields,
  DEFAULT_BACK_IN_STOCK_FACTOR,
  DEFAULT_COD_CONFIRMATION,
  DEFAULT_COD_MAX_REFUSED,
  DEFAULT_SHOP_SETTINGS,
  DEFAULT_CART_REMINDERS,
  DEFAULT_COD_ADVANCE,
  DEFAULT_PREPAID_DISCOUNT,
  DEFAULT_STORE_CREDIT,
  type PublicShopSettings,
  type ShopSettings,
  type ShopSettingsData,
  type StaffPolicy,
} from '../../../core/schemas/settings';
import { toPaise, toRupees } from '../../../core/money';
import { DEFAULT_RETURNS_POLICY } from '../../../core/returns';
import { LOW_STOCK_THRESHOLD } from '../../../core/schemas/admin-orders';
import type { TaxSlab } from '../../../core/tax';
import type { Database, Tx } from '../../db/client';
import { shopSettings } from '../../db/schema';
import { conflict } from '../../errors';
import { changesBetween, recordAudit, type AuditActor } from '../audit/record';

type SettingsRow = typeof shopSettings.$inferSelect;

export interface SettingsService {
  /** The current settings (rupees); the defaults until an admin saves. */
  get(): Promise<ShopSettings>;
  /** The part of the settings the storefront may show (see `PublicShopSettings`). */
  getPublic(): Promise<PublicShopSettings>;
  /** The GST slabs in paise, for `computeGst` (src/core/tax.ts). */
  taxSlabs(): Promise<TaxSlab[]>;
  /**
   * Stores valid settings (rupees) as saved by `actor`, with the audit row of what changed; returns
   * them as read back. With `opts.refuseTaxChange` (a staff member without 'settings.tax'), a change
   * of a tax field throws the error it makes, saving nothing.
   */
  save(data: ShopSettingsData, actor: AuditActor, opts?: { refuseTaxChange?: () => Error }): Promise<ShopSettings>;
  /**
   * Stores the refund limits and two-step rule (rupees) as set by `actor`, with its audit row; returns
   * the settings. Throws 409 before the shop's settings were first saved.
   */
  saveStaffPolicy(policy: StaffPolicy, actor: AuditActor): Promise<ShopSettings>;
  /** Drops the in-memory copy: the next read goes to the database. */
  forget(): void;
}

/** The row as the API shows it (rupees). */
function fromRow(row: SettingsRow): ShopSettings {
  return {
    legalName: row.legalName,
    address: row.address,
    state: row.state as ShopSettings['state'],
    gstin: row.gstin,
    invoicePrefix: row.invoicePrefix,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
    whatsappNumber: row.whatsappNumber,
    cod: {
      enabled: row.codEnabled,
      maxOrderTotal: toRupees(row.codMaxOrderTotalPaise),
      maxOpenOrders: row.codMaxOpenOrders,
      fee: toRupees(row.codFeePaise),
      blockedPincodes: row.codBlockedPincodes,
      maxRefused: row.codMaxRefused,
    },
    codConfirmation: {
      mode: row.codConfirmMode,
      above: toRupees(row.codConfirmAbovePaise),
      hours: row.codConfirmHours,
      expiry: row.codConfirmExpiry,
    },
    whatsapp: { templates: row.whatsappTemplates },
    backInStock: { factor: row.backInStockFactor },
    storeCredit: { refunds: row.storeCreditRefunds, bonusPercent: row.storeCreditBonusPercent },
    prepaidDiscount: {
      kind: row.prepaidDiscountKind,
      value: row.prepaidDiscountKind === 'flat' ? toRupees(row.prepaidDiscountValue) : row.prepaidDiscountValue,
      cap: row.prepaidDiscountCapPaise === null ? null : toRupees(row.prepaidDiscountCapPaise),
    },
    codAdvance: {
      kind: row.codAdvanceKind,
      value: row.codAdvanceKind === 'fixed' ? toRupees(row.codAdvanceValue) : row.codAdvanceValue,
      above: toRupees(row.codAdvanceAbovePaise),
    },
    cartReminders: {
      enabled: row.cartReminders,
      firstAfterMinutes: row.cartReminderFirstMinutes,
      secondAfterHours: row.cartReminderSecondHours,
      secondCouponCode: row.cartReminderCouponCode,
    },
    delivery: {
      dispatchDays: row.dispatchDays,
      transitDaysWithinState: row.transitDaysWithinState,
      transitDaysMetros: row.transitDaysMetros,
      transitDaysRest: row.transitDaysRest,
      nonServiceablePincodes: row.nonServiceablePincodes,
    },
    tax: { slabs: row.taxSlabs.map((s) => ({ upTo: s.upToPaise === null ? null : toRupees(s.upToPaise), rate: s.ratePercent })) },
    inventory: { lowStockThreshold: row.lowStockThreshold },
    returns: { windowDays: row.returnWindowDays, sizeExchanges: row.sizeExchanges },
    updatedAt: row.updatedAt.toISOString(),
    staffPolicy: {
      refundLimitManagerRupees: toRupees(row.refundLimitManagerPaise),
      refundLimitSupportRupees: toRupees(row.refundLimitSupportPaise),
      staffTwoStepRequired: row.staffTwoStepRequired,
    },
  };
}

/** The staff policy as the row's columns (paise). */
const policyToRow = (policy: StaffPolicy) => ({
  refundLimitManagerPaise: toPaise(policy.refundLimitManagerRupees),
  refundLimitSupportPaise: toPaise(policy.refundLimitSupportRupees),
  staffTwoStepRequired: policy.staffTwoStepRequired,
});

/** The columns of `row` named in `values` (the audit's before side). */
const pick = (row: Record<string, unknown>, values: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(values).map((key) => [key, row[key]]));

/** 'Changed the shop settings: COD fee, Dispatch days' from the changed column names. */
const settingsSummary = (what: string, fields: string[]) =>
  `Changed ${what}: ${fields
    .map((f) =>
      f
        .replace(/Paise$/, '')
        .replace(/([A-Z])/g, ' $1')
        .toLowerCase(),
    )
    .join(', ')}`;

/** The COD confirmation settings as the row's columns (paise). */
const codConfirmationToRow = (c: ShopSettingsData['codConfirmation']) => ({
  codConfirmMode: c.mode,
  codConfirmAbovePaise: toPaise(c.above),
  codConfirmHours: c.hours,
  codConfirmExpiry: c.expiry,
});

/** The prepaid discount, COD advance and cart reminder settings as the row's columns (paise; percents as they are). */
const checkoutOffersToRow = (data: Partial<Pick<ShopSettingsData, 'prepaidDiscount' | 'codAdvance' | 'cartReminders'>>) => {
  const prepaid = data.prepaidDiscount ?? DEFAULT_PREPAID_DISCOUNT;
  const advance = data.codAdvance ?? DEFAULT_COD_ADVANCE;
  const reminders = data.cartReminders ?? DEFAULT_CART_REMINDERS;
  return {
    prepaidDiscountKind: prepaid.kind,
    prepaidDiscountValue: prepaid.kind === 'flat' ? toPaise(prepaid.value) : prepaid.value,
    prepaidDiscountCapPaise: prepaid.cap === null ? null : toPaise(prepaid.cap),
    codAdvanceKind: advance.kind,
    codAdvanceValue: advance.kind === 'fixed' ? toPaise(advance.value) : advance.value,
    codAdvanceAbovePaise: toPaise(advance.above),
    cartReminders: reminders.enabled,
    cartReminderFirstMinutes: reminders.firstAfterMinutes,
    cartReminderSecondHours: reminders.secondAfterHours,
    cartReminderCouponCode: reminders.secondCouponCode,
  };
};

/** Valid settings (rupees) as the row's columns (paise); `userId` is who saved them (null: the seed). */
export function settingsToRow(data: ShopSettingsData, userId: string | null) {
  return {
    legalName: data.legalName,
    address: data.address,
    state: data.state,
    gstin: data.gstin,
    invoicePrefix: data.invoicePrefix,
    supportEmail: data.supportEmail,
    supportPhone: data.supportPhone,
    whatsappNumber: data.whatsappNumber,
    codEnabled: data.cod.enabled,
    codMaxOrderTotalPaise: toPaise(data.cod.maxOrderTotal),
    codMaxOpenOrders: data.cod.maxOpenOrders,
    codFeePaise: toPaise(data.cod.fee),
    codBlockedPincodes: data.cod.blockedPincodes,
    // Sections added later may be missing from settings built in code rather than parsed: their defaults then.
    codMaxRefused: data.cod.maxRefused ?? DEFAULT_COD_MAX_REFUSED,
    ...codConfirmationToRow(data.codConfirmation ?? DEFAULT_COD_CONFIRMATION),
    whatsappTemplates: data.whatsapp?.templates ?? {},
    backInStockFactor: data.backInStock?.factor ?? DEFAULT_BACK_IN_STOCK_FACTOR,
    storeCreditRefunds: (data.storeCredit ?? DEFAULT_STORE_CREDIT).refunds,
    storeCreditBonusPercent: (data.storeCredit ?? DEFAULT_STORE_CREDIT).bonusPercent,
    ...checkoutOffersToRow(data),
    dispatchDays: data.delivery.dispatchDays,
    transitDaysWithinState: data.delivery.transitDaysWithinState,
    transitDaysMetros: data.delivery.transitDaysMetros,
    transitDaysRest: data.delivery.transitDaysRest,
    nonServiceablePincodes: data.delivery.nonServiceablePincodes,
    taxSlabs: data.tax.slabs.map((s) => ({ upToPaise: s.upTo === null ? null : toPaise(s.upTo), ratePercent: s.rate })),
    // Settings built in code rather than parsed may predate the section: the default then.
    lowStockThreshold: (data.inventory as ShopSettingsData['inventory'] | undefined)?.lowStockThreshold ?? LOW_STOCK_THRESHOLD,
    returnWindowDays: (data.returns as ShopSettingsData['returns'] | undefined)?.windowDays ?? DEFAULT_RETURNS_POLICY.windowDays,
    sizeExchanges: (data.returns as ShopSettingsData['returns'] | undefined)?.sizeExchanges ?? DEFAULT_RETURNS_POLICY.sizeExchanges,
    updatedBy: userId,
  };
}

/** The public part of `settings`. */
export function publicSettings(settings: ShopSettings): PublicShopSettings {
  const { cod, delivery } = settings;
  return {
    legalName: settings.legalName,
    address: settings.address,
    state: settings.state,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    whatsappNumber: settings.whatsappNumber,
    cod: { enabled: cod.enabled, maxOrderTotal: cod.maxOrderTotal, fee: cod.fee },
    prepaidDiscount: { ...settings.prepaidDiscount },
    codAdvance: { ...settings.codAdvance },
    delivery: {
      dispatchDays: delivery.dispatchDays,
      transitDaysWithinState: delivery.transitDaysWithinState,
      transitDaysMetros: delivery.transitDaysMetros,
      transitDaysRest: delivery.transitDaysRest,
    },
    returns: { ...settings.returns },
  };
}

/**
 * The settings as stored now, read from `db` (a transaction too) without the service's copy: for
 * code that has a database handle but not the service (the order views, orders/service.ts).
 */
export async function readShopSettings(db: Tx): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).limit(1);
  return row ? fromRow(row) : DEFAULT_SHOP_SETTINGS;
}

/** Builds the settings service on `db`; `maxAgeMs` (default 60 s) bounds how old the copy may get. */
export function createSettingsService(db: Database, opts: { maxAgeMs?: number } = {}): SettingsService {
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  let copy: { value: ShopSettings; readAt: number } | null = null;
  let loading: Promise<ShopSettings> | null = null;
  // Bumped by every save and forget, so a read that started before one cannot store an old copy.
  let generation = 0;

  const read = () => readShopSettings(db);
  /** A saved row becomes the copy (reads that started before it cannot replace it). */
  const keep = (row: SettingsRow): ShopSettings => {
    generation++;
    loading = null;
    copy = { value: fromRow(row), readAt: Date.now() };
    return copy.value;
  };

  const service: SettingsService = {
    async get() {
      if (copy && Date.now() - copy.readAt < maxAgeMs) return copy.value;
      if (!loading) {
        const started = generation;
        const readAt = Date.now();
        const pending = read()
          .then((value) => {
            if (started === generation) copy = { value, readAt };
            return value;
          })
          .finally(() => {
            if (loading === pending) loading = null;
          });
        loading = pending;
      }
      return loading;
    },
    async getPublic() {
      return publicSettings(await service.get());
    },
    async taxSlabs() {
      return (await service.get()).tax.slabs.map((s) => ({ upToPaise: s.upTo === null ? null : toPaise(s.upTo), ratePercent: s.rate }));
    },
    async save(data, actor, opts = {}) {
      const values = settingsToRow(data, actor.id);
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(shopSettings).for('update');
        const before = current ? fromRow(current) : DEFAULT_SHOP_SETTINGS;
        if (opts.refuseTaxChange && changedTaxFields(before, data).length > 0) throw opts.refuseTaxChange();
        const [saved] = await tx
          .insert(shopSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: sql`now()` } })
          .returning();
        const beforeRow = current ?? settingsToRow(DEFAULT_SHOP_SETTINGS as ShopSettingsData, null);
        const changes = changesBetween(pick(beforeRow, values), values);
        if (Object.keys(changes).length > 0) {
          const summary = settingsSummary('the shop settings', Object.keys(changes));
          await recordAudit(tx, actor, { action: 'settings.update', entity: 'settings', entityId: '1', summary, changes });
        }
        return saved;
      });
      return keep(row);
    },
    async saveStaffPolicy(policy, actor) {
      const values = policyToRow(policy);
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(shopSettings).for('update');
        if (!current) throw conflict("Please save the shop's settings first");
        const [saved] = await tx
          .update(shopSettings)
          .set({ ...values, updatedBy: actor.id, updatedAt: sql`now()` })
          .returning();
        const changes = changesBetween(pick(current, values), values);
        if (Object.keys(changes).length > 0) {
          const summary = settingsSummary('the staff policy', Object.keys(changes));
          await recordAudit(tx, actor, { action: 'settings.staff-policy', entity: 'settings', entityId: '1', summary, changes });
        }
        return saved;
      });
      return keep(row);
    },
    forget() {
      generation++;
      loading = null;
      copy = null;
    },
  };
  return service;
}
