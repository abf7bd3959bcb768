/**
 * The cart reminder mail (docs/architecture.md#abandoned-carts): what is in the cart (up to four
 * lines, then "and N more"), its value in rupees (core/money.ts `formatINR`), the second reminder's
 * coupon, and the signed link that restores the cart on any device and opens checkout. The link starts
 * with SHOP_ADDRESS_SLOT, which the mailer fills with PUBLIC_URL as it sends (stock-alerts/mail.ts
 * `withShopAddress`): the job runs where no request names the shop.
 */
import { BRAND } from '../../../core/constants';
import { formatINR, toRupees } from '../../../core/money';
import type { MailMessage } from '../../integrations/mail/mailer';
import { layout } from '../../integrations/mail/templates';
import { SHOP_ADDRESS_SLOT } from '../stock-alerts/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A reminded line as the mail shows it. */
export interface ReminderLine {
  title: string;
  /** The variant's name ("M", "Maroon / M"). */
  variant: string;
  quantity: number;
}

/** Lines shown in the mail; the rest are counted. */
const SHOWN_LINES = 4;

/**
 * The reminder: `step` 1 ("You left something in your cart") or 2 (the last one, with `couponCode`
 * when the shop offers one). `valuePaise` is the cart's value when reminded; `path` the link's path
 * (links.ts `cartRestorePath`).
 */
export function cartReminderMail(opts: {
  to: string;
  name: string;
  step: 1 | 2;
  lines: ReminderLine[];
  valuePaise: number;
  couponCode: string | null;
  path: string;
}): MailMessage {
  const greeting = opts.name ? `Hi ${opts.name.split(' ')[0]},` : 'Hello,';
  const value = formatINR(toRupees(opts.valuePaise));
  const link = `${SHOP_ADDRESS_SLOT}${opts.path}`;
  const shown = opts.lines.slice(0, SHOWN_LINES);
  const more = opts.lines.length - shown.length;
  const lineText = (l: ReminderLine) => `${l.quantity} × ${l.title} (${l.variant})`;
  const subject =
    opts.step === 1
      ? `You left something in your ${BRAND.name} cart`
      : opts.couponCode
        ? `Your cart is still waiting: use ${opts.couponCode} at checkout`
        : `Your ${BRAND.name} cart is still waiting`;
  const coupon = opts.couponCode ? `Use the code ${opts.couponCode} at checkout for a little extra off.` : '';
  const text = [
    greeting,
    '',
    `Your cart is saved (${value}):`,
    ...shown.map((l) => `  ${lineText(l)}`),
    ...(more > 0 ? [`  and ${more} more`] : []),
    '',
    ...(coupon ? [coupon, ''] : []),
    'Pick up where you left off, on any device:',
    link,
    '',
    'Sizes sell out, so we cannot hold them for you. You get this because you agreed to offers and cart reminders by e-mail; turn them off on your profile page.',
    '',
    `— ${BRAND.name}`,
  ].join('\n');
  const html = layout(
    opts.step === 1 ? 'You left something in your cart' : 'Your cart is still waiting',
    `<p>${escapeHtml(greeting)}</p><p>Your cart is saved, worth <strong>${escapeHtml(value)}</strong>:</p>
<ul style="padding-left:20px">${shown.map((l) => `<li>${escapeHtml(lineText(l))}</li>`).join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>
${opts.couponCode ? `<p>Use the code <strong style="font-family:monospace;font-size:16px">${escapeHtml(opts.couponCode)}</strong> at checkout for a little extra off.</p>` : ''}
<p><a href="${link}" style="display:inline-block;background:#e11d48;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">Return to your cart</a></p>
<p style="font-size:13px;color:#78716c">The link opens checkout on any device once you sign in. Sizes sell out, so we cannot hold them for you. You get this because you agreed to offers and cart reminders by e-mail; turn them off on your profile page.</p>`,
  );
  return { to: opts.to, subject, text, html };
}
