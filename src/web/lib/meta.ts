/**
 * Page titles and descriptions for route `meta` exports.
 */
import { BRAND } from '../../core/constants';

/** '<page> | Rangmanch' title plus a meta description (and Open Graph twins for link previews). */
export function pageMeta(title: string | null, description: string, image?: string | null) {
  const fullTitle = title ? `${title} | ${BRAND.name}` : `${BRAND.name} — ${BRAND.tagline}`;
  const tags = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: BRAND.name },
  ];
  if (image) tags.push({ property: 'og:image', content: image });
  return tags;
}
