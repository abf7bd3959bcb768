// Completes package-lock.json with the platform-specific optional packages this machine's registry
// mirror does not serve (npm records only the ones it could fetch, and `npm ci` then refuses the
// lock: npm/cli#9342). Each missing entry gets its version and `optional: true`; npm skips optional
// packages that do not fit the platform or cannot be fetched. Run after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm resolves from the nearest node_modules upwards; an exact version is what these packages pin.
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    if (!/^\d+\.\d+\.\d+/.test(range)) continue;
    packages[hoisted] = { version: range, dev: entry.dev, optional: true };
    if (!entry.dev) delete packages[hoisted].dev;
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
