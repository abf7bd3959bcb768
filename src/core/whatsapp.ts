/**
 * The WhatsApp messages the shop sends (docs/architecture.md#whatsapp): each kind is one template the
 * owner names in Settings, as approved in Meta's WhatsApp Manager, with its language code. Order
 * updates are service messages (sent with the shopper's "order updates" consent); cart reminders and
 * back-in-stock alerts are marketing (sent only with the "offers" consent, never after STOP);
 * verification codes answer a guest's own request.
 */
export const WHATSAPP_KINDS = [
  'order_placed',
  'cod_confirmation',
  'shipped',
  'out_for_delivery',
  'delivered',
  'refund_issued',
  'cart_reminder',
  'back_in_stock',
  'verification_code',
] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

/** What each kind is called on the settings screen. */
export const WHATSAPP_KIND_LABELS: Record<WhatsAppKind, string> = {
  order_placed: 'Order placed',
  cod_confirmation: 'Cash on Delivery confirmation',
  shipped: 'Shipped, with tracking',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  refund_issued: 'Refund issued',
  cart_reminder: 'Cart reminder',
  back_in_stock: 'Back in stock',
  verification_code: 'Verification code',
};

/** The kinds that are marketing messages (offers consent; STOP ends them). */
export const WHATSAPP_MARKETING_KINDS: readonly WhatsAppKind[] = ['cart_reminder', 'back_in_stock'];

/** A template as the settings keep it: its name in WhatsApp Manager and its language code (en, en_US, hi). */
export interface WhatsAppTemplate {
  name: string;
  language: string;
}
