/**
 * WhatsApp consent on an account (docs/architecture.md#whatsapp): "order updates" (service
 * messages) and "offers" (marketing), each given or taken back at checkout or on the profile.
 * Ticking offers again is a new, explicit consent: the number leaves the STOP list.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, whatsappOptOuts } from '../../db/schema';
import { whatsappNumber } from '../../integrations/whatsapp/outbox';

/**
 * Saves the consents given (an absent one stays as it is). `phone` is the number the offers go to
 * (the account's or the order's); with offers ticked it is taken off the STOP list.
 */
export async function saveWhatsAppConsent(
  db: Tx,
  userId: string,
  consent: { whatsappUpdates?: boolean; whatsappOffers?: boolean },
  phone?: string,
): Promise<void> {
  const set: { whatsappUpdates?: boolean; whatsappOffers?: boolean } = {};
  if (consent.whatsappUpdates !== undefined) set.whatsappUpdates = consent.whatsappUpdates;
  if (consent.whatsappOffers !== undefined) set.whatsappOffers = consent.whatsappOffers;
  if (Object.keys(set).length === 0) return;
  await db.update(users).set(set).where(eq(users.id, userId));
  const number = phone ? whatsappNumber(phone) : null;
  if (consent.whatsappOffers && number) await db.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, number));
}
