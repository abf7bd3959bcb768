import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json beside Vite's manifest in the browser build: for every chunk,
 * the source modules and packages it holds. scripts/check-bundle-size.mjs reads both to keep each
 * storefront route's first load under budget and free of admin code (issue 8).
 */
function chunkModules(): Plugin {
  return {
    name: 'rangmanch:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.name === 'ssr') return;
      const root = process.cwd();
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules = new Set<string>();
        for (const id of Object.keys(chunk.modules)) {
          const clean = id.replace(/^\0/, '').split('?')[0];
          const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
          modules.add(pkg ? `npm:${pkg[1]}` : clean.startsWith(root) ? clean.slice(root.length + 1) : clean);
        }
        map[chunk.fileName] = [...modules].sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

const PREACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom/server': 'preact/compat/server',
};

/** Browser build only: React's API served by preact/compat (experiment). */
function preactInBrowser(): Plugin {
  return {
    name: 'rangmanch:preact-in-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_ALIASES[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowser(), tailwindcss(), reactRouter(), chunkModules()],
  // The server render bundles the packages that import React, so that they get Preact as well.
  environments: { ssr: { resolve: { noExternal: true } } },
  build: {
    // build/client/.vite/manifest.json: the chunk graph the bundle budget walks.
    manifest: true,
  },
});
