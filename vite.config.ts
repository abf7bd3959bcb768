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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkModules()],
  resolve: {
    // The shop is written against React's API and rendered by Preact, on the server and in the
    // browser: react-dom alone is over half of issue 8's 100 KB budget, preact/compat about 10 KB.
    // Subpaths follow (react-dom/client, react-dom/server, react/jsx-runtime).
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
  },
  // The server build bundles the packages that import React (React Router, TanStack Query, ...),
  // so that they get Preact as well; Node would otherwise load the real React for them.
  environments: {
    ssr: { resolve: { noExternal: true } },
    // Terser packs the browser chunks about 4% smaller than esbuild's minifier.
    client: { build: { minify: 'terser' } },
  },
  build: {
    // build/client/.vite/manifest.json: the chunk graph the bundle budget walks.
    manifest: true,
  },
});
