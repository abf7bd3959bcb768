/**
 * The back-in-stock mails (docs/architecture.md#back-in-stock): the guest's one-time code, and the
 * alert itself with the product, colour, size and a link to the product page on that colour. The
 * link starts with SHOP_ADDRESS_SLOT, which the mailer fills with the shop's address as it sends
 * (`withShopAddress`), because a restock may happen where no request names it (an import running in
 * the background).
 */
import { BRAND } from '../../../core/constants';
import { productPath } from '../../../core/addresses';
import { variantLabel } from '../../../core/colours';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import { layout } from '../../integrations/mail/templates';

/** Where a mail names the shop's own address (https://shop.example); filled in at sending. */
export const SHOP_ADDRESS_SLOT = '{{shop.address}}';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Wraps `mailer`, filling SHOP_ADDRESS_SLOT in each message with `address` (no trailing slash).
 * Messages without the slot pass unchanged; errors are the mailer's.
 */
export function withShopAddress(mailer: Mailer, address: () => string): Mailer {
  return {
    ...mailer,
    send(message) {
      if (!message.html.includes(SHOP_ADDRESS_SLOT) && !message.text.includes(SHOP_ADDRESS_SLOT)) return mailer.send(message);
      const origin = address().replace(/\/+$/, '');
      return mailer.send({
        ...message,
        html: message.html.replaceAll(SHOP_ADDRESS_SLOT, escapeHtml(origin)),
        text: message.text.replaceAll(SHOP_ADDRESS_SLOT, origin),
      });
    },
  };
}

/** The guest's code mail: "123456 is your Rangmanch back-in-stock code", valid 15 minutes. */
export function stockAlertCodeMail(opts: { to: string; code: string; product: string }): MailMessage {
  const intro = `Use this code to get a message when ${opts.product} is back in stock.`;
  return {
    to: opts.to,
    subject: `${opts.code} is your ${BRAND.name} back-in-stock code`,
    text: `Hello,\n\n${intro}\n\n    ${opts.code}\n\nThe code expires in 15 minutes. If you did not ask for it, you can ignore this e-mail.\n\n— ${BRAND.name}`,
    html: layout(
      'Confirm your alert',
      `<p>Hello,</p><p>${escapeHtml(intro)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0;color:#1c1917">${escapeHtml(opts.code)}</p>
<p>The code expires in <strong>15 minutes</strong>. If you did not ask for it, you can ignore this e-mail.</p>`,
    ),
  };
}

/** What an alert tells of: the product and the size (with its colour) that came back. */
export interface BackInStockItem {
  title: string;
  handle: string;
  colour: string | null;
  size: string;
}

/** The product page's path opened on the size's colour (`/products/<handle>?colour=<slug>`). */
export const backInStockPath = (item: BackInStockItem) => productPath(item, item.colour);

/** The alert mail: "<product> (<colour / size>) is back in stock", with a link to the page on that colour. */
export function backInStockMail(opts: { to: string; name: string | null; item: BackInStockItem }): MailMessage {
  const { item } = opts;
  const label = variantLabel(item);
  const what = `${item.title} (${item.colour ? label : `size ${label}`})`;
  const link = `${SHOP_ADDRESS_SLOT}${backInStockPath(item)}`;
  const greeting = opts.name ? `Hi ${opts.name},` : 'Hello,';
  return {
    to: opts.to,
    subject: `Back in stock: ${what}`,
    text: `${greeting}\n\n${what} is back in stock. Only a few may have come back, so have a look soon:\n\n${link}\n\nYou asked us to tell you once; this is the only message you will get for it.\n\n— ${BRAND.name}`,
    html: layout(
      "It's back in stock",
      `<p>${escapeHtml(greeting)}</p><p><strong>${escapeHtml(item.title)}</strong>${item.colour ? ` in <strong>${escapeHtml(item.colour)}</strong>` : ''}, size <strong>${escapeHtml(item.size)}</strong>, is back in stock. Only a few may have come back, so have a look soon.</p>
<p><a href="${link}" style="display:inline-block;background:#e11d48;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">See it in the shop</a></p>
<p style="font-size:13px;color:#78716c">You asked us to tell you once; this is the only message you will get for it.</p>`,
    ),
  };
}
