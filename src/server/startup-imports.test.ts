/**
 * What the server loads when it starts (docs/architecture.md "Memory"): sharp (libvips) adds about
 * 20 MB to the resident memory of a process that never decodes an image, so the server bundle
 * (scripts/lib/server-bundle.mjs) may reach it only through `import()`. This bundles the server as
 * `npm run build` does, without writing it, and reads esbuild's metafile for how the bundle imports it.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations.
import { serverBundleOptions } from '../../scripts/lib/server-bundle.mjs';

/** Packages the server must load on first use only. */
const LOADED_ON_FIRST_USE = ['sharp'];

describe('server bundle', () => {
  it('imports sharp only dynamically', async () => {
    const result = await build({ ...serverBundleOptions('/tmp/unused'), write: false, metafile: true, sourcemap: false });
    const imports = Object.values(result.metafile?.outputs ?? {}).flatMap((output) => output.imports);
    for (const name of LOADED_ON_FIRST_USE) {
      const kinds = imports.filter((i) => i.path === name).map((i) => i.kind);
      // Imported at all (else the test proves nothing), and never statically.
      expect(kinds, name).toContain('dynamic-import');
      expect(
        kinds.filter((kind) => kind !== 'dynamic-import'),
        name,
      ).toEqual([]);
    }
  }, 60_000);
});
