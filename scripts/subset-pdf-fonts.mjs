#!/usr/bin/env node
// Regenerates the fonts the shop's PDFs are set in (src/server/pdf-fonts): Noto Sans Regular and Bold
// (OFL 1.1, from the @expo-google-fonts/noto-sans npm package) cut down to the characters an Indian
// invoice, credit note, packing slip or label prints: Basic Latin, Latin-1, Latin Extended-A,
// general punctuation, the rupee sign (U+20B9) and a few symbols. The full faces carry layout tables
// for Greek, Cyrillic and Vietnamese that fontkit walks for every word; the subsets keep the same
// glyphs, kerning and ligatures for these characters and lay text out about four times faster
// (docs/performance.md, 25 Nov 2026). Run after upgrading the font package: `node scripts/subset-pdf-fonts.mjs`.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const OUT = new URL('../src/server/pdf-fonts/', import.meta.url);

/** Unicode ranges kept, inclusive. */
const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement (×, °, ½, accented letters)
  [0x100, 0x17f], // Latin Extended-A (ā, ś, ṇ's neighbours used in transliterated names)
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, angle quotes
  [0x20b9, 0x20b9], // ₹
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // minus sign
];
let text = '';
for (const [from, to] of RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

for (const [face, file] of [
  ['400Regular/NotoSans_400Regular.ttf', 'noto-sans-latin-regular.ttf'],
  ['700Bold/NotoSans_700Bold.ttf', 'noto-sans-latin-bold.ttf'],
]) {
  const source = readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${face}`));
  const subset = await subsetFont(source, text, { targetFormat: 'truetype' });
  writeFileSync(new URL(file, OUT), subset);
  console.log(`${file}: ${subset.length} bytes (from ${source.length})`);
}
copyFileSync(require.resolve('@expo-google-fonts/noto-sans/LICENSE_FONT'), new URL('LICENSE-OFL.txt', OUT));
