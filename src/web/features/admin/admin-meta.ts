/**
 * Page titles of the admin screens; every one keeps the admin area out of search engines.
 */
import { BRAND } from '../../../core/constants';

/** The meta tags of an admin screen titled `title`. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin | ${BRAND.name}` }, { name: 'robots', content: 'noindex, nofollow' }];
}
