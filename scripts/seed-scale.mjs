#!/usr/bin/env node
// npm run seed:scale — fills a database with 10,000 products (4 colours × 6 sizes: 240,000
// variants), 20,000 shoppers and 100,000 orders (src/server/db/seed/scale.ts; generate_series inside
// the database). `--colours 0 --variants 5` is the shape before colours (50,000 variants).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rangmanch_scale npm run seed:scale
//   npm run seed:scale -- --pglite ./data/db          (embedded PGlite folder; slower)
//   options: --products N --shoppers N --orders N --variants N (sizes per colour, ≤ 6)
//            --colours N (per product, ≤ 12; 0: sizes only)
//
// Refuses without DATABASE_URL unless --pglite is given. Runs the migrations first; does nothing
// when the database already holds the scale shoppers.
import { parseArgs } from 'node:util';
import { importTs } from './lib/run-ts.mjs';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string' },
    products: { type: 'string' },
    shoppers: { type: 'string' },
    orders: { type: 'string' },
    variants: { type: 'string' },
    colours: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL;
if (!url && values.pglite === undefined) {
  console.error('seed:scale needs DATABASE_URL=postgres://… (or --pglite <folder> for the embedded database).');
  process.exit(2);
}
const tools = await importTs('scripts/bench/db-tools.ts');
const { FULL_SCALE } = tools;
const counts = {
  products: Number(values.products ?? FULL_SCALE.products),
  variantsPerProduct: Number(values.variants ?? FULL_SCALE.variantsPerProduct),
  coloursPerProduct: Number(values.colours ?? FULL_SCALE.coloursPerProduct),
  shoppers: Number(values.shoppers ?? FULL_SCALE.shoppers),
  orders: Number(values.orders ?? FULL_SCALE.orders),
};
const target = url ? { url } : { pgliteDir: values.pglite || './data/db' };
console.log(
  `Seeding ${url ? 'PostgreSQL' : `PGlite in ${target.pgliteDir}`}: ${counts.products} products × ${counts.coloursPerProduct || 1} colours × ${counts.variantsPerProduct} sizes, ${counts.shoppers} shoppers, ${counts.orders} orders…`,
);
const result = await tools.seedScaleDatabase(target, counts);
if (result.skipped) {
  console.log('The scale data is already there; nothing to do.');
} else {
  for (const [table, n] of Object.entries(result.rows)) console.log(`  ${table.padEnd(18)} ${n.toLocaleString('en-IN')}`);
  console.log(`Done in ${result.seconds.toFixed(1)} s (shoppers' password: ${tools.SHOPPER_PASSWORD}).`);
}
