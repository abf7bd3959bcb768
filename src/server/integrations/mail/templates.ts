/**
 * Branded mail bodies (HTML and plain text). Every value put into HTML is escaped. The shop's
 * support e-mail is a setting an owner can change while mails wait in the outbox, so a mail names it
 * with SUPPORT_EMAIL_SLOT and the mailer fills it in as it sends (withShopContact): every mail a
 * shopper reads gives the address Settings give now (docs/architecture.md#mail).
 */
import { BRAND } from '../../../core/constants';
import type { Mailer, MailMessage } from './mailer';

/** Where a mail names the shop's support e-mail; filled in at sending by `withShopContact`. */
export const SUPPORT_EMAIL_SLOT = '{{shop.supportEmail}}';

/**
 * `mailer`, filling SUPPORT_EMAIL_SLOT in each message with `supportEmail()` (HTML-escaped in the
 * HTML part). Messages without the slot pass unchanged; errors are the mailer's and the lookup's.
 */
export function withShopContact(mailer: Mailer, supportEmail: () => Promise<string>): Mailer {
  return {
    target: mailer.target,
    async send(message) {
      if (!message.html.includes(SUPPORT_EMAIL_SLOT) && !message.text.includes(SUPPORT_EMAIL_SLOT)) return mailer.send(message);
      const email = await supportEmail();
      return mailer.send({
        ...message,
        html: message.html.replaceAll(SUPPORT_EMAIL_SLOT, escapeHtml(email)),
        text: message.text.replaceAll(SUPPORT_EMAIL_SLOT, email),
      });
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Wraps body HTML in the brand's simple, mail-client-safe layout. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;border:1px solid #e7e5e4">
<tr><td style="padding:20px 28px;border-bottom:3px solid #e11d48;font-family:Georgia,serif;font-size:22px;color:#e11d48">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="padding:28px"><h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#78716c;border-top:1px solid #e7e5e4">Questions? Write to ${SUPPORT_EMAIL_SLOT}.</td></tr>
</table></td></tr></table></body></html>`;
}

/** The one-time code mail for signup or password reset; says it expires in 10 minutes. */
export function otpMail(opts: { to: string; name: string; code: string; purpose: 'signup' | 'reset' }): MailMessage {
  const subject =
    opts.purpose === 'signup'
      ? `${opts.code} is your ${BRAND.name} verification code`
      : `${opts.code} is your ${BRAND.name} password reset code`;
  const intro =
    opts.purpose === 'signup'
      ? 'Use this code to verify your e-mail and finish creating your account.'
      : 'Use this code to reset your password. If you did not ask for it, you can ignore this e-mail.';
  const greeting = opts.name ? `Hi ${opts.name},` : 'Hello,';
  return {
    to: opts.to,
    subject,
    text: `${greeting}\n\n${intro}\n\n    ${opts.code}\n\nThe code expires in 10 minutes. Never share it with anyone; ${BRAND.name} will never ask for it.\n\n— ${BRAND.name}`,
    html: layout(
      opts.purpose === 'signup' ? 'Verify your e-mail' : 'Reset your password',
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0;color:#1c1917">${escapeHtml(opts.code)}</p>
<p>The code expires in <strong>10 minutes</strong>. Never share it with anyone; ${escapeHtml(BRAND.name)} will never ask for it.</p>`,
    ),
  };
}

/** The notice sent after a password change. */
export function passwordChangedMail(opts: { to: string; name: string }): MailMessage {
  const text = `Hi ${opts.name},\n\nThe password of your ${BRAND.name} account was just changed and every other session was signed out. If this wasn't you, write to ${SUPPORT_EMAIL_SLOT} right away.\n\n— ${BRAND.name}`;
  return {
    to: opts.to,
    subject: `Your ${BRAND.name} password was changed`,
    text,
    html: layout(
      'Your password was changed',
      `<p>Hi ${escapeHtml(opts.name)},</p><p>The password of your account was just changed and every other session was signed out.</p><p>If this wasn't you, write to ${SUPPORT_EMAIL_SLOT} right away.</p>`,
    ),
  };
}

export { escapeHtml };
