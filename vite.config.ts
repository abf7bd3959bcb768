import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * Writes .vite/chunk-modules.json beside Vite's manifest in the browser build: for every chunk,
 * the source modules and packages it holds. scripts/check-bundle-size.mjs reads both to keep each
 * storefront route's first load under budget and free of admin code (docs/architecture.md#web-app).
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

/**
 * Rollup's `manualChunks` for the browser build. Left to itself Rollup cut the first load of `/`
 * into 25 files of 0.2-30 KB, one per combination of routes that share them; on a phone each costs
 * a round trip before the first paint (LCP). Here one `shop` chunk holds what every
 * storefront page loads (the client entry, the root route and the site layout, with all they import
 * statically) and our own modules that two or more storefront routes import; packages only some
 * routes need (the form library, say) and modules of one route stay where Rollup puts them. Admin
 * routes are not counted, so admin-only code stays out (scripts/check-bundle-size.mjs checks); nor
 * are the policy, sign-in and order pages and the old /product/{id} address (SIDE_ROUTES), visited
 * once or rarely, so what only they share (the policy layout, the code and password forms, the order
 * status, payment and delivery notes), or one storefront route shares with them (the product page's
 * error view), is not loaded by every page. What the browsing pages share (product cards, the
 * listing and its filters, recently viewed: BROWSE_CODE) goes to a `browse` chunk unless the cart
 * or checkout (FUNNEL_ROUTES) loads it, so the checkout's first load does not carry the listing.
 */
const SHELL = ['entry.client.tsx', 'root.tsx', 'routes/site-layout.tsx'].map((f) => path.resolve('src/web', f));
const STOREFRONT_ROUTES = path.resolve('src/web/routes');
const ADMIN_ROUTES = path.resolve('src/web/routes/admin');
const SIDE_ROUTES = [
  ...['terms', 'privacy-policy', 'refund-policy', 'shipping-policy'],
  ...['login', 'signup', 'verify-email', 'forgot-password', 'verify-reset-otp', 'reset-password'],
  ...['orders', 'order-detail', 'order-confirmed'],
  'product-by-id',
].map((f) => path.resolve('src/web/routes', `${f}.tsx`));
const OWN_CODE = path.resolve('src');
const BROWSE_CODE = ['components/product', 'features/listing', 'features/recently-viewed'].map(
  (d) => path.resolve('src/web', d) + path.sep,
);
const FUNNEL_ROUTES = ['cart', 'checkout'].map((f) => path.resolve('src/web/routes', `${f}.tsx`));

type ChunkMeta = Parameters<Rollup.GetManualChunk>[1];

function shopChunk(): Rollup.GetManualChunk {
  let shop: Set<string> | undefined;
  const browse = new Set<string>();
  /** Every module `root` imports statically, transitively (not `root` itself). */
  const closure = (root: string, meta: ChunkMeta) => {
    const seen = new Set<string>();
    const queue = [...(meta.getModuleInfo(root)?.importedIds ?? [])];
    while (queue.length) {
      const next = queue.pop()!;
      if (seen.has(next) || next === root) continue;
      seen.add(next);
      queue.push(...(meta.getModuleInfo(next)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, meta) => {
    if (!shop) {
      shop = new Set();
      const ids = [...meta.getModuleIds()];
      const file = (m: string) => m.split('?')[0];
      const isRoute = (m: string) => file(m).startsWith(STOREFRONT_ROUTES + path.sep) && !file(m).startsWith(ADMIN_ROUTES + path.sep);
      for (const m of ids.filter((m) => SHELL.includes(file(m)))) closure(m, meta).forEach((x) => shop!.add(x));
      // React Router splits a route file into several modules (`?route-chunk=…`): count files.
      const routesReaching = new Map<string, Set<string>>();
      for (const route of ids.filter((m) => isRoute(m) && !SHELL.includes(file(m)) && !SIDE_ROUTES.includes(file(m)))) {
        for (const m of closure(route, meta)) routesReaching.set(m, (routesReaching.get(m) ?? new Set()).add(file(route)));
      }
      const shell = new Set(shop);
      for (const [m, routes] of routesReaching) {
        if (routes.size < 2 || !file(m).startsWith(OWN_CODE + path.sep) || isRoute(m)) continue;
        if (!shell.has(m) && BROWSE_CODE.some((d) => file(m).startsWith(d)) && !FUNNEL_ROUTES.some((r) => routes.has(r))) browse.add(m);
        else shop.add(m);
      }
      for (const m of SHELL) shop.delete(m);
    }
    return shop.has(id) ? 'shop' : browse.has(id) ? 'browse' : undefined;
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkModules()],
  environments: {
    // Terser packs the browser chunks about 4% smaller than esbuild's minifier.
    client: { build: { minify: 'terser', rollupOptions: { output: { manualChunks: shopChunk() } } } },
  },
  build: {
    // build/client/.vite/manifest.json: the chunk graph the bundle budget walks.
    manifest: true,
  },
});
