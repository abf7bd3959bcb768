/**
 * Search-engine and link-preview tags for public pages: title, description, absolute canonical URL,
 * Open Graph and Twitter cards, robots, and JSON-LD (schema.org) blocks.
 */
import type { MetaDescriptor } from 'react-router';
import { BRAND } from '../../core/constants';

/** The origin (scheme://host) the shopper used, honouring a proxy's X-Forwarded-Proto and -Host. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const first = (value: string | null) => value?.split(',')[0]?.trim() || null;
  const proto = first(request.headers.get('x-forwarded-proto'));
  const host = first(request.headers.get('x-forwarded-host'));
  const protocol = proto === 'https' || proto === 'http' ? `${proto}:` : url.protocol;
  return `${protocol}//${host ?? url.host}`;
}

/** An absolute URL for a path or URL (already absolute URLs are kept). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** The root loader's origin as seen from a route's `meta` (its first match is the root route). */
export function originFromMatches(matches: readonly unknown[]): string {
  const root = matches[0] as { data?: { origin?: unknown } } | undefined;
  return typeof root?.data?.origin === 'string' ? root.data.origin : '';
}

/** What one page says about itself. */
export interface SeoInput {
  origin: string;
  /** Path (and query, when it names a distinct page) of the canonical URL. */
  path: string;
  /** The page's own title; null for the home page's brand title. */
  title: string | null;
  description: string;
  /** A share image (path or absolute URL). */
  image?: string | null;
  imageAlt?: string;
  type?: 'website' | 'product' | 'article';
  /** schema.org objects, each rendered as a JSON-LD script. */
  jsonLd?: Record<string, unknown>[];
  /** Keep the page out of search results (still followed). */
  noindex?: boolean;
}

/** Full title: '<page> | Rangmanch', or the brand line for the home page. */
export function fullTitle(title: string | null): string {
  return title ? `${title} | ${BRAND.name}` : `${BRAND.name} — ${BRAND.tagline}`;
}

/** Title, description, canonical link, Open Graph, Twitter card, robots and JSON-LD for a page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = fullTitle(input.title);
  const canonical = absoluteUrl(input.origin, input.path);
  const image = input.image ? absoluteUrl(input.origin, input.image) : null;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    // X reads og:title, og:description and og:image where its own tags are absent
    // (developer.x.com/cards/markup): only the card's kind and the picture's text are its own.
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: image });
    if (input.imageAlt) {
      tags.push({ property: 'og:image:alt', content: input.imageAlt });
      tags.push({ name: 'twitter:image:alt', content: input.imageAlt });
    }
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  for (const block of input.jsonLd ?? []) tags.push({ 'script:ld+json': block });
  return tags;
}

/** A schema.org BreadcrumbList from (name, path) pairs, the last being the page itself. */
export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/** Shortens text to at most `max` characters on a word boundary, for meta descriptions. */
export function summarize(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
