/**
 * Back-in-stock alerts (docs/architecture.md#back-in-stock): the sign-up a shopper sends for a
 * sold-out size, the one-time code a guest confirms it with, and the answers. One schema for the
 * product page's dialog and the server.
 */
import { z } from 'zod';
import { emailField, idField, mobileField, otpCodeField } from './common';

import { STOCK_ALERT_CHANNELS } from '../stock-alerts';

export {
  STOCK_ALERT_CHANNELS,
  STOCK_ALERT_CODE_TRIES,
  STOCK_ALERT_CODE_TTL_MS,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_VARIANT,
  STOCK_ALERT_WAITING,
  type StockAlertChannel,
} from '../stock-alerts';

/**
 * POST /api/stock-alerts. A signed-in shopper sends only `variantId` (and may ask for `channel`);
 * a guest sends an e-mail or a mobile number (not both), which a one-time code then confirms.
 */
export const stockAlertSignUpSchema = z
  .object({
    variantId: idField('size'),
    email: emailField.optional(),
    phone: mobileField.optional(),
    channel: z.enum(STOCK_ALERT_CHANNELS, { error: 'Channel must be whatsapp or email' }).optional(),
  })
  .refine((b) => !(b.email && b.phone), { message: 'Give an e-mail or a phone number, not both', path: ['phone'] });
export type StockAlertSignUp = z.infer<typeof stockAlertSignUpSchema>;

/** What the guest's dialog validates before sending: an e-mail or a mobile number. */
export const stockAlertContactSchema = z.object({
  contact: z
    .string({ error: 'Enter your e-mail or mobile number' })
    .trim()
    .min(1, 'Enter your e-mail or mobile number')
    .max(254, 'Enter a valid e-mail or 10-digit mobile number'),
});

/** POST /api/stock-alerts/{id}/confirm. */
export const stockAlertConfirmSchema = z.object({ code: otpCodeField });

/** An alert as the shopper sees it. */
export const stockAlertSchema = z.object({
  _id: z.string(),
  variantId: z.string(),
  channel: z.enum(STOCK_ALERT_CHANNELS),
  /** 'code_sent': a guest's sign-up waiting for its code; 'waiting': counted, in line for the next restock. */
  status: z.enum(['code_sent', 'waiting']),
  /** Where the code or the alert goes, partly hidden for a guest ("a•••@example.in", "•••••43210"). */
  to: z.string(),
  message: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** GET /api/stock-alerts/mine?productId=: the sizes of a product the signed-in shopper waits for. */
export const myStockAlertsQuerySchema = z.object({ productId: idField('product') });
export const myStockAlertsSchema = z.array(z.object({ _id: z.string(), variantId: z.string() }));

/** GET /api/admin/stock-alerts/waiting?productId=: shoppers waiting per size of a product. */
export const waitingAlertsQuerySchema = z.object({ productId: idField('product') });
export const waitingAlertsSchema = z.array(z.object({ variantId: z.string(), waiting: z.number().int() }));
