// How the Fastify server (src/server/index.ts) is bundled for Node: one ESM file with its npm
// packages left external, and beside it the committed SQL migrations, the demo seed's video clips,
// the pincode table and the PDF fonts (the database client, the seed, the pincode directory and
// src/server/pdf-fonts look for them next to the bundle).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

/** esbuild options that bundle the server into `<outDir>/main.js`. */
export function serverBundleOptions(outDir) {
  return {
    entryPoints: ['src/server/index.ts'],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
}

/** Empties `outDir` and copies the migrations, the seed media, the pincode table and the PDF fonts into it. */
export function prepareServerDir(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  cpSync('src/server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
  cpSync('src/server/db/seed/seed-media', path.join(outDir, 'seed-media'), { recursive: true });
  cpSync('src/server/modules/pincodes/pincode-table.tsv.gz', path.join(outDir, 'pincode-table.tsv.gz'));
  for (const file of ['noto-sans-latin-regular.ttf', 'noto-sans-latin-bold.ttf', 'LICENSE-OFL.txt']) {
    cpSync(path.join('src/server/pdf-fonts', file), path.join(outDir, file));
  }
}
