/**
 * Back-in-stock alerts' rules and words shared by the product page and the server
 * (docs/architecture.md#back-in-stock); kept apart from the zod schemas so the storefront's product
 * page does not carry zod.
 */

/** How an alert reaches the shopper. */
export const STOCK_ALERT_CHANNELS = ['whatsapp', 'email'] as const;
export type StockAlertChannel = (typeof STOCK_ALERT_CHANNELS)[number];

/** A guest's one-time code lasts this long. */
export const STOCK_ALERT_CODE_TTL_MS = 15 * 60_000;
/** Wrong codes allowed per sign-up before it needs a new code. */
export const STOCK_ALERT_CODE_TRIES = 5;

/** What the product page says once an alert is waiting. */
export const STOCK_ALERT_WAITING = "We'll tell you when it's back";
/** The refusal for a size that can be bought now. */
export const STOCK_ALERT_IN_STOCK = 'This size is in stock: add it to your cart';
/** The refusal for an unknown, malformed or retired size. */
export const STOCK_ALERT_NO_VARIANT = 'This size is not on sale';
