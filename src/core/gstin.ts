/**
 * GSTIN rules: India's GST state codes and the checks a GST identification number must
 * pass before the shop prints it on invoices. Source: GSTN's GSTIN format (2 digits state code,
 * 10 characters PAN, entity number, 'Z', check character) and its check character algorithm
 * (Luhn mod 36 over 0-9A-Z, weights 1 and 2 alternating from the left, see `gstinCheckCharacter`).
 */

/**
 * GST state codes 01-38 with their names (GSTN's state code list). 25 (Daman and Diu) and 28
 * (Andhra Pradesh before 2014) are old codes: GSTINs may still carry them, but no state maps to them
 * today (Daman and Diu is 26 since 2020, Andhra Pradesh 37).
 */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu (old code)',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (old code)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

const CODE_BY_NAME = new Map(
  Object.entries(GST_STATE_CODES)
    .filter(([, name]) => !name.endsWith('(old code)'))
    .map(([code, name]) => [name.toLowerCase(), code]),
);

/**
 * The current GST state code of a state or union territory named as in `INDIAN_STATES`
 * ("Karnataka" -> "29"; case and outer spaces ignored); a 2-digit code in the table is returned as
 * it is. Null for anything else.
 */
export function gstStateCode(state: string): string | null {
  const value = state.trim();
  if (/^\d{2}$/.test(value)) return value in GST_STATE_CODES ? value : null;
  return CODE_BY_NAME.get(value.toLowerCase()) ?? null;
}

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character (15th) for the first 14 characters of a GSTIN (upper case 0-9A-Z), by
 * GSTN's algorithm (Luhn mod 36): each character's value (0-9 -> 0-9, A-Z -> 10-35) times its
 * weight (1 for the 1st, 3rd, ... character, 2 for the 2nd, 4th, ...), each product reduced to
 * quotient + remainder by 36, summed; the check value is (36 - sum mod 36) mod 36.
 * Throws a RangeError when the input is not 14 characters of 0-9A-Z.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError('Expected the first 14 characters of a GSTIN');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

/** Upper-cases a GSTIN and removes spaces (what the form and the API store). */
export const normalizeGstin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Checks a GSTIN (already normalised: see `normalizeGstin`) and returns the first problem as a
 * message for the form, or null when it is valid. With `shopState` (a name of `INDIAN_STATES`), the
 * state code must also be that state's. Order of checks: length, state code, the shop's state,
 * PAN shape (5 letters, 4 digits, 1 letter), entity number (1-9 or A-Z) and 'Z', check character.
 */
export function gstinProblem(gstin: string, shopState?: string): string | null {
  if (gstin.length !== 15) return 'GSTIN must be 15 characters';
  const code = gstin.slice(0, 2);
  if (!(code in GST_STATE_CODES)) return 'GSTIN must start with a GST state code from 01 to 38';
  if (shopState !== undefined) {
    const expected = gstStateCode(shopState);
    if (expected && expected !== code) return `GSTIN must start with ${expected}, the state code of ${shopState}`;
  }
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12))) return 'GSTIN characters 3-12 must be a PAN (5 letters, 4 digits, 1 letter)';
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return 'GSTIN characters 13-14 must be the entity number (1-9 or A-Z) and Z';
  if (!/^[0-9A-Z]$/.test(gstin[14]) || gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'GSTIN check character is wrong: please check the number for a typo';
  }
  return null;
}
