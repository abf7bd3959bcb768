/**
 * The signed link of a cart reminder (docs/architecture.md#abandoned-carts): `/cart/restore/{id}/{token}`,
 * where the token is an HMAC-SHA256 of the reminder's id with a key derived from the server's JWT
 * secret (HKDF purpose 'cart-reminder'), 32 base64url characters, the same scheme as the COD
 * confirmation links (modules/cod-confirmation/links.ts). The link alone restores nothing: the page
 * asks the shopper to sign in, and only the reminder's own shopper may restore it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../auth/two-step';

/** Characters of the token: 32 base64url characters, 192 bits of the HMAC. */
const TOKEN_LENGTH = 32;

/** The token of reminder `reminderId` (base64url, 32 characters), with the server's JWT secret. */
export function cartReminderToken(secret: string, reminderId: string): string {
  return createHmac('sha256', derivedKey(secret, 'cart-reminder'))
    .update(`cart-reminder/v1|${reminderId}`)
    .digest('base64url')
    .slice(0, TOKEN_LENGTH);
}

/** True when `token` is the token of `reminderId` (compared in constant time); false for anything else. */
export function verifyCartReminderToken(secret: string, reminderId: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== TOKEN_LENGTH) return false;
  const expected = Buffer.from(cartReminderToken(secret, reminderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link's path: /cart/restore/{reminderId}/{token} (prefix it with the shop's address). */
export const cartRestorePath = (secret: string, reminderId: string) =>
  `/cart/restore/${reminderId}/${cartReminderToken(secret, reminderId)}`;
