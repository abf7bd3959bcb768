// Runs a TypeScript entry of scripts/ with plain Node (Node 20 cannot strip types): bundles it with
// esbuild into build/scripts/ (npm packages left external, like the server build), copies the
// committed SQL migrations and the demo seed's video clips beside it (the database client and the
// seed find them next to the bundle, as in build/node), and imports it.
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `entry` (relative to the repository root) and returns its module. */
export async function importTs(entry) {
  const outDir = path.join(root, 'build', 'scripts');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${path.basename(entry).replace(/\.ts$/, '')}.mjs`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  cpSync(path.join(root, 'src/server/db/seed/seed-media'), path.join(outDir, 'seed-media'), { recursive: true });
  return import(pathToFileURL(outfile).href);
}
