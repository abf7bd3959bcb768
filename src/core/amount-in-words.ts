/**
 * An amount written out in words the Indian way, as GST tax invoices print it: rupees in
 * the Indian numbering system (hundred, thousand, lakh = 1,00,000, crore = 1,00,00,000), then the
 * paise, e.g. 12345678 paise -> 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and
 * Seventy-Eight Paise Only'. Tens and units are hyphenated ('Twenty-Three'); no 'and' inside the
 * rupees, only between rupees and paise, as Indian banks and invoices write it.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1-99 in words ('Forty-Two'). */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n];
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${UNITS[unit]}` : TENS[Math.floor(n / 10)];
}

/**
 * A whole number of at least 1 in words, Indian system. Above 99 crore the crores are themselves
 * written out ('One Hundred Twenty Crore'), the usual Indian way for larger sums.
 */
function wholeInWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${wholeInWords(crore)} Crore`);
  const groups: [number, string][] = [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count) parts.push(`${belowHundred(count)} ${name}`);
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * An amount in words for an invoice.
 * - in: integer paise, 0 or more.
 * - out: 'Rupees … and … Paise Only'; no paise part for whole rupees ('Rupees Five Hundred Only');
 *   no rupees part below one rupee ('Fifty Paise Only', 'One Paisa Only'); 0 is 'Rupees Zero Only'.
 * Throws a RangeError for a negative, fractional or unsafe number.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return 'Rupees Zero Only';
  const paiseWords = rest ? `${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}` : '';
  if (rupees === 0) return `${paiseWords} Only`;
  return `Rupees ${wholeInWords(rupees)}${paiseWords ? ` and ${paiseWords}` : ''} Only`;
}
