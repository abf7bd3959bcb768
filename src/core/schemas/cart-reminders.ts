/**
 * The API shapes of abandoned-cart reminders (docs/architecture.md#abandoned-carts): restoring a
 * reminded cart from its signed link (POST /api/cart/restore) and the dashboard's figures
 * (GET /api/admin/cart-reminders/summary).
 */
import { z } from 'zod';

/** The message of a link whose token does not match its reminder (400/403). */
export const CART_LINK_NOT_VALID = 'This link is not valid. Open your cart instead.';

/** POST /api/cart/restore's body: the reminder's id and the link's token, both from the link's path. */
export const cartRestoreBody = z.object({
  reminderId: z.guid({ error: CART_LINK_NOT_VALID }),
  token: z.string({ error: CART_LINK_NOT_VALID }).max(200, CART_LINK_NOT_VALID),
});

/** What restoring did: lines put back, what could not be (in words), and the coupon to use at checkout. */
export const cartRestoreResultSchema = z.object({
  restored: z.number().int(),
  problems: z.array(z.string()),
  couponCode: z.string().nullable(),
});
export type CartRestoreResult = z.infer<typeof cartRestoreResultSchema>;

/** The dashboard's figures over the last `days` days; `recoveredValue` (rupees) only with dashboard.revenue. */
export const cartReminderSummarySchema = z.object({
  days: z.number().int(),
  cartsReminded: z.number().int(),
  remindersSent: z.number().int(),
  ordersRecovered: z.number().int(),
  recoveredValue: z.number().optional(),
});
export type CartReminderSummaryAnswer = z.infer<typeof cartReminderSummarySchema>;
