// The node flags `npm run serve` starts the shop with (package.json), so the scripts that measure the
// production server (bench, soak) run exactly what a deployment runs.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * The flags between `node` and `build/node/main.js` in the `serve` script, e.g.
 * `['--max-old-space-size=192', '--max-semi-space-size=8']`. Throws when the script has another shape.
 */
export function serveNodeArgs() {
  const words = pkg.scripts.serve.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'build/node/main.js') {
    throw new Error(`package.json "serve" is not "node [flags] build/node/main.js": ${pkg.scripts.serve}`);
  }
  return words.slice(1, -1);
}
