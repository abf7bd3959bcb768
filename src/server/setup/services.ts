/**
 * The services routes share, decorated on the app: mail queue, invoice numbering, auth and payment
 * dependencies, pincodes, and the auth rate-limit settings. The settings service they read is
 * decorated later (modules/settings/routes.ts), so each reads it lazily.
 */
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { BuildOptions } from '../app';
import { createMailer } from '../integrations/mail/mailer';
import { createMailQueue } from '../integrations/mail/outbox';
import { withShopContact } from '../integrations/mail/templates';
import { withShopAddress } from '../modules/stock-alerts/mail';
import { setShopAddress } from '../modules/stock-alerts/release';
import { BRAND } from '../../core/constants';
import { createRazorpayClient } from '../integrations/razorpay/razorpay-client';
import { renderMailAttachment } from '../modules/invoices/attachments';
import { createInvoiceNumbering } from '../modules/invoices/numbering';
import { orderConfirmationMail } from '../modules/orders/mail';
import { createPincodeService } from '../modules/pincodes/service';

/** Decorates the shared services. */
export function decorateServices(app: FastifyInstance, opts: BuildOptions): void {
  const { config } = opts;
  // Every mail names the support e-mail Settings give when it is sent (integrations/mail/templates.ts).
  // Links in messages sent where no request names the shop (a back-in-stock alert) start with PUBLIC_URL.
  const shopAddress = () => config.publicUrl ?? `http://localhost:${config.port}`;
  setShopAddress(shopAddress);
  const mailer = withShopAddress(
    withShopContact(
      opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
      async () => (await app.settings.get()).supportEmail || BRAND.supportEmail,
    ),
    shopAddress,
  );
  const razorpay =
    opts.razorpay ??
    createRazorpayClient({ keyId: config.razorpay.keyId, keySecret: config.razorpay.keySecret, apiBase: config.razorpay.apiBase });
  // Attachments are rendered at delivery, with the settings of that moment.
  const mailQueue = createMailQueue(opts.db, mailer, app.log, {
    renderAttachment: (ref) => renderMailAttachment(opts.db, () => app.settings.get(), ref),
  });
  app.decorate('mailQueue', mailQueue);
  // Invoice numbers, given after each order's commit (modules/invoices/numbering.ts).
  const invoiceNumbering = createInvoiceNumbering(opts.db, async () => (await app.settings.get()).invoicePrefix, app.log);
  app.decorate('invoiceNumbering', invoiceNumbering);
  app.decorate('authDeps', {
    mailQueue,
    db: opts.db,
    mailer,
    codePepper: config.jwtSecret,
    now: opts.now ?? (() => new Date()),
    onCodeIssued: config.isProduction
      ? undefined
      : (opts.announceCode ??
        ((email: string, code: string, purpose: string) => app.log.info(`one-time code for ${email} (${purpose}): ${code}`))),
  });
  // Pincode places and delivery dates, by the shop settings.
  const pincodes = createPincodeService({ settings: () => app.settings.get(), now: opts.now });
  app.decorate('pincodes', pincodes);
  app.decorate('paymentDeps', {
    db: opts.db,
    pincodes,
    settings: { get: () => app.settings.get(), taxSlabs: () => app.settings.taxSlabs() },
    razorpay,
    keyId: config.razorpay.keyId,
    keySecret: config.razorpay.keySecret,
    log: app.log,
    orderMail: { queue: mailQueue, compose: orderConfirmationMail },
    invoiceNumbering,
    now: opts.now ?? (() => new Date()),
  });
  app.decorate('authRateLimit', { rateLimit: { max: opts.authRateLimitMax ?? 30, timeWindow: '1 minute' } });
  app.decorate('authAccountLimitMax', opts.authAccountLimitMax ?? 10);
}
