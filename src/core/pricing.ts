/**
 * Cart pricing: subtotal, the one discount that applies, and the grand total, all in integer paise.
 * Rules (docs/architecture.md#discounts-and-coupons): discounts never stack; 3+ units gives
 * MULTI_ITEM_20; otherwise a shopper without an earlier paid order gets FIRST_ORDER_5; the discount is
 * rounded to the paisa; shipping is free and prices include GST (tax 0).
 */
import { CURRENCY, DISCOUNT_PERCENT, MULTI_ITEM_MIN_UNITS, type DiscountType } from './constants';

export interface PricedLine {
  unitPricePaise: number;
  quantity: number;
}

export interface CartTotalsPaise {
  itemCount: number;
  subTotal: number;
  discountType: DiscountType;
  discountRate: number;
  discount: number;
  /** The coupon whose discount this is (discountType 'COUPON'); null otherwise. */
  couponCode: string | null;
  shipping: number;
  tax: number;
  grandTotal: number;
  currency: typeof CURRENCY;
}

/** Chooses the discount for a cart of `itemCount` units for a shopper with or without a paid order. */
export function chooseDiscount(itemCount: number, hasPaidOrder: boolean): DiscountType {
  if (itemCount >= MULTI_ITEM_MIN_UNITS) return 'MULTI_ITEM_20';
  if (itemCount > 0 && !hasPaidOrder) return 'FIRST_ORDER_5';
  return 'NONE';
}

/**
 * Prices lines (unit prices in paise, taken from the catalogue by the caller) for a shopper.
 * Returns totals in paise; `discountRate` is the fraction (0.2, 0.05, 0).
 */
export function priceLines(lines: PricedLine[], opts: { hasPaidOrder: boolean }): CartTotalsPaise {
  let itemCount = 0;
  let subTotal = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    subTotal += line.unitPricePaise * line.quantity;
  }
  const discountType = chooseDiscount(itemCount, opts.hasPaidOrder);
  const percent = DISCOUNT_PERCENT[discountType];
  const discount = Math.round((subTotal * percent) / 100);
  return {
    itemCount,
    subTotal,
    discountType,
    discountRate: percent / 100,
    discount,
    couponCode: null,
    shipping: 0,
    tax: 0,
    grandTotal: subTotal - discount,
    currency: CURRENCY,
  };
}

/** A line as the MRP figures need it: selling and compare-at (MRP) price per piece, paise. */
export interface MrpLine {
  unitPricePaise: number;
  compareAtPaise: number | null;
  quantity: number;
}

/** The cart summary's MRP figures, paise. */
export interface MrpFigures {
  /** Sum of each line's MRP × quantity; a line's MRP is its compare-at price when above its price. */
  mrpTotal: number;
  /** What the catalogue's own prices take off the MRP: `mrpTotal - subTotal`. */
  mrpDiscount: number;
  /** Everything the shopper saves: the MRP discount plus the automatic or coupon discount. */
  savings: number;
}

/**
 * Total MRP, discount on MRP and total savings for priced lines, given the discount (paise) the
 * totals already carry (automatic or coupon; they never stack). A compare-at price at or
 * below the selling price is no discount: that line's MRP is its price.
 */
export function mrpFigures(lines: MrpLine[], discountPaise: number): MrpFigures {
  let mrpTotal = 0;
  let subTotal = 0;
  for (const line of lines) {
    const mrp = line.compareAtPaise !== null && line.compareAtPaise > line.unitPricePaise ? line.compareAtPaise : line.unitPricePaise;
    mrpTotal += mrp * line.quantity;
    subTotal += line.unitPricePaise * line.quantity;
  }
  const mrpDiscount = mrpTotal - subTotal;
  return { mrpTotal, mrpDiscount, savings: mrpDiscount + discountPaise };
}

/** Units still needed for the multi-item discount, for the cart hint; 0 when none. */
export function unitsToMultiItemDiscount(itemCount: number): number {
  return itemCount >= 1 && itemCount < MULTI_ITEM_MIN_UNITS ? MULTI_ITEM_MIN_UNITS - itemCount : 0;
}
