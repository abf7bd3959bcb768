// Bundles the Fastify server (src/server/index.ts) into build/node/main.js with its npm packages left
// external, and copies the committed SQL migrations and the demo seed's video clips beside it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('build/node', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'build/node/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'build/node/migrations', { recursive: true });
cpSync('src/server/db/seed/seed-media', 'build/node/seed-media', { recursive: true });
