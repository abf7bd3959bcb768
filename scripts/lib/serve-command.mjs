// The node flags `npm run serve` starts the shop with (package.json), and the environment the README's
// production command adds, so the scripts that measure the production server (bench, soak) run
// exactly what a deployment runs.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * The flags between `node` and `build/node/main.js` in the `serve` script, e.g.
 * `['--max-old-space-size=192', '--max-semi-space-size=4']`. Throws when the script has another shape.
 */
export function serveNodeArgs() {
  const words = pkg.scripts.serve.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'build/node/main.js') {
    throw new Error(`package.json "serve" is not "node [flags] build/node/main.js": ${pkg.scripts.serve}`);
  }
  return words.slice(1, -1);
}

/**
 * What the README's production command sets in the environment besides the shop's own variables:
 * `MALLOC_ARENA_MAX=2` caps glibc's malloc arenas (one per thread that allocates, up to 8 per core,
 * each keeping its freed memory): 11-19 MB less RSS in the uncached pages and the checkout burst for
 * the same CPU (2026-11-26, docs/performance.md). It is not in `serve`, which must also start on
 * shells without `NAME=value` prefixes; glibc reads it only when the process starts.
 */
export function serveEnv() {
  return { MALLOC_ARENA_MAX: '2' };
}
