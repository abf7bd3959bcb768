/**
 * The API shapes of Cash on Delivery confirmation (docs/architecture.md#cod-confirmation): the signed
 * link's page (GET /api/cod-links/{id}/{action}?token=) and its action (POST with the token).
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';

/** The message of a link whose token does not match its order and action (403). */
export const COD_LINK_INVALID = 'This link is not valid. Please open your order from the shop to confirm or cancel it.';

/** The path of a link: the order and what the link does. A malformed id is 404 'Order not found'. */
export const codLinkParams = z.object({
  id: z.guid({ error: 'Order not found' }),
  action: z.enum(['confirm', 'cancel'], { error: 'Order not found' }),
});

const token = z.string({ error: COD_LINK_INVALID }).max(200, COD_LINK_INVALID);

/** GET's query: the link's token. */
export const codLinkQuery = z.object({ token });
/** POST's body: the link's token. */
export const codLinkBody = z.object({ token });

/** What the link's page shows of its order (rupees). */
export const codLinkOrderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  action: z.enum(['confirm', 'cancel']),
  status: z.enum(ORDER_STATUSES),
  codConfirmation: z.enum(['awaiting', 'confirmed', 'held']).nullable(),
  until: z.string().nullable().describe('ISO time the shopper has to confirm by, while awaiting'),
  total: z.number(),
  items: z.array(z.object({ title: z.string(), variantName: z.string(), quantity: z.number() })),
});
export type CodLinkOrder = z.infer<typeof codLinkOrderSchema>;

/** POST's answer: what happened, in words, and the order now. */
export const codLinkResultSchema = z.object({ message: z.string(), order: codLinkOrderSchema });
export type CodLinkResult = z.infer<typeof codLinkResultSchema>;
