/**
 * The template texts the shop's messages are written for (docs/owners-guide.md#whatsapp lists them
 * for the owner to submit in WhatsApp Manager): each kind's body with its {{1}}, {{2}}, … in the
 * order the shop fills them, and its quick-reply buttons. The /whatsapp-sandbox page fills them in
 * to show a message as the shopper would read it; a template whose parameters do not fit is shown
 * as its name and parameters.
 */
import type { WhatsAppKind } from '../../../core/whatsapp';

export interface SampleTemplate {
  body: string;
  /** Quick-reply button labels, by position. */
  buttons?: string[];
}

export const SAMPLE_TEMPLATES: Partial<Record<WhatsAppKind, SampleTemplate>> = {
  order_placed: {
    body: 'Hi {{1}}, thank you for shopping with us! Your order #{{2}} of {{3}} is placed. We will message you here when it ships.',
  },
  cod_confirmation: {
    body: 'Hi {{1}}, please confirm your Cash on Delivery order #{{2}} of {{3}}. We ship it once you confirm.',
    buttons: ['Confirm order', 'Cancel order'],
  },
  shipped: { body: 'Hi {{1}}, your order #{{2}} has shipped with {{3}} (AWB {{4}}). Track it here: {{5}}' },
  out_for_delivery: { body: 'Hi {{1}}, your order #{{2}} is out for delivery today.' },
  delivered: { body: 'Hi {{1}}, your order #{{2}} has been delivered. We hope you love it!' },
  refund_issued: { body: 'Hi {{1}}, we have refunded {{3}} for your order #{{2}}. {{4}}' },
  cart_reminder: { body: 'Hi {{1}}, you left {{2}} in your bag. It is waiting for you: {{3}}', buttons: ['Stop promotions'] },
  back_in_stock: { body: 'Good news, {{1}}! {{2}} is back in stock: {{3}}', buttons: ['Stop promotions'] },
  verification_code: { body: '{{1}} is your verification code. For your security, do not share this code.' },
};

/** The body with its parameters filled in, or null when the count of {{n}} differs from the parameters. */
export function fillTemplate(body: string, params: string[]): string | null {
  const slots = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
  if (slots.size !== params.length) return null;
  return body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}
