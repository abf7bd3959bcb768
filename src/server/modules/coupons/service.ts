/**
 * Coupons: the admin list and CRUD, the public offers list, and the check that prices a
 * cart with a coupon. Rules live in src/core/coupons.ts; this module reads and writes the rows.
 * Throws AppError: 404 unknown coupon, 409 a code that exists in any letter case or a coupon that
 * checkouts already used. Each admin write appends its audit-log row ('coupon.create', 'coupon.update',
 * 'coupon.delete' with the changed columns) in its own transaction (docs/architecture.md#staff-and-roles).
 */
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { DISCOUNT_PERCENT } from '../../../core/constants';
import { COUPON_MESSAGES, checkCoupon, chooseCouponOrAutomatic, type CouponTerms } from '../../../core/coupons';
import { fromIstDateTime, toIstDateTime } from '../../../core/india-time-input';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import type { CartTotalsPaise } from '../../../core/pricing';
import type { AdminCoupon, CouponBody, PublicCoupon } from '../../../core/schemas/coupons';
import type { Database, Tx } from '../../db/client';
import { isPgError, isUniqueViolation, PG_ERROR } from '../../db/pg-errors';
import { couponUses, coupons } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { changesBetween, recordAudit, type AuditActor } from '../audit/record';

type CouponRow = typeof coupons.$inferSelect;

const CODE_TAKEN = 'A coupon with this code already exists';
/** A row other rows refer to: foreign_key_violation, or restrict_violation for ON DELETE RESTRICT. */
const STILL_REFERENCED = [PG_ERROR.foreignKeyViolation, PG_ERROR.restrictViolation];

/** A row as the admin API shows it (rupees, India-time wall clocks). */
export function shapeAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOffPaise === null ? null : toRupees(row.amountOffPaise),
    minSubtotal: toRupees(row.minSubtotalPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : toRupees(row.maxDiscountPaise),
    startsAt: row.startsAt ? toIstDateTime(row.startsAt) : null,
    endsAt: row.endsAt ? toIstDateTime(row.endsAt) : null,
    maxUses: row.maxUses,
    maxUsesPerShopper: row.maxUsesPerShopper,
    firstOrderOnly: row.firstOrderOnly,
    isActive: row.isActive,
    showInOffers: row.showInOffers,
    used: row.used,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin body as column values (paise, instants); the other kind's amount is cleared. */
export function couponToRow(body: CouponBody) {
  const percent = body.kind === 'percent';
  return {
    code: body.code,
    kind: body.kind,
    percentOff: percent ? body.percentOff : null,
    amountOffPaise: !percent && body.amountOff !== null ? toPaise(body.amountOff) : null,
    minSubtotalPaise: toPaise(body.minSubtotal),
    maxDiscountPaise: percent && body.maxDiscount !== null ? toPaise(body.maxDiscount) : null,
    startsAt: body.startsAt ? fromIstDateTime(body.startsAt) : null,
    endsAt: body.endsAt ? fromIstDateTime(body.endsAt) : null,
    maxUses: body.maxUses,
    maxUsesPerShopper: body.maxUsesPerShopper,
    firstOrderOnly: body.firstOrderOnly,
    isActive: body.isActive,
    showInOffers: body.showInOffers,
  };
}

/** GET /api/admin/coupons: every coupon, newest first. */
export async function listCoupons(db: Database): Promise<AdminCoupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
  return rows.map(shapeAdminCoupon);
}

/** The columns an audit row compares (bookkeeping and the checkout's count left out). */
const AUDIT_OMIT = ['id', 'used', 'createdAt', 'updatedAt'];

/** POST /api/admin/coupons by `staff`: 409 when the code exists (codes are stored upper-case). */
export async function createCoupon(db: Database, body: CouponBody, staff: AuditActor): Promise<AdminCoupon> {
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(coupons).values(couponToRow(body)).returning();
      await recordAudit(tx, staff, {
        action: 'coupon.create',
        entity: 'coupon',
        entityId: created.id,
        summary: `Created coupon ${created.code}`,
        changes: changesBetween(null, created, AUDIT_OMIT),
      });
      return created;
    });
    return shapeAdminCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN);
    throw error;
  }
}

/** PUT /api/admin/coupons/{id} by `staff`: the whole record (also the active toggle); keeps `used`. */
export async function updateCoupon(db: Database, id: string, body: CouponBody, staff: AuditActor): Promise<AdminCoupon> {
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!before) throw notFound('Coupon not found');
      const [after] = await tx
        .update(coupons)
        .set({ ...couponToRow(body), updatedAt: new Date() })
        .where(eq(coupons.id, id))
        .returning();
      const changes = changesBetween(before, after, AUDIT_OMIT);
      const verb = before.isActive === after.isActive ? 'Changed' : after.isActive ? 'Activated' : 'Deactivated';
      await recordAudit(tx, staff, {
        action: 'coupon.update',
        entity: 'coupon',
        entityId: id,
        summary: `${verb} coupon ${after.code}`,
        changes,
      });
      return after;
    });
    return shapeAdminCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN);
    throw error;
  }
}

/**
 * DELETE /api/admin/coupons/{id}: only a coupon no checkout has carried (orders keep their coupon);
 * otherwise 409 saying to deactivate it instead. Made by `staff`.
 */
export async function deleteCoupon(db: Database, id: string, staff: AuditActor): Promise<{ message: string }> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
      if (!row) throw notFound('Coupon not found');
      await recordAudit(tx, staff, {
        action: 'coupon.delete',
        entity: 'coupon',
        entityId: id,
        summary: `Deleted coupon ${row.code}`,
        changes: changesBetween(row, null, AUDIT_OMIT),
      });
    });
    return { message: 'Coupon deleted successfully' };
  } catch (error) {
    if (isPgError(error, ...STILL_REFERENCED)) {
      throw conflict('This coupon has been used at checkout, so it cannot be deleted. Deactivate it instead.');
    }
    throw error;
  }
}

/** One line describing a coupon's offer, e.g. '10% off your first order, up to ₹300'. */
export function describeOffer(
  row: Pick<CouponRow, 'kind' | 'percentOff' | 'amountOffPaise' | 'minSubtotalPaise' | 'maxDiscountPaise' | 'firstOrderOnly'>,
): string {
  const off = row.kind === 'percent' ? `${row.percentOff}% off` : `${formatINR(toRupees(row.amountOffPaise ?? 0))} off`;
  const parts = [row.firstOrderOnly ? `${off} your first order` : off];
  if (row.minSubtotalPaise > 0) parts.push(`above ${formatINR(toRupees(row.minSubtotalPaise))}`);
  const text = parts.join(' ');
  return row.kind === 'percent' && row.maxDiscountPaise !== null ? `${text}, up to ${formatINR(toRupees(row.maxDiscountPaise))}` : text;
}

/**
 * GET /api/coupons/public: coupons the admin marked "Show in offers" that are active, have started
 * and not ended and have uses left, smallest minimum first; no usage figures. Unmarked codes (staff,
 * influencer) are never listed (docs/decisions/0007-coupon-codes.md).
 */
export async function listPublicCoupons(db: Database, now: Date): Promise<PublicCoupon[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.showInOffers, true),
        eq(coupons.isActive, true),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        or(isNull(coupons.maxUses), sql`${coupons.used} < ${coupons.maxUses}`),
      ),
    )
    .orderBy(asc(coupons.minSubtotalPaise), asc(coupons.code))
    .limit(20);
  return rows.map((row) => {
    // The admin's shape of the same row, less what a shopper is not shown.
    const { code, kind, percentOff, amountOff, minSubtotal, maxDiscount, endsAt, firstOrderOnly } = shapeAdminCoupon(row);
    return { code, kind, percentOff, amountOff, minSubtotal, maxDiscount, endsAt, firstOrderOnly, description: describeOffer(row) };
  });
}

/** What a shopper's coupon did to a price (the `coupon` of a preview or create-order answer). */
export interface CouponOutcome {
  code: string;
  /** True when the coupon's discount is the one in the totals. */
  applied: boolean;
  /** Why not ('Invalid coupon code', ...) when `valid` is false; which discount applies otherwise. */
  message: string;
  valid: boolean;
  /** The coupon's own discount, paise (0 when not valid). */
  discountPaise: number;
  couponId: string | null;
}

/**
 * Prices totals (the automatic discount already in them) with the shopper's coupon `code`
 * (normalised): looks the coupon up, checks it (core checkCoupon) and keeps the larger of the two
 * discounts (core chooseCouponOrAutomatic). Returns the totals to charge and the outcome; an
 * unusable coupon leaves the totals as they were.
 */
export async function priceWithCoupon(
  db: Tx,
  input: { userId: string; code: string; totals: CartTotalsPaise; hasPaidOrder: boolean; now: Date },
): Promise<{ totals: CartTotalsPaise; outcome: CouponOutcome }> {
  const { code, totals } = input;
  const [found] = await db
    .select({ coupon: coupons, shopperUses: sql<number>`coalesce(${couponUses.used}, 0)::int` })
    .from(coupons)
    .leftJoin(couponUses, and(eq(couponUses.couponId, coupons.id), eq(couponUses.userId, input.userId)))
    .where(eq(coupons.code, code));
  const refuse = (message: string) => ({
    totals,
    outcome: { code, applied: false, valid: false, message, discountPaise: 0, couponId: null },
  });
  if (!found) return refuse(COUPON_MESSAGES.invalid);
  const terms: CouponTerms = found.coupon;
  const checked = checkCoupon(terms, {
    subTotalPaise: totals.subTotal,
    now: input.now,
    shopperUses: found.shopperUses,
    hasPaidOrder: input.hasPaidOrder,
  });
  if (!checked.ok) return refuse(checked.message);
  const choice = chooseCouponOrAutomatic(
    { discountType: totals.discountType, discountPaise: totals.discount },
    { code, discountPaise: checked.discountPaise },
  );
  const outcome = {
    code,
    applied: choice.useCoupon,
    valid: true,
    message: choice.note,
    discountPaise: checked.discountPaise,
    couponId: found.coupon.id,
  };
  if (!choice.useCoupon) return { totals, outcome };
  return {
    outcome,
    totals: {
      ...totals,
      discountType: 'COUPON',
      discountRate: found.coupon.kind === 'percent' ? (found.coupon.percentOff ?? 0) / 100 : DISCOUNT_PERCENT.COUPON,
      discount: checked.discountPaise,
      grandTotal: totals.subTotal - checked.discountPaise,
      couponCode: code,
    },
  };
}

/** A coupon the shopper cannot use at create-order: 400 with the reason on `couponCode`. */
export const couponRefused = (message: string) => new AppError(400, message, { couponCode: message });
