/**
 * Indian states and union territories by the two-letter codes other systems write: Shopify's
 * province codes (its address export's "Province Code") and ISO 3166-2:IN's, old and new
 * (Odisha OR/OD, Telangana TS/TG, Uttarakhand UK/UT, Chhattisgarh CG/CT; Dadra and Nagar Haveli
 * DN and Daman and Diu DD, merged in 2020, DH). Names are the shop's (`INDIAN_STATES`).
 */
import { INDIAN_STATES } from './constants';

type IndianState = (typeof INDIAN_STATES)[number];

const BY_CODE: Readonly<Record<string, IndianState>> = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CG: 'Chhattisgarh',
  CT: 'Chhattisgarh',
  DN: 'Dadra and Nagar Haveli and Daman and Diu',
  DD: 'Dadra and Nagar Haveli and Daman and Diu',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HR: 'Haryana',
  HP: 'Himachal Pradesh',
  JK: 'Jammu and Kashmir',
  JH: 'Jharkhand',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MP: 'Madhya Pradesh',
  MH: 'Maharashtra',
  MN: 'Manipur',
  ML: 'Meghalaya',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OR: 'Odisha',
  OD: 'Odisha',
  PY: 'Puducherry',
  PB: 'Punjab',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TN: 'Tamil Nadu',
  TS: 'Telangana',
  TG: 'Telangana',
  TR: 'Tripura',
  UP: 'Uttar Pradesh',
  UK: 'Uttarakhand',
  UT: 'Uttarakhand',
  WB: 'West Bengal',
};

const BY_NAME = new Map(INDIAN_STATES.map((name) => [name.toLowerCase(), name]));

/**
 * The shop's name of the state `value` names: a code above ("MH", "IN-MH", any case) or a name
 * as in INDIAN_STATES (any case). Null for anything else.
 */
export function indianStateOf(value: string): IndianState | null {
  const text = value.trim();
  const code = text.toUpperCase().replace(/^IN-/, '');
  return BY_CODE[code] ?? BY_NAME.get(text.toLowerCase()) ?? null;
}
