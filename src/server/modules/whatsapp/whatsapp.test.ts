import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { users, whatsappMessages, whatsappOptOuts } from '../../db/schema';
import { registerWhatsAppButton } from '../../integrations/whatsapp/buttons';
import { createCloudApiClient } from '../../integrations/whatsapp/cloud-api-client';
import { backoffMs, createWhatsAppSender, MAX_ATTEMPTS, stageWhatsApp, type SendOutcome } from '../../integrations/whatsapp/outbox';
import { signWhatsAppWebhook, verifyWhatsAppSignature } from '../../integrations/whatsapp/signature';
import { inboundWebhook, startWhatsAppStandIn, webhookBody } from '../../integrations/whatsapp/stand-in';
import { setWhatsAppTemplates } from './test-templates';

// WhatsApp (docs/architecture.md#whatsapp): the Cloud API client against Meta's documented format,
// the stand-in answering the same, the outbox's retries, and the webhook (signature, replays,
// forward-only statuses, STOP, button replies).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setWhatsAppTemplates(t.db, ['order_placed', 'shipped', 'cart_reminder', 'cod_confirmation']);
  t.app.settings.forget();
});
afterAll(() => t.close());

/** A local server standing for graph.facebook.com: records each request and answers `respond`'s. */
async function graphServer(respond: (req: IncomingMessage, body: string) => { status: number; body: unknown }) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(raw || 'null') });
      const answer = respond(req, raw);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message = {
  to: '919845012345',
  templateName: 'rangmanch_cod_confirmation',
  language: 'en',
  components: [
    { type: 'body', parameters: [{ type: 'text', text: 'Asha' }] },
    { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'cod:confirm:1' }] },
  ],
};

describe('Cloud API client', () => {
  it('posts the documented template message with the Bearer token and keeps the answered wamid', async () => {
    const graph = await graphServer(() => ({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '919845012345', wa_id: '919845012345' }],
        messages: [{ id: 'wamid.HBgLOTE5ODQ1MDEyMzQ1' }],
      },
    }));
    const send = createCloudApiClient({
      apiBase: graph.baseUrl,
      apiVersion: 'v21.0',
      phoneNumberId: '106540352242922',
      token: 'EAAG-token',
    });
    expect(await send(message)).toEqual({ ok: true, wamid: 'wamid.HBgLOTE5ODQ1MDEyMzQ1' });
    const [req] = graph.seen;
    expect(req).toMatchObject({ method: 'POST', url: '/v21.0/106540352242922/messages' });
    expect(req.headers.authorization).toBe('Bearer EAAG-token');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845012345',
      type: 'template',
      template: { name: 'rangmanch_cod_confirmation', language: { code: 'en' }, components: message.components },
    });
    await graph.close();
  });

  it('retries 429, 5xx, throttling codes and network errors; a template error is final and never names the token', async () => {
    const answers = [
      { status: 429, body: { error: { message: 'Too many', code: 130429 } } },
      { status: 503, body: { error: { message: 'Service unavailable', code: 2 } } },
      { status: 400, body: { error: { message: '(#131056) Pair rate limit hit', code: 131056 } } },
      {
        status: 404,
        body: {
          error: {
            message: '(#132001) Template name does not exist in the translation',
            type: 'OAuthException',
            code: 132001,
            error_data: { messaging_product: 'whatsapp', details: 'template name (x) does not exist in en' },
            fbtrace_id: 'A1',
          },
        },
      },
    ];
    const graph = await graphServer(() => answers.shift()!);
    const send = createCloudApiClient({ apiBase: graph.baseUrl, apiVersion: 'v21.0', phoneNumberId: '1', token: 'SECRET-TOKEN' });
    const outcomes: SendOutcome[] = [];
    for (let i = 0; i < 4; i++) outcomes.push(await send(message));
    expect(outcomes.map((o) => !o.ok && o.retry)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toEqual({
      ok: false,
      retry: false,
      error: '(#132001) Template name does not exist in the translation: template name (x) does not exist in en',
    });
    await graph.close();
    const down = await send(message);
    expect(down).toMatchObject({ ok: false, retry: true });
    expect(JSON.stringify(outcomes.concat(down))).not.toContain('SECRET-TOKEN');
  });

  it('the stand-in answers the same requests as Meta: a wamid, or a Graph error for an unknown template or a wrong token', async () => {
    const statuses: string[] = [];
    const standIn = await startWhatsAppStandIn({
      token: 'stand-in-token',
      phoneNumberId: '100000000000001',
      appSecret: 'stand-in-secret',
      templates: async () => ({ cod_confirmation: { name: 'rangmanch_cod_confirmation', language: 'en' } }),
      statusDelayMs: 5,
      deliverWebhook: async (raw, signature) => {
        expect(verifyWhatsAppSignature(raw, signature, 'stand-in-secret')).toBe(true);
        statuses.push(
          ...(
            JSON.parse(raw) as { entry: { changes: { value: { statuses: { status: string }[] } }[] }[] }
          ).entry[0].changes[0].value.statuses.map((s) => s.status),
        );
      },
    });
    const client = (token: string) =>
      createCloudApiClient({ apiBase: standIn.baseUrl, apiVersion: 'v21.0', phoneNumberId: '100000000000001', token });
    const ok = await client('stand-in-token')(message);
    expect(ok).toMatchObject({ ok: true, wamid: expect.stringMatching(/^wamid\./) });
    await vi.waitFor(() => expect(statuses).toEqual(['sent', 'delivered']));
    expect(await client('stand-in-token')({ ...message, templateName: 'unknown' })).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringContaining('132001'),
    });
    expect(await client('stand-in-token')({ ...message, to: '+91 98450' })).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringContaining('131009'),
    });
    expect(await client('wrong')(message)).toMatchObject({ ok: false, retry: false, error: expect.stringContaining('(#190)') });
    await standIn.close();
  });
});

describe('outbox delivery', () => {
  const stage = () =>
    t.db.transaction((tx) => stageWhatsApp(tx, { kind: 'order_placed', to: '9845012345', params: ['Asha', 'A1', '₹699.00'] }));
  const rowOf = async (id: string) => (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)))[0];

  it('sends a staged message after the commit through the stand-in, then its webhooks mark it delivered', async () => {
    const staged = await stage();
    if (!staged.staged) throw new Error('not staged');
    await t.app.whatsapp.deliverDue();
    const sent = await rowOf(staged.id);
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    expect(['sent', 'delivered']).toContain(sent.status);
    await vi.waitFor(async () => expect((await rowOf(staged.id)).status).toBe('delivered'), { timeout: 5000 });
  });

  it('retries a temporary failure with backoff and gives a permanent one up as failed', async () => {
    await t.db.update(whatsappMessages).set({ status: 'failed' }).where(eq(whatsappMessages.status, 'queued'));
    const outcomes: SendOutcome[] = [
      { ok: false, retry: true, error: 'HTTP 503' },
      { ok: false, retry: false, error: '(#131026) Message undeliverable' },
    ];
    const sender = createWhatsAppSender(t.db, async () => outcomes.shift()!);
    const staged = await stage();
    if (!staged.staged) throw new Error('not staged');
    const started = Date.now();
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const waiting = await rowOf(staged.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'HTTP 503' });
    expect(waiting.nextAttemptAt.getTime() - started).toBeGreaterThanOrEqual(backoffMs(1) - 1000);
    // Not due yet: nothing is sent.
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await t.db
      .update(whatsappMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(whatsappMessages.id, staged.id));
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(staged.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: '(#131026) Message undeliverable' });
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it('gives up after the last attempt, and never sends one message twice when two instances deliver at once', async () => {
    let calls = 0;
    const sender = createWhatsAppSender(t.db, async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { ok: true, wamid: `wamid.twice-${calls}` };
    });
    const staged = await stage();
    if (!staged.staged) throw new Error('not staged');
    await Promise.all([sender.deliverDue(), sender.deliverDue()]);
    expect(calls).toBe(1);
    const failing = createWhatsAppSender(t.db, async () => ({ ok: false, retry: true, error: 'HTTP 500' }));
    const last = await stage();
    if (!last.staged) throw new Error('not staged');
    await t.db
      .update(whatsappMessages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(whatsappMessages.id, last.id));
    await failing.deliverDue();
    expect(await rowOf(last.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret (known vector)', () => {
    // HMAC-SHA256(key "secret", message "test"), the example of the algorithm Meta documents.
    expect(signWhatsAppWebhook('test', 'secret')).toBe('sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914');
    expect(verifyWhatsAppSignature('test', 'sha256=0329A06B62CD16B33EB6792BE8C60B158D89A2EE3A876FCE9A881EBB488C0914', 'secret')).toBe(true);
    expect(verifyWhatsAppSignature('test ', 'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914', 'secret')).toBe(
      false,
    );
    expect(verifyWhatsAppSignature('test', '0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914', 'secret')).toBe(false);
    expect(verifyWhatsAppSignature('test', 'sha256=zz', 'secret')).toBe(false);
    expect(verifyWhatsAppSignature('test', undefined, 'secret')).toBe(false);
    expect(verifyWhatsAppSignature('test', signWhatsAppWebhook('test', 'x'), '')).toBe(false);
  });
});

describe('webhook', () => {
  const secret = () => t.config.whatsapp.appSecret;
  const post = (raw: string, signature = signWhatsAppWebhook(raw, secret())) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      payload: raw,
    });
  const statusBody = (wamid: string, status: string) =>
    webhookBody(t.config.whatsapp.phoneNumberId, {
      statuses: [{ id: wamid, status, timestamp: '1700000000', recipient_id: '919845012345' }],
    });

  it('answers the verification handshake only with the verify token', async () => {
    const token = t.config.whatsapp.verifyToken;
    const ok = await t.app.inject({ url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/webhooks/whatsapp' })).statusCode).toBe(403);
  });

  it('refuses a body whose signature is missing or wrong (403) and a malformed signed body (400)', async () => {
    const raw = statusBody('wamid.x', 'sent');
    expect((await post(raw, 'sha256=' + '0'.repeat(64))).statusCode).toBe(403);
    expect((await post(raw, signWhatsAppWebhook(raw, 'another secret'))).statusCode).toBe(403);
    expect((await post('{not json')).statusCode).toBe(400);
    expect((await post('{"object":"whatsapp_business_account","entry":"x"}')).statusCode).toBe(400);
  });

  it('moves a status forward only and drops a replay', async () => {
    const [row] = await t.db
      .insert(whatsappMessages)
      .values({
        to: '919845012345',
        kind: 'shipped',
        templateName: 'rangmanch_shipped',
        language: 'en',
        status: 'sent',
        providerMessageId: 'wamid.forward',
      })
      .returning();
    expect((await post(statusBody('wamid.forward', 'read'))).json()).toEqual({ status: 'ok' });
    expect((await post(statusBody('wamid.forward', 'read'))).json()).toEqual({ status: 'duplicate' });
    await post(statusBody('wamid.forward', 'delivered'));
    await post(statusBody('wamid.forward', 'failed'));
    const [after] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
    expect(after.status).toBe('read');
  });

  it('STOP puts the number on the list and clears the offers consent of its accounts; offers are then refused', async () => {
    const { user } = await createUser(t.app, t.db, { phone: '9811122233', whatsappUpdates: true, whatsappOffers: true });
    const { body } = inboundWebhook(t.config.whatsapp.phoneNumberId, { from: '919811122233', text: ' Stop ' });
    expect((await post(body)).json()).toEqual({ status: 'ok' });
    expect(await t.db.select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, '919811122233'))).toHaveLength(1);
    const [account] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ whatsappOffers: false, whatsappUpdates: true });
    expect(await stageWhatsApp(t.db, { kind: 'cart_reminder', to: '9811122233', params: [] })).toEqual({
      staged: false,
      reason: 'opted_out',
    });
    expect((await post(body)).json()).toEqual({ status: 'duplicate' });
  });

  it('hands a button reply (template button or interactive reply) to the handler of its prefix, once', async () => {
    const seen: string[] = [];
    registerWhatsAppButton('wa-test', ({ payload, from }) => void seen.push(`${payload} from ${from}`));
    const button = inboundWebhook(t.config.whatsapp.phoneNumberId, {
      from: '919845012345',
      button: { payload: 'wa-test:confirm:42', text: 'Confirm order' },
    });
    await post(button.body);
    await post(button.body);
    const interactive = webhookBody(t.config.whatsapp.phoneNumberId, {
      messages: [
        {
          from: '919845012345',
          id: 'wamid.interactive1',
          timestamp: '1',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'wa-test:cancel:42', title: 'Cancel' } },
        },
      ],
    });
    await post(interactive);
    expect(seen).toEqual(['wa-test:confirm:42 from 919845012345', 'wa-test:cancel:42 from 919845012345']);
  });
});
