/**
 * GST included in the shop's prices (docs/architecture.md#gst): prices
 * are tax-inclusive, so the tax is the part of each line's price that is GST, never added on top.
 * The rate depends on the selling price per piece after discounts: GST rates on apparel from
 * 22 September 2025 are 5% up to ₹2,500 a piece and 18% above (the settings' slabs, default
 * `DEFAULT_TAX_SLABS`). Intra-state supply (shipping state = the shop's state) carries CGST + SGST,
 * inter-state IGST. All amounts are integer paise.
 */
import { gstStateCode } from './gstin';

/** One GST slab: pieces selling at or below `upToPaise` (null: any price) pay `ratePercent`. */
export interface TaxSlab {
  /** Upper bound of the selling price per piece, paise, inclusive; null for the last slab. */
  upToPaise: number | null;
  /** GST rate in percent (5 for 5%); at most 2 decimals. */
  ratePercent: number;
}

/** Apparel GST from 22 September 2025: 5% up to ₹2,500 a piece, 18% above. */
export const DEFAULT_TAX_SLABS: readonly TaxSlab[] = [
  { upToPaise: 250_000, ratePercent: 5 },
  { upToPaise: null, ratePercent: 18 },
];

/**
 * A line to tax, GST included: the selling price per piece after discounts (paise) and quantity, or,
 * when a discount does not divide evenly into pieces, `totalPaise` (what is paid for the whole line
 * after discounts), which then takes precedence over `unitPricePaise`.
 */
export interface TaxLineInput {
  unitPricePaise: number;
  quantity: number;
  totalPaise?: number;
}

/** The GST in one line, paise. `cgstPaise + sgstPaise + igstPaise === taxPaise` always. */
export interface TaxLine {
  ratePercent: number;
  /** unitPricePaise × quantity: what the shopper pays for the line, GST included. */
  totalPaise: number;
  /** The line's value before GST: totalPaise / (1 + rate), rounded to the paisa. */
  taxablePaise: number;
  /** totalPaise − taxablePaise. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxBreakdown {
  /** True when CGST + SGST apply (shipping state is the shop's state), false for IGST. */
  intraState: boolean;
  lines: TaxLine[];
  totals: Omit<TaxLine, 'ratePercent'>;
}

/**
 * The rate for a selling price per piece (paise): the first slab whose `upToPaise` is null or at
 * least the price; slabs are in ascending order. Throws a RangeError when no slab matches (slabs
 * must end with an open one: the settings schema makes sure of it).
 */
export function gstRateFor(unitPricePaise: number, slabs: readonly TaxSlab[] = DEFAULT_TAX_SLABS): number {
  return gstRateForLine(unitPricePaise, 1, slabs);
}

/**
 * The rate for a line of `quantity` pieces paid `totalPaise` in all (GST included): as `gstRateFor`
 * on the price per piece, compared without dividing (total ≤ bound × quantity), so a price per piece
 * with a fraction of a paisa is placed exactly.
 */
export function gstRateForLine(totalPaise: number, quantity: number, slabs: readonly TaxSlab[] = DEFAULT_TAX_SLABS): number {
  const slab = slabs.find((s) => s.upToPaise === null || totalPaise <= s.upToPaise * Math.max(quantity, 1));
  if (!slab) throw new RangeError('The GST slabs must end with one that has no upper bound');
  return slab.ratePercent;
}

/**
 * Shares an order-level discount (paise) among its lines in proportion to each line's total
 * (paise), so that the shares add up to the discount exactly: each line gets the floor of its
 * exact share and the paise left over go one each to the lines with the largest remainders (ties:
 * the earlier line). No share exceeds its line. Used for GST (the tax is on what is paid for each
 * line) and for refunds of part of an order. Throws a RangeError when the discount is negative,
 * fractional or larger than the lines' sum.
 */
export function allotDiscount(lineTotalsPaise: readonly number[], discountPaise: number): number[] {
  const sum = lineTotalsPaise.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(discountPaise) || discountPaise < 0 || discountPaise > sum) {
    throw new RangeError('The discount must be whole paise between 0 and the lines’ total');
  }
  if (discountPaise === 0 || sum === 0) return lineTotalsPaise.map(() => 0);
  // BigInt: line total × discount can pass 2^53 for large orders.
  const shares = lineTotalsPaise.map((total, index) => {
    const exact = BigInt(total) * BigInt(discountPaise);
    return { index, floor: Number(exact / BigInt(sum)), remainder: exact % BigInt(sum) };
  });
  let left = discountPaise - shares.reduce((a, s) => a + s.floor, 0);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0) break;
    share.floor += 1;
    left -= 1;
  }
  return shares.map((s) => s.floor);
}

/** Integer a/b rounded half up (a >= 0, b > 0), exact for integers below 2^53. */
function divRound(a: number, b: number): number {
  const q = Math.floor(a / b);
  return 2 * (a - q * b) >= b ? q + 1 : q;
}

/**
 * Splits the GST included in each line (see the module docstring for the rule).
 * - in: lines with unit selling price after discounts (paise) and quantity; the slabs; the shop's
 *   state and the shipping state (names as in `INDIAN_STATES`, or 2-digit GST state codes).
 * - out: per line its rate, total, taxable value (total / (1 + rate) rounded half up to the paisa)
 *   and GST (total − taxable), split into CGST and SGST when both states have the same GST code
 *   (the odd paisa, if any, goes to CGST, so CGST + SGST is the line's GST exactly), else IGST;
 *   and the sums of all lines.
 * Throws a RangeError for a negative or fractional price or quantity, or an absurdly large line.
 */
export function computeGst(
  lines: readonly TaxLineInput[],
  opts: { slabs?: readonly TaxSlab[]; shopState: string; shippingState: string },
): TaxBreakdown {
  const shopCode = gstStateCode(opts.shopState);
  const intraState = shopCode !== null && shopCode === gstStateCode(opts.shippingState);
  const totals = { totalPaise: 0, taxablePaise: 0, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const taxed = lines.map((input): TaxLine => {
    const { quantity } = input;
    const totalPaise = input.totalPaise ?? input.unitPricePaise * quantity;
    if (!Number.isSafeInteger(totalPaise) || totalPaise < 0 || !Number.isSafeInteger(quantity) || quantity < 0) {
      throw new RangeError('Prices and quantities are whole, non-negative numbers of paise and pieces');
    }
    const ratePercent = gstRateForLine(totalPaise, quantity, opts.slabs);
    if (!Number.isSafeInteger(totalPaise * 10_000)) throw new RangeError('Line total too large');
    // Rate in basis points, so that the division stays in integers: total × 10000 / (10000 + bp).
    const bp = Math.round(ratePercent * 100);
    const taxablePaise = divRound(totalPaise * 10_000, 10_000 + bp);
    const taxPaise = totalPaise - taxablePaise;
    const cgstPaise = intraState ? Math.ceil(taxPaise / 2) : 0;
    const sgstPaise = intraState ? taxPaise - cgstPaise : 0;
    const igstPaise = intraState ? 0 : taxPaise;
    const line = { ratePercent, totalPaise, taxablePaise, taxPaise, cgstPaise, sgstPaise, igstPaise };
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += line[key];
    return line;
  });
  return { intraState, lines: taxed, totals };
}

/**
 * The GST in a charge made with the goods, such as a Cash on Delivery fee (paise, GST included): it is
 * part of the same supply, so it is taxed at the highest rate among the goods' lines (`goodsRates`,
 * percent; 0 when there are none), split like the goods (CGST + SGST or IGST).
 */
export function gstOnCharge(
  chargePaise: number,
  goodsRates: readonly number[],
  places: { shopState: string; shippingState: string },
): TaxLine {
  const ratePercent = Math.max(0, ...goodsRates);
  return computeGst([{ unitPricePaise: chargePaise, quantity: 1 }], { ...places, slabs: [{ upToPaise: null, ratePercent }] }).lines[0];
}
