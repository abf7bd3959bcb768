// `npm start` builds only when a source is newer than the build: a second start serves in seconds.
// Sources are everything the build reads (src/, public/, the build's configs and scripts, the
// lockfile); the build is as old as the oldest of its three outputs.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/lib/server-bundle.mjs',
  'scripts/compress-assets.mjs',
];
const OUTPUTS = ['build/node/main.js', 'build/server/index.js', 'build/client/.vite/manifest.json'];

/** The newest modification time (ms) under `p`, a file or a folder. */
function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

/** The build's age (ms), or -Infinity when an output is missing. */
function builtAt() {
  try {
    return Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs));
  } catch {
    return -Infinity;
  }
}

const changed = Math.max(...SOURCES.map(newest));
if (builtAt() > changed) {
  console.log('The build is newer than the sources: serving it (npm run build rebuilds).');
} else {
  execSync('npm run build', { stdio: 'inherit' });
}
