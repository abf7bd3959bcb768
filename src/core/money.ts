/**
 * Money helpers. The database and Razorpay hold integer paise; the API speaks rupees (a number with
 * up to 2 decimals); screens show en-IN INR (docs/architecture.md#api-contract).
 */

/** Rupees (number, up to 2 decimals) to integer paise. Throws on a non-finite amount. */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  return Math.round(rupees * 100);
}

/**
 * Paise from rupees written as text (a CSV cell such as Shopify's "1299.90"), exactly: digits with
 * an optional "." and at most 2 decimals, read as strings so no float rounding can creep in
 * ("1299.90" -> 129990, "0.1" -> 10, "1299" -> 129900). Anything else answers null: thousands
 * separators ("1,299"), currency signs, signs, spaces inside, more than 2 decimals
 * (docs/architecture.md#moving-in-from-shopify). Surrounding blanks are ignored.
 */
export function paiseFromRupeeText(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  const paise = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(paise) ? paise : null;
}

/** Integer paise to rupees (a number with at most 2 decimals). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** An integer's digits grouped the Indian way (lakh, crore): "1234567" -> "12,34,567". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Formats rupees the en-IN way: 1234.5 -> "₹1,234.50", -20 -> "-₹20"; whole rupees drop the paise:
 * "₹1,299". The same text as `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })`
 * (pricing.test.ts compares them), written out because building that formatter costs a phone's
 * browser about 200 ms the first time, on every page that shows a price.
 */
export function formatINR(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const whole = groupIndian(String(Math.floor(paise / 100)));
  const text = Number.isInteger(rupees) ? `₹${whole}` : `₹${whole}.${String(paise % 100).padStart(2, '0')}`;
  return rupees < 0 && paise > 0 ? `-${text}` : text;
}
