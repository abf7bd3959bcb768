/**
 * /sitemap.xml: every public page (home, products, categories, products, policies, contact), read
 * in-process from the catalogue, with absolute URLs and each product's images.
 */
import { productPath } from '../../core/addresses';
import { categoryHref } from '../lib/categories';
import { absoluteUrl, requestOrigin } from '../lib/seo';
import type { Route } from './+types/sitemap';

const STATIC_PAGES = [
  { path: '/', priority: '1.0', changefreq: 'daily' },
  { path: '/products', priority: '0.9', changefreq: 'daily' },
  { path: '/contact', priority: '0.4', changefreq: 'yearly' },
  { path: '/terms', priority: '0.2', changefreq: 'yearly' },
  { path: '/refund-policy', priority: '0.2', changefreq: 'yearly' },
  { path: '/privacy-policy', priority: '0.2', changefreq: 'yearly' },
  { path: '/shipping-policy', priority: '0.2', changefreq: 'yearly' },
] as const;

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

interface Entry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  images?: string[];
}

function entryXml(e: Entry): string {
  return [
    '  <url>',
    `    <loc>${xml(e.loc)}</loc>`,
    e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>` : null,
    e.changefreq ? `    <changefreq>${e.changefreq}</changefreq>` : null,
    e.priority ? `    <priority>${e.priority}</priority>` : null,
    ...(e.images ?? []).map((src) => `    <image:image><image:loc>${xml(src)}</image:loc></image:image>`),
    '  </url>',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** The XML sitemap (a resource route: no component). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request);
  const [categories, products] = await Promise.all([context.catalog.listCategories(), context.catalog.listProducts()]);
  const entries: Entry[] = [
    ...STATIC_PAGES.map((p) => ({ loc: absoluteUrl(origin, p.path), changefreq: p.changefreq, priority: p.priority })),
    ...categories.map((c) => ({ loc: absoluteUrl(origin, categoryHref(c)), changefreq: 'weekly', priority: '0.7' })),
    ...products.map((p) => ({
      loc: absoluteUrl(origin, productPath(p)),
      lastmod: p.createdAt.slice(0, 10),
      changefreq: 'weekly',
      priority: '0.8',
      images: p.images.map((i) => absoluteUrl(origin, i.url)),
    })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' +
    entries.map(entryXml).join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
