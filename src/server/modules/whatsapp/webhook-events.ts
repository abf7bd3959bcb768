/**
 * What the shop does with a WhatsApp webhook (docs/architecture.md#whatsapp), after its signature is
 * verified: each event is handled once, by a key kept in whatsapp_webhook_events (a status:
 * `status:<wamid>:<status>`; a message: `message:<id>`), so Meta's retries and replays change nothing.
 * - `statuses[]` move a message's status forward only: queued → sent → delivered → read; `failed`
 *   only from queued or sent (a late failure never undoes a delivery).
 * - `messages[]`: a text of STOP or UNSUBSCRIBE (any case), or the opt-out button, puts the number on
 *   the STOP list and clears the offers consent of every account with that number (compared by its
 *   ten digits); any other button reply goes to the handler of its payload's prefix
 *   (integrations/whatsapp/buttons.ts). Other messages are ignored.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { users, whatsappMessages, whatsappOptOuts, whatsappWebhookEvents } from '../../db/schema';
import { dispatchWhatsAppButton, OPT_OUT_PAYLOAD } from '../../integrations/whatsapp/buttons';
import { whatsappNumber } from '../../integrations/whatsapp/outbox';

const text = z.string().max(4096);
const statusSchema = z.object({
  id: text,
  status: text,
  recipient_id: text.optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: text.optional(), message: text.optional() }).loose()).optional(),
});
const messageSchema = z
  .object({
    from: text,
    id: text,
    type: text,
    text: z.object({ body: text }).optional(),
    button: z.object({ payload: text.optional(), text: text.optional() }).optional(),
    interactive: z
      .object({ type: text.optional(), button_reply: z.object({ id: text, title: text.optional() }).optional() })
      .loose()
      .optional(),
  })
  .loose();

/** The part of Meta's webhook body the shop reads; anything else in it is left alone. */
export const webhookBodySchema = z
  .object({
    object: text,
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: text.optional(),
                    value: z
                      .object({
                        statuses: z.array(statusSchema).max(1000).optional(),
                        messages: z.array(messageSchema).max(1000).optional(),
                      })
                      .loose(),
                  })
                  .loose(),
              )
              .max(1000),
          })
          .loose(),
      )
      .max(1000),
  })
  .loose();
export type WhatsAppWebhookBody = z.infer<typeof webhookBodySchema>;

/** The statuses a status may move to, by what it is now (forward only). */
type Status = (typeof whatsappMessages.$inferSelect)['status'];
const BEFORE: Record<string, readonly Status[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

/** Records an event's key; false when it was already there (a replay). */
async function firstTime(db: Database, key: string): Promise<boolean> {
  const rows = await db.insert(whatsappWebhookEvents).values({ key }).onConflictDoNothing().returning({ key: whatsappWebhookEvents.key });
  return rows.length > 0;
}

/** True for a text that asks to stop offers: STOP or UNSUBSCRIBE in any case. */
export const isStopText = (body: string) => /^\s*(stop|unsubscribe)\s*[.!]?\s*$/i.test(body);

/**
 * Puts the number on the STOP list and clears the offers consent of the accounts with that number
 * (by its last ten digits, however it was typed). `phone` is as Meta sends it (919845012345).
 */
export async function optOut(db: Database, phone: string): Promise<void> {
  const number = whatsappNumber(phone) ?? phone.replace(/\D/g, '');
  const ten = number.slice(-10);
  await db.transaction(async (tx) => {
    await tx.insert(whatsappOptOuts).values({ phone: number }).onConflictDoNothing();
    await tx
      .update(users)
      .set({ whatsappOffers: false })
      .where(and(eq(users.whatsappOffers, true), sql`right(regexp_replace(${users.phone}, '\\D', '', 'g'), 10) = ${ten}`));
  });
}

/** Counts of what one webhook did, for the log and tests. */
export interface WebhookOutcome {
  statuses: number;
  optOuts: number;
  buttons: number;
  duplicates: number;
}

/**
 * Applies one verified webhook body. A button handler's error propagates after its key is removed
 * again, so Meta's retry runs it once more; everything else is done or safely skipped.
 */
export async function applyWhatsAppWebhook(app: FastifyInstance, body: WhatsAppWebhookBody): Promise<WebhookOutcome> {
  const db = app.db;
  const outcome: WebhookOutcome = { statuses: 0, optOuts: 0, buttons: 0, duplicates: 0 };
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      for (const status of change.value.statuses ?? []) {
        const before = BEFORE[status.status];
        if (!before) continue;
        if (!(await firstTime(db, `status:${status.id}:${status.status}`))) {
          outcome.duplicates++;
          continue;
        }
        const error = status.errors?.[0];
        const moved = await db
          .update(whatsappMessages)
          .set({
            status: status.status as Status,
            statusAt: sql`now()`,
            ...(status.status === 'failed'
              ? { lastError: `${error?.code ? `(#${error.code}) ` : ''}${error?.title ?? error?.message ?? 'Failed'}`.slice(0, 500) }
              : {}),
          })
          .where(and(eq(whatsappMessages.providerMessageId, status.id), inArray(whatsappMessages.status, [...before])))
          .returning({ id: whatsappMessages.id });
        outcome.statuses += moved.length;
      }
      for (const message of change.value.messages ?? []) {
        const payload =
          message.type === 'button'
            ? message.button?.payload
            : message.type === 'interactive'
              ? message.interactive?.button_reply?.id
              : undefined;
        const stop = (message.type === 'text' && isStopText(message.text?.body ?? '')) || payload === OPT_OUT_PAYLOAD;
        if (!stop && !payload) continue;
        const key = `message:${message.id}`;
        if (!(await firstTime(db, key))) {
          outcome.duplicates++;
          continue;
        }
        if (stop) {
          await optOut(db, message.from);
          outcome.optOuts++;
          continue;
        }
        try {
          if (await dispatchWhatsAppButton({ payload: payload!, from: whatsappNumber(message.from) ?? message.from, app }))
            outcome.buttons++;
          else app.log.info({ payload }, 'WhatsApp button reply with no handler for its prefix');
        } catch (err) {
          await db.delete(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.key, key));
          throw err;
        }
      }
    }
  }
  return outcome;
}
