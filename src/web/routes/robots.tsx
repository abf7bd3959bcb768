/**
 * /robots.txt: every crawler may index the shop except the signed-in and admin areas; points to the sitemap.
 */
import { absoluteUrl, requestOrigin } from '../lib/seo';
import type { Route } from './+types/robots';

/** Paths that are private to a shopper or to staff. */
export const DISALLOWED = ['/cart', '/wishlist', '/checkout', '/orders', '/profile', '/admin'] as const;

/** The robots.txt file (a resource route: no component). */
export function loader({ request }: Route.LoaderArgs) {
  const origin = requestOrigin(request);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
