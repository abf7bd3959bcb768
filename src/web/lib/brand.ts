/**
 * Links to the shop's own presence elsewhere, from the brand constants.
 */
import { BRAND } from '../../core/constants';

/** The shop's Instagram profile URL, from its handle. */
export function instagramProfileUrl(): string {
  return `https://www.instagram.com/${BRAND.socialHandle.replace(/^@/, '')}/`;
}
