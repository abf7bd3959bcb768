/**
 * The signed links of a Cash on Delivery confirmation (docs/architecture.md#cod-confirmation): the
 * mail's Confirm and Cancel links and the WhatsApp quick replies carry a token, an HMAC-SHA256 of the
 * order id and the action with a key derived from the server's JWT secret (config.ts `jwtSecret`,
 * HKDF purpose 'cod-confirmation'), so they work without signing in and name exactly one order and
 * one action. A link only opens a page; the action is a POST with the token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../auth/two-step';

/** What a link may do to its order. */
export type CodLinkAction = 'confirm' | 'cancel';
export const COD_LINK_ACTIONS = ['confirm', 'cancel'] as const;

/** Characters of the token: 32 base64url characters, 192 bits of the HMAC. */
const TOKEN_LENGTH = 32;

/** The token of `action` on order `orderId` (base64url, 32 characters), with the server's JWT secret. */
export function codLinkToken(secret: string, orderId: string, action: CodLinkAction): string {
  return createHmac('sha256', derivedKey(secret, 'cod-confirmation'))
    .update(`cod-confirmation/v1|${orderId}|${action}`)
    .digest('base64url')
    .slice(0, TOKEN_LENGTH);
}

/** True when `token` is the token of `action` on `orderId` (compared in constant time). */
export function verifyCodLinkToken(secret: string, orderId: string, action: CodLinkAction, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== TOKEN_LENGTH) return false;
  const expected = Buffer.from(codLinkToken(secret, orderId, action));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page addresses of an order's Confirm and Cancel links: `origin` + /cod/{id}/{action}?token=… */
export function codLinks(origin: string, secret: string, orderId: string): Record<CodLinkAction, string> {
  const link = (action: CodLinkAction) => `${origin}/cod/${orderId}/${action}?token=${codLinkToken(secret, orderId, action)}`;
  return { confirm: link('confirm'), cancel: link('cancel') };
}
