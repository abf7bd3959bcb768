/**
 * Test helper: saves the shop settings with a WhatsApp template for each kind given (name
 * `rangmanch_<kind>`, language en), so stageWhatsApp stages them. Tests only.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS, type ShopSettingsData } from '../../../core/schemas/settings';
import type { WhatsAppKind, WhatsAppTemplate } from '../../../core/whatsapp';
import type { Database } from '../../db/client';
import { shopSettings } from '../../db/schema';
import { settingsToRow } from '../settings/service';

/** Writes the settings row with these templates (the other settings at their defaults or as saved). */
export async function setWhatsAppTemplates(db: Database, kinds: readonly WhatsAppKind[]): Promise<void> {
  const templates: Partial<Record<WhatsAppKind, WhatsAppTemplate>> = {};
  for (const kind of kinds) templates[kind] = { name: `rangmanch_${kind}`, language: 'en' };
  const values = settingsToRow(DEFAULT_SHOP_SETTINGS as ShopSettingsData, null);
  await db
    .insert(shopSettings)
    .values({ id: 1, ...values, whatsappTemplates: templates })
    .onConflictDoUpdate({ target: shopSettings.id, set: { whatsappTemplates: templates, updatedAt: sql`now()` } });
}
