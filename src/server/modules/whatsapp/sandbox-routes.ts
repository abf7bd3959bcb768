/**
 * The /whatsapp-sandbox page's JSON (docs/architecture.md#whatsapp), mounted with the stand-in only
 * (no Cloud API credentials, never in production), kept out of the API document:
 * - GET  /whatsapp-sandbox/api/messages: the messages sent, newest first, per number: template name,
 *   the text as the shopper reads it (sample-templates.ts), status, quick-reply buttons; and the
 *   shopper's replies sent from the page.
 * - POST /whatsapp-sandbox/api/reply `{ from, text }` or `{ from, button: { payload, text, contextId } }`:
 *   sends the shop's webhook the signed message Meta would send (the real webhook path).
 */
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import { z } from 'zod';
import { WHATSAPP_KINDS, type WhatsAppKind } from '../../../core/whatsapp';
import { whatsappMessages } from '../../db/schema';
import type { TemplateComponent } from '../../integrations/whatsapp/outbox';
import { whatsappNumber } from '../../integrations/whatsapp/outbox';
import { signWhatsAppWebhook } from '../../integrations/whatsapp/signature';
import { inboundWebhook, type InboundAction } from '../../integrations/whatsapp/stand-in';
import { postOwnWebhook } from './own-webhook';
import { fillTemplate, SAMPLE_TEMPLATES } from './sample-templates';

const HIDDEN = { hide: true } as FastifySchema;

const replyBody = z.union([
  z.object({ from: z.string().max(20), text: z.string().trim().min(1).max(1000) }),
  z.object({
    from: z.string().max(20),
    button: z.object({ payload: z.string().min(1).max(256), text: z.string().max(100), contextId: z.string().max(200).optional() }),
  }),
]);

/** One message as the page shows it. */
export interface SandboxMessage {
  id: string;
  wamid: string | null;
  kind: string;
  templateName: string;
  language: string;
  text: string;
  params: string[];
  buttons: { label: string; payload: string }[];
  status: string;
  lastError: string | null;
  at: string;
}

/** A reply sent from the page. */
export interface SandboxReply {
  from: string;
  text: string;
  at: string;
  answer: string;
}

export const whatsappSandboxRoutes: FastifyPluginAsync = async (app) => {
  const replies: SandboxReply[] = [];

  app.get('/messages', { schema: HIDDEN }, async () => {
    const rows = await app.db.select().from(whatsappMessages).orderBy(desc(whatsappMessages.createdAt)).limit(300);
    const byNumber = new Map<string, { number: string; messages: SandboxMessage[]; replies: SandboxReply[] }>();
    for (const row of rows) {
      const components = row.components as TemplateComponent[];
      const params = components.flatMap((c) => (c.type === 'body' ? c.parameters.map((p) => p.text) : []));
      const kind = (WHATSAPP_KINDS as readonly string[]).includes(row.kind) ? (row.kind as WhatsAppKind) : null;
      const sample = kind ? SAMPLE_TEMPLATES[kind] : undefined;
      const text =
        (sample && fillTemplate(sample.body, params)) ?? [row.templateName, ...params.map((p, i) => `{{${i + 1}}} ${p}`)].join('\n');
      const buttons = components.flatMap((c) =>
        c.type === 'button' && c.sub_type === 'quick_reply'
          ? [{ label: sample?.buttons?.[Number(c.index)] ?? c.parameters[0].payload, payload: c.parameters[0].payload }]
          : [],
      );
      const thread = byNumber.get(row.to) ?? { number: row.to, messages: [], replies: [] };
      thread.messages.push({
        id: row.id,
        wamid: row.providerMessageId,
        kind: row.kind,
        templateName: row.templateName,
        language: row.language,
        text,
        params,
        buttons,
        status: row.status,
        lastError: row.lastError,
        at: row.createdAt.toISOString(),
      });
      byNumber.set(row.to, thread);
    }
    for (const reply of replies) byNumber.get(reply.from)?.replies.push(reply);
    return { numbers: [...byNumber.values()] };
  });

  app.post('/reply', { schema: HIDDEN }, async (request, reply) => {
    const parsed = replyBody.safeParse(request.body);
    const from = parsed.success ? whatsappNumber(parsed.data.from) : null;
    if (!parsed.success || !from) return reply.status(400).send({ message: 'A number and a text or a button are required' });
    const data = parsed.data;
    const action: InboundAction = 'text' in data ? { from, text: data.text } : { from, button: data.button };
    const shown = 'text' in data ? data.text : data.button.text;
    const { body } = inboundWebhook(app.config.whatsapp.phoneNumberId, action);
    const answer = await postOwnWebhook(app, body, signWhatsAppWebhook(body, app.config.whatsapp.appSecret));
    replies.unshift({ from, text: shown, at: new Date().toISOString(), answer: answer.status });
    replies.splice(200);
    return { status: answer.status };
  });
};
