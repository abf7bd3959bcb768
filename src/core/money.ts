/**
 * Money helpers. The database and Razorpay hold integer paise; the API speaks rupees (a number with
 * up to 2 decimals); screens show en-IN INR (DESIGN.md "API contract").
 */

/** Rupees (number, up to 2 decimals) to integer paise. Throws on a non-finite amount. */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  return Math.round(rupees * 100);
}

/** Integer paise to rupees (a number with at most 2 decimals). */
export function toRupees(paise: number): number {
  return paise / 100;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const inrWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Formats rupees the en-IN way: 1234.5 -> "₹1,234.50"; whole rupees drop the paise: "₹1,299". */
export function formatINR(rupees: number): string {
  return Number.isInteger(rupees) ? inrWhole.format(rupees) : inr.format(rupees);
}
