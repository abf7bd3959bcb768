/**
 * The Confirm and Cancel quick replies of the 'cod_confirmation' WhatsApp message
 * (docs/architecture.md#cod-confirmation): payload `cod:<confirm|cancel>:<orderId>:<token>`, the token
 * of links.ts for that order and action. A reply with a wrong token, from a number that is not the
 * order's, or for an unknown order is logged and ignored; a confirm of a cancelled order, or a cancel
 * after shipping, is logged (the shopper's page and mail say what happened). Registered with the
 * button registry (integrations/whatsapp/buttons.ts) when the routes load.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { AppError, isUuid } from '../../errors';
import { registerWhatsAppButton, type WhatsAppButtonReply } from '../../integrations/whatsapp/buttons';
import { whatsappNumber } from '../../integrations/whatsapp/outbox';
import { refundDeps } from '../refunds/routes';
import { verifyCodLinkToken, type CodLinkAction } from './links';
import { confirmCodOrder, declineCodOrder } from './service';

/** The parts of a `cod:` payload, or null when it is not one. */
export function parseCodPayload(payload: string): { action: CodLinkAction; orderId: string; token: string } | null {
  const [prefix, action, orderId, token, ...rest] = payload.split(':');
  if (prefix !== 'cod' || rest.length > 0 || (action !== 'confirm' && action !== 'cancel') || !isUuid(orderId) || !token) return null;
  return { action, orderId, token };
}

/** Handles one Confirm or Cancel reply (see the module docstring); true when it confirmed or cancelled. */
export async function handleCodReply({ payload, from, app }: WhatsAppButtonReply): Promise<boolean> {
  const parsed = parseCodPayload(payload);
  if (!parsed || !verifyCodLinkToken(app.config.jwtSecret, parsed.orderId, parsed.action, parsed.token)) {
    app.log.warn({ from }, 'COD confirmation reply with a wrong payload ignored');
    return false;
  }
  const [order] = await app.db.select({ userId: orders.userId, phone: orders.phone }).from(orders).where(eq(orders.id, parsed.orderId));
  if (!order || whatsappNumber(order.phone) !== from) {
    app.log.warn({ from, orderId: parsed.orderId }, "COD confirmation reply not from the order's number ignored");
    return false;
  }
  try {
    if (parsed.action === 'confirm') await confirmCodOrder(refundDeps(app), parsed.orderId, { actor: 'shopper', actorId: order.userId });
    else await declineCodOrder(refundDeps(app), parsed.orderId, order.userId);
    return true;
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    app.log.info({ orderId: parsed.orderId, action: parsed.action, message: err.message }, 'COD confirmation reply refused');
    return false;
  }
}

/** The registered handler: one per process (the registry refuses another for the prefix); the app comes with each reply. */
const codButtonHandler = async (reply: WhatsAppButtonReply) => {
  await handleCodReply(reply);
};

/** Registers the `cod` prefix with the button registry (again for another app in the same process: the same handler). */
export function registerCodButtons(): void {
  registerWhatsAppButton('cod', codButtonHandler);
}
