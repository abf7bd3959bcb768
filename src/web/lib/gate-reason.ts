/**
 * The login gate's words: the name of the line it holds and the login page's reason.
 * Kept apart from post-login.ts so the product page and the wishlist need not load the cart calls.
 */
import type { PostLoginAction } from './auth';

/**
 * The login page's line saying why the shopper is asked to log in, from the pending
 * action: "Log in to add Festive Silk Kurta (M) to your cart. We'll add it right after." Null for
 * plain page visits (cart, profile) and actions saved without a label.
 */
export function gateReason(action: PostLoginAction | null): string | null {
  if (!action || action.type === 'navigate' || !action.label) return null;
  return action.type === 'addToCart'
    ? `Log in to add ${action.label} to your cart. We'll add it right after.`
    : `Log in to buy ${action.label}. We'll take you to checkout right after.`;
}

/** The line's name for the gate: the product's title with the chosen size, "Kurta (M)". */
export function gateLabel(title: string, size: string | null | undefined): string {
  return size ? `${title} (${size})` : title;
}
